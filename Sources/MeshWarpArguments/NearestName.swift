/// The "did you mean" of usage errors: the known name nearest to a typo.
package enum NearestName {
  /// The candidate nearest to `typed` by optimal-string-alignment distance
  /// (Levenshtein with adjacent transpositions, so `mseh` is one edit from
  /// `mesh`; Damerau 1964), ignoring leading dashes; nil when even the
  /// nearest needs more than a third of the longer name's letters changed
  /// (at least one, at most three edits) or two candidates tie. Names
  /// under three letters (`-o`) are never guessed at.
  package static func suggestion(for typed: String, among candidates: [String]) -> String? {
    let word = Array(typed.drop(while: { $0 == "-" }).lowercased())
    guard word.count >= 3 else { return nil }
    var best: (name: String, distance: Int)? = nil
    var tie = false
    for candidate in candidates {
      let other = Array(candidate.drop(while: { $0 == "-" }).lowercased())
      guard other.count >= 3 else { continue }
      let d = distance(word, other)
      guard d <= min(3, max(1, max(word.count, other.count) / 3)) else { continue }
      if let b = best, b.distance <= d {
        if b.distance == d && b.name != candidate { tie = true }
        continue
      }
      best = (candidate, d)
      tie = false
    }
    return tie ? nil : best?.name
  }

  /// Edits (insert, delete, substitute, swap two neighbours) from `a` to `b`.
  static func distance(_ a: [Character], _ b: [Character]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
      current[0] = i
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
        if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
          d = min(d, previous2[j - 2] + 1)
        }
        current[j] = d
      }
      (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
  }

  /// `; did you mean 'warp'?`, or nothing.
  package static func hint(for typed: String, among candidates: [String]) -> String {
    suggestion(for: typed, among: candidates).map { "; did you mean '\($0)'?" } ?? ""
  }
}

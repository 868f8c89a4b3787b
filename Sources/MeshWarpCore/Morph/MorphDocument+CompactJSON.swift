import Foundation

extension MorphDocument {
  /// The morph JSON (the form ``MorphDocument``'s `Codable` conformance
  /// reads) written for people: `"columns"` and `"rows"`, then `"a"` and
  /// `"b"` with one grid row of points a line, `"faces"` unless they are
  /// the grid's cells, `"smooth"` when set and the easings when not linear.
  /// Numbers are the shortest text that reads back to the same `Double`.
  /// `meshwarp mesh morph-grid` writes it.
  ///
  /// - Returns: the text, ending in a newline.
  package func compactJSON() -> String {
    let columns = grid?.columns ?? max(1, a.count)
    func points(_ list: [CGPoint]) -> String { CompactJSONText.points(list, columns: columns) }
    func curve(_ c: TimingCurve) -> String {
      (try? JSONEncoder().encode(c)).map { String(decoding: $0, as: UTF8.self) } ?? "\"linear\""
    }
    var lines: [String] = []
    if let grid { lines += ["  \"columns\": \(grid.columns)", "  \"rows\": \(grid.rows)"] }
    lines.append("  \"a\": " + points(a))
    lines.append("  \"b\": " + points(b))
    if mesh(from: a, to: a).gridOfCells == nil {
      let list = faces.map { "[" + $0.indices.map(String.init).joined(separator: ", ") + "]" }
      lines.append("  \"faces\": [\n    " + list.joined(separator: ",\n    ") + "\n  ]")
    }
    if smooth { lines.append("  \"smooth\": true") }
    if warpEasing != .linear { lines.append("  \"warpEasing\": " + curve(warpEasing)) }
    if dissolveEasing != .linear { lines.append("  \"dissolveEasing\": " + curve(dissolveEasing)) }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}

import Foundation

/// A face of a ``MorphDocument`` that folds part way: its quad in the
/// intermediate points m(t) crosses itself, collapses, or turns over.
public struct MorphFold: Hashable, Sendable {
  /// The face's index in ``MorphDocument/faces``.
  public var face: Int
  /// The first progress (0…1) at which it folds, found on a sampled grid
  /// of t and refined by bisection (to about 1e-9).
  public var t: Double

  /// A fold of `face` from progress `t` on.
  public init(face: Int, t: Double) {
    self.face = face
    self.t = t
  }
}

extension MorphDocument {
  /// Each face that folds at some progress t, with the first t it folds
  /// at; empty when none does.
  ///
  /// A face folds at t when its quad in m(t) crosses itself, has no area,
  /// or winds the other way than in ``a`` (it has turned over). A concave
  /// quad is not a fold (a mesh allows it, with a warning). The quads are
  /// the coarse faces even for a ``smooth`` document. Since m(t) moves
  /// continuously, t is sampled at `samples` evenly spaced values from 0
  /// to 1 (the easing's overshoot included), then the first change is
  /// refined by bisection. A face whose indices are out of range or whose
  /// points are not finite is skipped (``validate()`` reports it).
  ///
  /// - Parameter samples: values of t tried, at least 2 (0 and 1).
  /// - Complexity: O(samples × faces).
  public func folds(samples: Int = 65) -> [MorphFold] {
    let count = max(samples, 2)
    var found: [MorphFold] = []
    for (index, face) in faces.enumerated() {
      let ids = face.indices
      guard ids.allSatisfy({ $0 >= 0 && $0 < a.count && $0 < b.count }) else { continue }
      let pa = ids.map { Vector2(a[$0]) }
      let pb = ids.map { Vector2(b[$0]) }
      guard (pa + pb).allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else { continue }
      let start = Quad(pa[0], pa[1], pa[2], pa[3]).signedArea
      func folded(_ t: Double) -> Bool {
        let w = warpEasing(t)
        let p = (0..<4).map { w == 0 ? pa[$0] : w == 1 ? pb[$0] : pa[$0] * (1 - w) + pb[$0] * w }
        let quad = Quad(p[0], p[1], p[2], p[3])
        switch QuadShape(quad) {
        case .selfCrossing, .degenerate: return true
        case .convex, .concave: return quad.signedArea * start < 0
        }
      }
      guard let first = (0..<count).first(where: { folded(Double($0) / Double(count - 1)) })
      else { continue }
      var high = Double(first) / Double(count - 1)
      if first > 0 {
        var low = Double(first - 1) / Double(count - 1)
        while high - low > 1e-10 {
          let mid = (low + high) / 2
          if folded(mid) { high = mid } else { low = mid }
        }
      }
      found.append(MorphFold(face: index, t: high))
    }
    return found
  }

  /// Checks the document: the structure first (as many points in ``b`` as
  /// in ``a``, faces, finite points, faces in range with four distinct
  /// corners in perimeter order in each picture, a grid that matches the
  /// points, a grid for ``smooth``, usable easings), then the faces over
  /// t (``folds(samples:)``).
  ///
  /// - Throws: ``MorphError``; a fold names the face and its first t.
  public func validate() throws(MorphError) {
    guard a.count == b.count else { throw .pointCounts(a: a.count, b: b.count) }
    guard !a.isEmpty else { throw .empty("the morph has no points") }
    guard !faces.isEmpty else { throw .empty("the morph has no faces") }
    if let grid {
      guard grid.columns >= 2, grid.rows >= 2,
        grid.columns.multipliedReportingOverflow(by: grid.rows) == (a.count, false)
      else { throw .grid(columns: grid.columns, rows: grid.rows, points: a.count) }
    }
    for (name, curve) in [("warpEasing", warpEasing), ("dissolveEasing", dissolveEasing)] {
      if let problem = curve.problem { throw .easing(name: name, problem: problem) }
    }
    for (side, points) in [("a", a), ("b", b)] {
      let mesh = self.mesh(from: points, to: points)
      if let issue = mesh.validationErrors.first { throw .points(side: side, issue: issue) }
    }
    if smooth, mesh(from: a, to: a).gridOfCells == nil { throw .smoothNeedsGrid }
    let found = folds()
    if !found.isEmpty { throw .folds(found) }
  }
}

/// Why a ``MorphDocument`` cannot be used (``MorphDocument/validate()``).
public enum MorphError: Error, Hashable, Sendable, CustomStringConvertible {
  /// `"a"` and `"b"` hold different numbers of points.
  case pointCounts(a: Int, b: Int)
  /// No points or no faces (the message says which).
  case empty(String)
  /// The grid shape does not fit the point count.
  case grid(columns: Int, rows: Int, points: Int)
  /// An easing with unusable control values.
  case easing(name: String, problem: String)
  /// A structural error in one picture's points (`side` is `"a"` or
  /// `"b"`): a face out of range, a repeated corner, a bowtie, no area, a
  /// non-finite point.
  case points(side: String, issue: MeshIssue)
  /// `"smooth": true` without a grid whose faces are its cells.
  case smoothNeedsGrid
  /// Faces that fold part way, each with the first t it folds at.
  case folds([MorphFold])

  public var description: String {
    switch self {
    case .pointCounts(let a, let b):
      "\"b\" has \(plural(b, "point")) but \"a\" has \(a); each feature needs a point in both pictures"
    case .empty(let message): message
    case .grid(let columns, let rows, let points):
      // A file may name any grid: the product must not trap.
      "a \(columns)×\(rows) grid has "
        + (columns.multipliedReportingOverflow(by: rows).overflow
          ? "more points than can be counted" : "\(columns * rows) points")
        + ", but the morph has \(points)"
    case .easing(let name, let problem): "\"\(name)\": \(problem)"
    case .points(let side, let issue):
      "picture \(side.uppercased())'s points (\"\(side)\"): \(issue)"
    case .smoothNeedsGrid:
      "\"smooth\": true needs a grid (\"columns\" × \"rows\" points, row-major, with the grid's cells as faces)"
    case .folds(let folds):
      "the morph folds part way: "
        + folds.prefix(8).map { "face \($0.face) at t = \(Self.format($0.t))" }.joined(
          separator: ", ")
        + (folds.count > 8 ? " and \(folds.count - 8) more" : "")
        + " (the face's quad in the intermediate points crosses itself, collapses or turns over); move its points in \"a\" or \"b\" so that it keeps its shape on the way"
    }
  }

  /// `0.5`, `0.2503`: t to four decimals, trailing zeros dropped.
  package static func format(_ t: Double) -> String {
    var text = String(format: "%.4f", t)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}

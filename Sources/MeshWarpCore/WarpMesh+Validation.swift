extension WarpMesh {
  /// Every problem in the mesh, errors and warnings, in face order.
  ///
  /// Checks: an empty mesh; per vertex, non-finite or absurd (beyond
  /// ±``absurdCoordinate``) coordinates; coordinates that look like pixels
  /// (a warning); per face,
  /// indices out of range (with a hint when they look 1-based), a repeated index, a bowtie order of the original
  /// quad (the original MeshWarpEffect package's rule 1), an original quad without area, and a warped quad
  /// that is concave, folded or collapsed (its rule 4, a warning). A face
  /// with an index problem is not checked further.
  ///
  /// Complexity: O(vertices + faces).
  public func validate() -> [MeshIssue] {
    var issues: [MeshIssue] = []
    if pointPairs.isEmpty {
      issues.append(
        MeshIssue(
          severity: .error, rule: .emptyMesh, face: nil, vertices: [],
          message: "the mesh has no point pairs"))
    }
    if faces.isEmpty {
      issues.append(
        MeshIssue(
          severity: .error, rule: .emptyMesh, face: nil, vertices: [],
          message: "the mesh has no faces"))
    }
    var finite = [Bool](repeating: true, count: pointPairs.count)
    for (i, pair) in pointPairs.enumerated() {
      let values = [pair.from.x, pair.from.y, pair.to.x, pair.to.y]
      if !values.allSatisfy(\.isFinite) {
        finite[i] = false
        issues.append(
          MeshIssue(
            severity: .error, rule: .nonFiniteCoordinate, face: nil, vertices: [i],
            message:
              "point pair \(i) has a non-finite coordinate (from \(pair.from.x), \(pair.from.y); to \(pair.to.x), \(pair.to.y))"
          ))
      } else if let worst = values.max(by: { abs($0) < abs($1) }),
        abs(worst) > Self.absurdCoordinate
      {
        finite[i] = false
        issues.append(
          MeshIssue(
            severity: .error, rule: .absurdCoordinate, face: nil, vertices: [i],
            message:
              "point pair \(i) has coordinate \(worst), beyond ±\(Int(Self.absurdCoordinate)) (from \(pair.from.x), \(pair.from.y); to \(pair.to.x), \(pair.to.y))"
          ))
      }
    }
    if let pixels = pixelLikeIssue(finite: finite) { issues.append(pixels) }
    // Indices running from 1 to the point count, none 0: written 1-based,
    // as in OBJ files or MATLAB; the out-of-range errors say so.
    let all = faces.lazy.flatMap(\.indices)
    let oneBased =
      !faces.isEmpty && all.min() == 1 && all.max() == pointPairs.count
      ? "; face indices are 0-based (these run from 1 to \(pointPairs.count): subtract 1 from each)"
      : ""
    for (faceIndex, face) in faces.enumerated() {
      let ids = face.indices
      /// Records a problem of this face, naming its four indices.
      func report(_ severity: MeshIssue.Severity, _ rule: MeshIssue.Rule, _ message: String) {
        issues.append(
          MeshIssue(
            severity: severity, rule: rule, face: faceIndex, vertices: ids, message: message))
      }
      let bad = ids.filter { $0 < 0 || $0 >= pointPairs.count }
      if !bad.isEmpty {
        let names = ["i0", "i1", "i2", "i3"]
        let which = ids.enumerated().filter { bad.contains($0.element) }
          .map { "\(names[$0.offset]) = \($0.element)" }.joined(separator: ", ")
        report(
          .error, .indexOutOfRange,
          "\(which) out of range: the mesh has \(pointPairs.count) point pairs (valid indices 0...\(pointPairs.count - 1))"
            + oneBased
        )
        continue
      }
      if Set(ids).count < 4 {
        let repeated = Dictionary(grouping: ids, by: { $0 }).filter { $0.value.count > 1 }.keys
          .sorted()
        report(
          .error, .repeatedIndex,
          "vertex \(repeated.map(String.init).joined(separator: ", ")) appears more than once; a face needs four distinct corners"
        )
        continue
      }
      guard ids.allSatisfy({ finite[$0] }) else { continue }

      let original = originalQuad(faceIndex)
      let originalShape = QuadShape(original)
      if originalShape == .selfCrossing {
        report(
          .error, .perimeterOrder,
          "the original quad's edges cross (a bowtie): list the corners in perimeter order, e.g. (\(ids[0]), \(ids[1]), \(ids[3]), \(ids[2])) or (\(ids[0]), \(ids[2]), \(ids[1]), \(ids[3]))"
        )
        continue
      }
      if originalShape == .degenerate {
        report(.error, .zeroArea, "the original quad has zero area")
        continue
      }
      let warpedShape = QuadShape(warpedQuad(faceIndex))
      let problem: String? =
        switch warpedShape {
        case .convex: nil
        case .concave: "the warped quad is concave"
        case .selfCrossing: "the warped quad folds over itself (its edges cross)"
        case .degenerate: "the warped quad has collapsed to zero area and renders nothing"
        }
      if let problem {
        report(
          .warning, .convexWarpedQuad,
          problem + "; the mapping is ambiguous there and the face may show artifacts")
      }
    }
    if let columnMajor = columnMajorIssue() { issues.append(columnMajor) }
    return issues
  }

  /// A warning when a grid's faces fold as its points are read (row by
  /// row, the first row along the top) but none would were the same lists
  /// read column by column: the points were written column-major. (On a
  /// square grid such lists read as the transposed grid, which folds
  /// nothing: that mistake shows as a picture mirrored about its
  /// diagonal, which no check can tell from a wanted one.)
  func columnMajorIssue() -> MeshIssue? {
    guard let grid, grid.columns * grid.rows == pointPairs.count,
      faces.count == (grid.columns - 1) * (grid.rows - 1)
    else { return nil }
    let (columns, rows) = (grid.columns, grid.rows)
    func shapes(_ point: (Int, Int) -> Vector2) -> [QuadShape] {
      (0..<(rows - 1)).flatMap { r in
        (0..<(columns - 1)).map { c in
          QuadShape(
            Quad(point(c, r), point(c + 1, r), point(c + 1, r + 1), point(c, r + 1)))
        }
      }
    }
    func folds(_ shapes: [QuadShape]) -> Int { shapes.filter { $0 != .convex }.count }
    let from = pointPairs.map { Vector2($0.from) }
    let to = pointPairs.map { Vector2($0.to) }
    let rowMajor =
      folds(shapes { to[$1 * columns + $0] }) + folds(shapes { from[$1 * columns + $0] })
    guard rowMajor > 0 else { return nil }
    // `to` alone (the grid shorthand makes `from` row-major itself), or
    // both lists, read column by column.
    let toFolds = folds(shapes { to[$0 * rows + $1] })
    let fromFolds = folds(shapes { from[$0 * rows + $1] })
    let fromRowMajor = folds(shapes { from[$1 * columns + $0] })
    guard toFolds == 0 && (fromFolds == 0 || fromRowMajor == 0) else { return nil }
    return MeshIssue(
      severity: .warning, rule: .columnMajorGrid, face: nil, vertices: [],
      message:
        "points are row-major: the first row is points 0...\(columns - 1) along the top, then the next row; these \(pointPairs.count) points make a valid grid read column by column, so they look column-major: list them row by row"
    )
  }

  /// The largest coordinate magnitude ``validate()`` accepts (10⁶: a
  /// million times the content; anything larger is a mistake, and 1e308
  /// would overflow the renderer's arithmetic).
  public static let absurdCoordinate = 1e6

  /// A warning when the coordinates look like pixels: the largest is at
  /// least 16 (sixteen times the content) and none is below −1.
  func pixelLikeIssue(finite: [Bool]) -> MeshIssue? {
    var largest = 0.0
    var smallest = 0.0
    var culprits: [Int] = []
    for (i, p) in pointPairs.enumerated() where finite[i] {
      let values = [p.from.x, p.from.y, p.to.x, p.to.y].map { Double($0) }
      largest = max(largest, values.max()!)
      smallest = min(smallest, values.min()!)
      if values.max()! > 2 && culprits.count < 4 { culprits.append(i) }
    }
    guard largest >= 16, smallest >= -1 else { return nil }
    return MeshIssue(
      severity: .warning, rule: .looksLikePixels, face: nil, vertices: culprits,
      message:
        "coordinates reach \(largest): they look like pixels, but mesh points are normalized (0…1); write \"units\": \"pixels\" with \"width\" and \"height\", or divide by the content size"
    )
  }

  /// The errors among ``validate()``'s findings.
  public var validationErrors: [MeshIssue] { validate().filter { $0.severity == .error } }
}

/// The shape class of a quad in perimeter order.
enum QuadShape: Equatable {
  case convex
  case concave
  case selfCrossing
  case degenerate

  /// Classifies by the turn at each corner and by edge crossings; "zero" is
  /// relative to the quad's size squared (1e-12, derived from Double's
  /// precision with room for coordinates that are themselves rounded).
  init(_ q: Quad) {
    let p = q.corners
    let (lo, hi) = q.bounds
    let size = max(hi.x - lo.x, hi.y - lo.y)
    let eps = 1e-12 * size * size
    guard size > 0, abs(q.signedArea) > eps || Self.crosses(p) else {
      self = .degenerate
      return
    }
    if Self.crosses(p) {
      self = .selfCrossing
      return
    }
    var positive = false
    var negative = false
    for i in 0..<4 {
      let turn = cross(p[i] - p[(i + 3) % 4], p[(i + 1) % 4] - p[i])
      if turn > eps { positive = true }
      if turn < -eps { negative = true }
    }
    self = positive && negative ? .concave : .convex
  }

  /// Whether opposite edges (0-1 with 2-3, or 1-2 with 3-0) properly cross.
  static func crosses(_ p: [Vector2]) -> Bool {
    segmentsCross(p[0], p[1], p[2], p[3]) || segmentsCross(p[1], p[2], p[3], p[0])
  }

  static func segmentsCross(_ a: Vector2, _ b: Vector2, _ c: Vector2, _ d: Vector2) -> Bool {
    let o1 = cross(b - a, c - a)
    let o2 = cross(b - a, d - a)
    let o3 = cross(d - c, a - c)
    let o4 = cross(d - c, b - c)
    return o1 * o2 < 0 && o3 * o4 < 0
  }
}

import Foundation

/// The morph JSON:
/// `{"columns": 5, "rows": 5, "a": [[x,y],…], "b": [[x,y],…]}`, or with
/// `"faces": [[i0,i1,i2,i3],…]` for any topology (`"columns"` and `"rows"`
/// then only name the grid); optional `"smooth": true`, and
/// `"warpEasing"` and `"dissolveEasing"` spelt as a keyframe's `"easing"`
/// (`"linear"`, `"easeIn"`, `"easeOut"`, `"easeInOut"`, CSS's names, or
/// `{"cubicBezier": [x1, y1, x2, y2]}`; `"linear"` when absent).
///
/// With `"columns"` and `"rows"` and no `"faces"`, the faces are the grid's
/// cells (as ``WarpMesh/identity(columns:rows:)``), a missing `"a"` is the
/// evenly spaced grid and a missing `"b"` equals `"a"`. Coordinates are
/// normalized, each list to its own picture. Other keys are ignored.
/// Decoding checks the form; ``MorphDocument/validate()`` checks the rest.
extension MorphDocument: Codable {
  private enum CodingKeys: String, CodingKey {
    case columns, rows, a, b, faces, smooth, warpEasing, dissolveEasing
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let columns = try container.decodeIfPresent(Int.self, forKey: .columns)
    let rows = try container.decodeIfPresent(Int.self, forKey: .rows)
    var identity: MorphDocument?
    if !container.contains(.faces) {
      guard let columns, let rows else {
        throw DecodingError.keyNotFound(
          CodingKeys.faces,
          DecodingError.Context(
            codingPath: container.codingPath,
            debugDescription:
              "no \"faces\" and no \"columns\"/\"rows\": a morph needs a grid or faces over its points"
          ))
      }
      guard (2...4096).contains(columns), (2...4096).contains(rows),
        columns * rows <= WarpMesh.maximumPointCount
      else {
        throw DecodingError.dataCorruptedError(
          forKey: .columns, in: container,
          debugDescription:
            "a grid needs 2...4096 columns and rows and at most \(WarpMesh.maximumPointCount) points; got \(columns)×\(rows)"
        )
      }
      identity = .identity(columns: columns, rows: rows)
    }
    func points(_ key: CodingKeys) throws -> [CGPoint]? {
      guard container.contains(key) else { return nil }
      let lists = try container.decode([[Double]].self, forKey: key)
      guard lists.count <= WarpMesh.maximumPointCount else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\"\(key.stringValue)\" has \(lists.count) points, more than the limit of \(WarpMesh.maximumPointCount)"
        )
      }
      for (i, p) in lists.enumerated() where p.count != 2 {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\"\(key.stringValue)\"[\(i)] has \(plural(p.count, "number")), expected [x, y]")
      }
      if let identity, lists.count != identity.a.count {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\"\(key.stringValue)\" has \(plural(lists.count, "point")); a \(columns!)×\(rows!) grid has \(identity.a.count)"
        )
      }
      return lists.map { CGPoint(x: $0[0], y: $0[1]) }
    }
    guard let a = try points(.a) ?? identity?.a else {
      throw DecodingError.keyNotFound(
        CodingKeys.a,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "no \"a\": the features' points in picture A"))
    }
    guard let b = try points(.b) ?? (identity == nil ? nil : a) else {
      throw DecodingError.keyNotFound(
        CodingKeys.b,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription: "no \"b\": the same features' points in picture B"))
    }
    guard a.count == b.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .b, in: container,
        debugDescription: "\"b\" has \(plural(b.count, "point")) but \"a\" has \(a.count)")
    }
    var faces = identity?.faces ?? []
    var grid = identity?.grid
    if identity == nil {
      let lists = try container.decode([[Int]].self, forKey: .faces)
      for (i, f) in lists.enumerated() where f.count != 4 {
        throw DecodingError.dataCorruptedError(
          forKey: .faces, in: container,
          debugDescription: "\"faces\"[\(i)] has \(plural(f.count, "index", "indices")), expected 4"
        )
      }
      faces = lists.map { MeshFace(i0: $0[0], i1: $0[1], i2: $0[2], i3: $0[3]) }
      if let columns, let rows {
        grid = WarpMesh.GridShape(columns: columns, rows: rows)
      }
    }
    self.init(
      a: a, b: b, faces: faces, grid: grid,
      smooth: try container.decodeIfPresent(Bool.self, forKey: .smooth) ?? false,
      warpEasing: try container.decodeIfPresent(TimingCurve.self, forKey: .warpEasing) ?? .linear,
      dissolveEasing: try container.decodeIfPresent(TimingCurve.self, forKey: .dissolveEasing)
        ?? .linear)
  }

  /// Writes `"columns"` and `"rows"` for a grid, `"faces"` unless they are
  /// the grid's cells, `"smooth"` only when set and the easings only when
  /// not linear.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    if let grid {
      try container.encode(grid.columns, forKey: .columns)
      try container.encode(grid.rows, forKey: .rows)
    }
    try container.encode(a.map { [Double($0.x), Double($0.y)] }, forKey: .a)
    try container.encode(b.map { [Double($0.x), Double($0.y)] }, forKey: .b)
    if mesh(from: a, to: a).gridOfCells == nil {
      try container.encode(faces.map(\.indices), forKey: .faces)
    }
    if smooth { try container.encode(true, forKey: .smooth) }
    if warpEasing != .linear { try container.encode(warpEasing, forKey: .warpEasing) }
    if dissolveEasing != .linear { try container.encode(dissolveEasing, forKey: .dissolveEasing) }
  }
}

import Foundation

/// The mesh JSON of DESIGN.md:
/// `{"from": [[x,y],…], "to": [[x,y],…], "faces": [[i0,i1,i2,i3],…]}`.
/// `"columns"` and `"rows"` are written for grids and read when present;
/// other keys are ignored.
extension WarpMesh: Codable {
  private enum CodingKeys: String, CodingKey {
    case from, to, faces, columns, rows
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let from = try container.decode([[Double]].self, forKey: .from)
    let to = try container.decode([[Double]].self, forKey: .to)
    let faces = try container.decode([[Int]].self, forKey: .faces)
    guard from.count == to.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .to, in: container,
        debugDescription: "\"to\" has \(to.count) points but \"from\" has \(from.count)")
    }
    var pairs: [MeshPointPair] = []
    pairs.reserveCapacity(from.count)
    for (i, (f, t)) in zip(from, to).enumerated() {
      guard f.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .from, in: container,
          debugDescription: "\"from\"[\(i)] has \(f.count) numbers, expected [x, y]")
      }
      guard t.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .to, in: container,
          debugDescription: "\"to\"[\(i)] has \(t.count) numbers, expected [x, y]")
      }
      pairs.append(
        MeshPointPair(from: CGPoint(x: f[0], y: f[1]), to: CGPoint(x: t[0], y: t[1])))
    }
    var meshFaces: [MeshFace] = []
    meshFaces.reserveCapacity(faces.count)
    for (i, f) in faces.enumerated() {
      guard f.count == 4 else {
        throw DecodingError.dataCorruptedError(
          forKey: .faces, in: container,
          debugDescription: "\"faces\"[\(i)] has \(f.count) indices, expected 4")
      }
      meshFaces.append(MeshFace(i0: f[0], i1: f[1], i2: f[2], i3: f[3]))
    }
    var grid: GridShape? = nil
    if let columns = try container.decodeIfPresent(Int.self, forKey: .columns),
      let rows = try container.decodeIfPresent(Int.self, forKey: .rows),
      columns >= 2, rows >= 2, columns.multipliedReportingOverflow(by: rows) == (pairs.count, false)
    {
      grid = GridShape(columns: columns, rows: rows)
    }
    self.init(pointPairs: pairs, faces: meshFaces, grid: grid)
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pointPairs.map { [Double($0.from.x), Double($0.from.y)] }, forKey: .from)
    try container.encode(pointPairs.map { [Double($0.to.x), Double($0.to.y)] }, forKey: .to)
    try container.encode(faces.map(\.indices), forKey: .faces)
    if let grid {
      try container.encode(grid.columns, forKey: .columns)
      try container.encode(grid.rows, forKey: .rows)
    }
  }
}

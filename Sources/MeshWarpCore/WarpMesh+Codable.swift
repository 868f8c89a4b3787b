import Foundation

/// The mesh JSON:
/// `{"from": [[x,y],…], "to": [[x,y],…], "faces": [[i0,i1,i2,i3],…]}`.
/// `"columns"` and `"rows"` are written for grids and read when present;
/// `"smooth": true` sets ``WarpMesh/smooth`` (written only when set);
/// other keys are ignored.
///
/// Shorthand for grids: with `"columns"` and `"rows"` and no `"faces"`,
/// the faces are the grid's (as ``WarpMesh/identity(columns:rows:)``), a
/// missing `"from"` is the evenly spaced grid and a missing `"to"` equals
/// `"from"`: `{"columns": 4, "rows": 4}` is the identity grid and
/// `{"columns": 4, "rows": 4, "to": [...16 points]}` a warp of it.
///
/// Units: coordinates are normalized (0…1) unless `"units": "pixels"`; then
/// they are divided by the content size, from `"width"` and `"height"` in
/// the file or else from the decoder's ``Foundation/CodingUserInfoKey/meshContentSize``
/// (a `Vector2`); without either, decoding fails.
extension WarpMesh: Codable {
  private enum CodingKeys: String, CodingKey {
    case from, to, faces, columns, rows, units, width, height, smooth
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let scale = try Self.unitScale(container, decoder: decoder, key: .units)
    let columns = try container.decodeIfPresent(Int.self, forKey: .columns)
    let rows = try container.decodeIfPresent(Int.self, forKey: .rows)
    let shorthand = !container.contains(.faces) && columns != nil && rows != nil
    var gridPoints = 0
    if shorthand, let columns, let rows {
      guard columns >= 2, rows >= 2, columns <= 4096, rows <= 4096 else {
        throw DecodingError.dataCorruptedError(
          forKey: .columns, in: container,
          debugDescription: "a grid needs 2...4096 columns and rows; got \(columns)×\(rows)")
      }
      gridPoints = columns * rows
      guard gridPoints <= Self.maximumPointCount else {
        throw DecodingError.dataCorruptedError(
          forKey: .columns, in: container,
          debugDescription: Self.pointLimitMessage("a \(columns)×\(rows) grid", gridPoints))
      }
    }
    let identity = shorthand ? WarpMesh.identity(columns: columns!, rows: rows!) : nil
    func points(_ key: CodingKeys) throws -> [SIMD2<Double>]? {
      guard container.contains(key) else { return nil }
      // Pairs straight from the parsed numbers; only a malformed list takes
      // the element-by-element route, for its message.
      var raw: [SIMD2<Double>]
      if let pairs = try? container.decode([SIMD2<Double>].self, forKey: key) {
        raw = pairs
      } else {
        let lists = try container.decode([[Double]].self, forKey: key)
        for (i, p) in lists.enumerated() where p.count != 2 {
          throw DecodingError.dataCorruptedError(
            forKey: key, in: container,
            debugDescription:
              "\"\(key.stringValue)\"[\(i)] has \(plural(p.count, "number")), expected [x, y]")
        }
        raw = lists.map { SIMD2($0[0], $0[1]) }
      }
      guard raw.count <= Self.maximumPointCount else {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription: Self.pointLimitMessage("\"\(key.stringValue)\"", raw.count))
      }
      if shorthand && raw.count != gridPoints {
        throw DecodingError.dataCorruptedError(
          forKey: key, in: container,
          debugDescription:
            "\"\(key.stringValue)\" has \(plural(raw.count, "point")); a \(columns!)×\(rows!) grid has \(gridPoints)"
        )
      }
      if scale != Vector2(1, 1) {
        let s = SIMD2(scale.x, scale.y)
        for i in raw.indices { raw[i] /= s }
      }
      return raw
    }
    let gridFrom = identity?.pointPairs.map { SIMD2(Double($0.from.x), Double($0.from.y)) }
    guard let from = try points(.from) ?? gridFrom else {
      throw DecodingError.keyNotFound(
        CodingKeys.from,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription:
            "no \"from\": a mesh needs \"from\", \"to\" and \"faces\", or \"columns\" and \"rows\"")
      )
    }
    guard let to = try points(.to) ?? (shorthand ? from : nil) else {
      throw DecodingError.keyNotFound(
        CodingKeys.to,
        DecodingError.Context(
          codingPath: container.codingPath, debugDescription: "no \"to\" points"))
    }
    guard from.count == to.count else {
      throw DecodingError.dataCorruptedError(
        forKey: .to, in: container,
        debugDescription: "\"to\" has \(plural(to.count, "point")) but \"from\" has \(from.count)")
    }
    let pairs = zip(from, to).map {
      MeshPointPair(from: CGPoint(x: $0.x, y: $0.y), to: CGPoint(x: $1.x, y: $1.y))
    }
    let smooth = try container.decodeIfPresent(Bool.self, forKey: .smooth) ?? false
    if let identity {
      self.init(pointPairs: pairs, faces: identity.faces, grid: identity.grid)
      self.smooth = smooth
      return
    }
    if let quads = try? container.decode([SIMD4<Int>].self, forKey: .faces) {
      let meshFaces = quads.map { MeshFace(i0: $0[0], i1: $0[1], i2: $0[2], i3: $0[3]) }
      self.init(pointPairs: pairs, faces: meshFaces, grid: Self.grid(columns, rows, pairs.count))
      self.smooth = smooth
      return
    }
    guard let faces = try container.decodeIfPresent([[Int]].self, forKey: .faces) else {
      throw DecodingError.keyNotFound(
        CodingKeys.faces,
        DecodingError.Context(
          codingPath: container.codingPath,
          debugDescription:
            "no \"faces\" (and no \"columns\"/\"rows\"): a point set without faces is a WarpPointSet"
        ))
    }
    var meshFaces: [MeshFace] = []
    meshFaces.reserveCapacity(faces.count)
    for (i, f) in faces.enumerated() {
      guard f.count == 4 else {
        throw DecodingError.dataCorruptedError(
          forKey: .faces, in: container,
          debugDescription: "\"faces\"[\(i)] has \(plural(f.count, "index", "indices")), expected 4"
        )
      }
      meshFaces.append(MeshFace(i0: f[0], i1: f[1], i2: f[2], i3: f[3]))
    }
    self.init(pointPairs: pairs, faces: meshFaces, grid: Self.grid(columns, rows, pairs.count))
    self.smooth = smooth
  }

  /// The grid `"columns"` and `"rows"` declare, when they fit the points.
  private static func grid(_ columns: Int?, _ rows: Int?, _ points: Int) -> GridShape? {
    guard let columns, let rows, columns >= 2, rows >= 2,
      columns.multipliedReportingOverflow(by: rows) == (points, false)
    else { return nil }
    return GridShape(columns: columns, rows: rows)
  }

  /// The most point pairs a mesh file may hold, 2²¹ (a 1448 × 1448 grid):
  /// the one limit every command applies, and the largest `meshwarp mesh
  /// grid` writes. Its files stay under ``maximumFileBytes``.
  public static let maximumPointCount = 1 << 21

  /// The largest mesh file read, checked before parsing: 256 bytes for
  /// each of ``maximumPointCount`` points (512 MiB; a full-form grid takes
  /// at most 140 bytes a point: two pairs of 22-character numbers and a
  /// face of 7-digit indices, with their punctuation).
  public static let maximumFileBytes = maximumPointCount * 256

  /// `"to" has 3000000 points, more than the limit of 2097152 …`.
  static func pointLimitMessage(_ what: String, _ count: Int) -> String {
    "\(what) has \(count) points, more than the limit of \(maximumPointCount) (a 1448×1448 grid); a denser mesh costs memory without a visible difference"
  }

  /// The divisor of coordinates: (1, 1) for normalized units, the content
  /// size for `"units": "pixels"`.
  fileprivate static func unitScale<K: CodingKey>(
    _ container: KeyedDecodingContainer<K>, decoder: any Decoder, key units: K
  ) throws -> Vector2 {
    guard let name = try container.decodeIfPresent(String.self, forKey: units),
      name != "normalized", name != "uv"
    else {
      // Normalized points with "width" and "height": the size the mesh was
      // made for (an effect's mesh records it), reported for the aspect.
      let any = try decoder.container(keyedBy: AnyKey.self)
      if let w = try? any.decodeIfPresent(Double.self, forKey: AnyKey("width")),
        let h = try? any.decodeIfPresent(Double.self, forKey: AnyKey("height"))
      {
        (decoder.userInfo[.meshUnitsReport] as? MeshUnitsReport)?.madeFor = Vector2(w, h)
      }
      return Vector2(1, 1)
    }
    switch name {
    case "pixels", "px":
      let any = try decoder.container(keyedBy: AnyKey.self)
      let w = try any.decodeIfPresent(Double.self, forKey: AnyKey("width"))
      let h = try any.decodeIfPresent(Double.self, forKey: AnyKey("height"))
      let size: Vector2
      let report = decoder.userInfo[.meshUnitsReport] as? MeshUnitsReport
      if let w, let h {
        size = Vector2(w, h)
        report?.declaredSize = size
      } else if let given = decoder.userInfo[.meshContentSize] as? Vector2 {
        size = given
        report?.impliedSize = size
      } else {
        throw DecodingError.dataCorruptedError(
          forKey: units, in: container,
          debugDescription:
            "\"units\": \"pixels\" needs the content size: \"width\" and \"height\" in the file")
      }
      guard size.x.isFinite, size.y.isFinite, size.x >= 1, size.y >= 1 else {
        throw DecodingError.dataCorruptedError(
          forKey: units, in: container,
          debugDescription: "the content size \(size.x)×\(size.y) must be at least 1×1 pixels")
      }
      return size
    default:
      throw DecodingError.dataCorruptedError(
        forKey: units, in: container,
        debugDescription: "\"units\" must be \"normalized\" or \"pixels\"; got \"\(name)\"")
    }
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
    if smooth { try container.encode(true, forKey: .smooth) }
  }
}

/// Any string key.
struct AnyKey: CodingKey {
  var stringValue: String
  var intValue: Int? { nil }
  init(_ s: String) { stringValue = s }
  init?(stringValue: String) { self.stringValue = stringValue }
  init?(intValue: Int) { nil }
}

extension CodingUserInfoKey {
  /// The content size in pixels (a `Vector2`) for mesh and point-set JSON
  /// written with `"units": "pixels"` and no `"width"`/`"height"`.
  public static let meshContentSize = CodingUserInfoKey(rawValue: "meshwarp.contentSize")!
  /// A ``MeshUnitsReport`` that decoding a mesh or point set fills in with
  /// the size its pixel coordinates were divided by.
  public static let meshUnitsReport = CodingUserInfoKey(rawValue: "meshwarp.unitsReport")!
}

/// What decoding learnt of a file's `"units": "pixels"`: the size its
/// coordinates were divided by, from the file or from the caller; both nil
/// for a normalized file. Pass one as `userInfo[.meshUnitsReport]`.
public final class MeshUnitsReport: @unchecked Sendable {
  /// The file's `"width"` and `"height"`, in pixels.
  public var declaredSize: Vector2?
  /// The caller's `userInfo[.meshContentSize]`, used for lack of them.
  public var impliedSize: Vector2?
  /// A normalized mesh's `"width"` and `"height"`: the picture size it
  /// was made for (``MeshEffect/mesh(width:height:tolerance:)`` records
  /// it), which does not scale its points.
  public var madeFor: Vector2?

  public init() {}

  /// The pixel size the coordinates were divided by, if they were pixels.
  public var pixelSize: Vector2? { declaredSize ?? impliedSize }
}

/// A few point pairs without faces, warped by a thin-plate spline
/// (``WarpMesh/thinPlateSpline(pairs:outputSize:contentSize:pinCorners:tolerance:)``).
///
/// JSON: `{"from": [[x,y],…], "to": [[x,y],…]}` or
/// `{"pairs": [{"from": [x,y], "to": [x,y]}, …]}`, with optional
/// `"pinCorners": false` and the mesh JSON's `"units"` (see ``WarpMesh``'s
/// `Codable` conformance). No `"faces"`, `"columns"` or `"rows"`.
public struct WarpPointSet: Hashable, Sendable, Codable {
  /// The pairs, normalized.
  public var pairs: [MeshPointPair]
  /// Pin the four corners to themselves (default `true`).
  public var pinCorners: Bool

  public init(pairs: [MeshPointPair], pinCorners: Bool = true) {
    self.pairs = pairs
    self.pinCorners = pinCorners
  }

  /// The fine mesh that renders this point set (see
  /// ``WarpMesh/thinPlateSpline(pairs:outputSize:contentSize:pinCorners:tolerance:)``).
  public func mesh(outputSize: Vector2, contentSize: Vector2? = nil, tolerance: Double = 0.1)
    throws(WarpMeshError) -> WarpMesh
  {
    try WarpMesh.thinPlateSpline(
      pairs: pairs, outputSize: outputSize, contentSize: contentSize, pinCorners: pinCorners,
      tolerance: tolerance)
  }

  private enum CodingKeys: String, CodingKey {
    case from, to, pairs, pinCorners, units, faces, columns, rows
  }

  private struct Pair: Codable {
    var from: [Double]
    var to: [Double]
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    for key in [CodingKeys.faces, .columns, .rows] where container.contains(key) {
      throw DecodingError.dataCorruptedError(
        forKey: key, in: container,
        debugDescription: "a point set has no \"\(key.stringValue)\" (that is a mesh)")
    }
    let scale = try WarpMesh.unitScale(container, decoder: decoder, key: .units)
    let raw: [([Double], [Double])]
    if let pairs = try container.decodeIfPresent([Pair].self, forKey: .pairs) {
      raw = pairs.map { ($0.from, $0.to) }
    } else {
      let from = try container.decode([[Double]].self, forKey: .from)
      let to = try container.decode([[Double]].self, forKey: .to)
      guard from.count == to.count else {
        throw DecodingError.dataCorruptedError(
          forKey: .to, in: container,
          debugDescription: "\"to\" has \(plural(to.count, "point")) but \"from\" has \(from.count)"
        )
      }
      raw = Array(zip(from, to))
    }
    var pairs: [MeshPointPair] = []
    for (i, (f, t)) in raw.enumerated() {
      guard f.count == 2, t.count == 2 else {
        throw DecodingError.dataCorruptedError(
          forKey: .from, in: container, debugDescription: "point pair \(i) is not [x, y] → [x, y]")
      }
      pairs.append(
        MeshPointPair(
          from: CGPoint(x: f[0] / scale.x, y: f[1] / scale.y),
          to: CGPoint(x: t[0] / scale.x, y: t[1] / scale.y)))
    }
    self.pairs = pairs
    pinCorners = try container.decodeIfPresent(Bool.self, forKey: .pinCorners) ?? true
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pairs.map { [Double($0.from.x), Double($0.from.y)] }, forKey: .from)
    try container.encode(pairs.map { [Double($0.to.x), Double($0.to.y)] }, forKey: .to)
    if !pinCorners { try container.encode(false, forKey: .pinCorners) }
  }
}

/// A warp description: a mesh (with faces, or a grid shorthand) or a point
/// set, told apart by the keys present (`"faces"`, `"columns"`/`"rows"`
/// make a mesh).
public enum WarpDescription: Hashable, Sendable, Decodable {
  case mesh(WarpMesh)
  case points(WarpPointSet)

  private enum CodingKeys: String, CodingKey { case faces, columns, rows }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if container.contains(.faces) || container.contains(.columns) || container.contains(.rows) {
      self = .mesh(try WarpMesh(from: decoder))
    } else {
      self = .points(try WarpPointSet(from: decoder))
    }
  }
}

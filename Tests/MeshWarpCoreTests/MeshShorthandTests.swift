import Foundation
import MeshWarpCore
import Testing

/// Meshes people can write: grid shorthand, pixel units, point sets, and
/// the validation of coordinates.
@Suite struct MeshShorthandTests {
  func decode<T: Decodable>(_ json: String, as: T.Type = WarpMesh.self, size: Vector2? = nil)
    throws -> T
  {
    let decoder = JSONDecoder()
    if let size { decoder.userInfo[.meshContentSize] = size }
    return try decoder.decode(T.self, from: Data(json.utf8))
  }

  @Test func columnsAndRowsAloneAreTheIdentityGrid() throws {
    let mesh = try decode(#"{"columns": 4, "rows": 3}"#)
    #expect(mesh == WarpMesh.identity(columns: 4, rows: 3))
  }

  @Test func toAloneImpliesFromAndFaces() throws {
    var expected = WarpMesh.identity(columns: 2, rows: 2)
    expected[column: 1, row: 1] = CGPoint(x: 0.9, y: 0.8)
    let mesh = try decode(#"{"columns": 2, "rows": 2, "to": [[0,0],[1,0],[0,1],[0.9,0.8]]}"#)
    #expect(mesh == expected)
    #expect(throws: DecodingError.self) {
      try decode(#"{"columns": 2, "rows": 2, "to": [[0,0],[1,0],[0,1]]}"#)
    }
  }

  @Test func pixelUnits() throws {
    let mesh = try decode(
      #"{"columns": 2, "rows": 2, "units": "pixels", "width": 200, "height": 100, "to": [[0,0],[200,0],[0,100],[180,80]]}"#
    )
    #expect(mesh.pointPairs[3].to == CGPoint(x: 0.9, y: 0.8))
    #expect(mesh.pointPairs[3].from == CGPoint(x: 1, y: 1))
    let given = try decode(
      #"{"from": [[0,0],[200,0],[200,100],[0,100]], "to": [[0,0],[200,0],[200,100],[0,100]], "faces": [[0,1,2,3]], "units": "pixels"}"#,
      size: Vector2(200, 100))
    #expect(given.isIdentity && given.pointPairs[2].to == CGPoint(x: 1, y: 1))
    #expect(throws: DecodingError.self) {
      try decode(#"{"columns": 2, "rows": 2, "units": "pixels"}"#)
    }
  }

  @Test func pointSets() throws {
    let a = try decode(
      #"{"from": [[0.5,0.5]], "to": [[0.6,0.5]], "pinCorners": false}"#, as: WarpPointSet.self)
    #expect(a.pairs == [MeshPointPair(from: CGPoint(x: 0.5, y: 0.5), to: CGPoint(x: 0.6, y: 0.5))])
    #expect(!a.pinCorners)
    let b = try decode(
      #"{"pairs": [{"from": [0.5,0.5], "to": [0.6,0.5]}]}"#, as: WarpDescription.self)
    #expect(b == .points(WarpPointSet(pairs: a.pairs, pinCorners: true)))
    let c = try decode(#"{"columns": 3, "rows": 3}"#, as: WarpDescription.self)
    #expect(c == .mesh(.identity(columns: 3, rows: 3)))
    #expect(throws: DecodingError.self) {
      try decode(#"{"from": [[0,0]], "to": [[0,0]], "faces": []}"#, as: WarpPointSet.self)
    }
  }

  @Test func absurdCoordinateIsAnErrorNamingTheVertex() throws {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)
    mesh.pointPairs[4].to = CGPoint(x: 1e308, y: 0.5)
    let errors = mesh.validationErrors
    #expect(errors.map(\.rule) == [.absurdCoordinate])
    #expect(errors.first?.vertices == [4])
    #expect(errors.first?.description.contains("vertex 4") == true)
  }

  @Test func pixelLikeCoordinatesWarn() throws {
    let mesh = try decode(
      #"{"columns": 2, "rows": 2, "from": [[0,0],[640,0],[0,480],[640,480]], "to": [[0,0],[640,0],[0,480],[600,450]]}"#
    )
    let issues = mesh.validate()
    #expect(issues.contains { $0.rule == .looksLikePixels && $0.severity == .warning })
    #expect(
      !WarpMesh.identity(columns: 3, rows: 3).validate().contains { $0.rule == .looksLikePixels })
  }

  /// Grid points written column by column fold the faces row-major
  /// reading makes; the warning says how the list is read.
  @Test func columnMajorPointsGetAHint() throws {
    // A 3 × 2 grid: the `to` points of its columns, top then bottom.
    let columnMajor = try decode(
      #"{"columns": 3, "rows": 2, "to": [[0,0],[0,1],[0.5,0],[0.55,1],[1,0],[1,1]]}"#)
    let issues = columnMajor.validate()
    let hint = issues.first { $0.rule == .columnMajorGrid }
    #expect(hint?.severity == .warning)
    #expect(hint?.message.contains("row-major: the first row is points 0...2") == true)
    let rowMajor = try decode(
      #"{"columns": 3, "rows": 2, "to": [[0,0],[0.5,0],[1,0],[0,1],[0.55,1],[1,1]]}"#)
    #expect(!rowMajor.validate().contains { $0.rule == .columnMajorGrid })
    // Both lists column-major, 4 × 3.
    var transposed = WarpMesh.identity(columns: 4, rows: 3)
    let identity = transposed.pointPairs
    for c in 0..<4 {
      for r in 0..<3 { transposed.pointPairs[c * 3 + r] = identity[r * 4 + c] }
    }
    #expect(transposed.validate().contains { $0.rule == .columnMajorGrid })
    // A mesh that folds for another reason gets no such hint.
    var folded = WarpMesh.identity(columns: 4, rows: 3)
    folded.pointPairs[5].to = CGPoint(x: 0.9, y: 0.9)
    #expect(!folded.validate().contains { $0.rule == .columnMajorGrid })
  }

  @Test func edgePolicyNames() throws {
    #expect(EdgePolicy(rawValue: "clamp") == .unwarped)
    #expect(try decode(#""clamp""#, as: EdgePolicy.self) == .unwarped)
    #expect(EdgePolicy.allCases.map(\.rawValue) == ["transparent", "unwarped", "origin", "color"])
    #expect(AddressMode.repeat.texelIndex(-1, size: 4) == 3)
    #expect(AddressMode.mirrorRepeat.texelIndex(-1, size: 4) == 0)
    #expect(AddressMode.mirrorRepeat.texelIndex(5, size: 4) == 2)
    #expect(AddressMode.clampToZero.texelIndex(4, size: 4) == nil)
    #expect(AddressMode.clampToEdge.texelIndex(9, size: 4) == 3)
  }
}

import Foundation
import Testing

@testable import MeshWarpCore

/// The packed layout of ShaderMeshData (version 1), field by field.
@Suite struct ShaderMeshDataTests {
  @Test func headerDescribesTheArray() {
    let mesh = WarpMesh.identity(columns: 4, rows: 3)
    let data = ShaderMeshData.pack(mesh, edges: .unwarped)
    func field(_ f: ShaderMeshData.Field) -> Int { Int(data[f.rawValue]) }
    let grid = MeshMapping(mesh: mesh).warped.grid
    #expect(data[0] == 5_068_627)
    #expect(field(.version) == 1)
    #expect(field(.headerCount) == 16)
    #expect(field(.faceCount) == 6)
    #expect(field(.floatsPerFace) == 24)
    #expect(field(.edgePolicy) == 1)
    #expect(field(.gridColumns) == grid.columns && field(.gridRows) == grid.rows)
    #expect(field(.facesOffset) == 16)
    #expect(field(.cellStartOffset) == 16 + 24 * 6)
    #expect(field(.triangleIndicesOffset) == 16 + 24 * 6 + grid.columns * grid.rows + 1)
    #expect(field(.totalCount) == data.count)
    #expect(data.count == field(.triangleIndicesOffset) + grid.triangleIndices.count)
    // The spatial index is MeshMapping's, as floats.
    let starts = data[field(.cellStartOffset)..<field(.triangleIndicesOffset)].map { Int32($0) }
    #expect(starts == grid.cellStart)
    #expect(data[field(.triangleIndicesOffset)...].map { Int32($0) } == grid.triangleIndices)
  }

  @Test func facesHoldCornersAndInverseTerms() {
    var mesh = WarpMesh.identity(columns: 2, rows: 2)
    mesh[column: 1, row: 1] = CGPoint(x: 0.8, y: 0.75)
    let data = ShaderMeshData.pack(mesh)
    let face = Array(data[16..<40])
    let to = mesh.warpedQuad(0)
    let from = mesh.originalQuad(0)
    let inverter = QuadInverter(to)
    let expected = [
      to.a.x, to.a.y, to.b.x, to.b.y, to.c.x, to.c.y, to.d.x, to.d.y,
      from.a.x, from.a.y, from.b.x, from.b.y, from.c.x, from.c.y, from.d.x, from.d.y,
      inverter.e.x, inverter.e.y, inverter.f.x, inverter.f.y, inverter.g.x, inverter.g.y,
      inverter.k2, inverter.crossEF,
    ].map(Float.init)
    #expect(face == expected)
    #expect(face[22] != 0, "g × f is non-zero for a non-parallelogram")
  }

  @Test func unrenderableFacesAreLeftOutInOrder() {
    var mesh = WarpMesh.identity(columns: 3, rows: 2)
    mesh.faces.insert(MeshFace(i0: 0, i1: 1, i2: 99, i3: 3), at: 0)
    let data = ShaderMeshData.pack(mesh)
    #expect(data[ShaderMeshData.Field.faceCount.rawValue] == 2)
    #expect(data[16 + 8] == Float(mesh.pointPairs[mesh.faces[1].i0].from.x))
  }

  @Test func emptyMeshPacksAValidHeaderWithNoFaces() {
    let data = ShaderMeshData.pack(WarpMesh(pointPairs: [], faces: []), edges: .origin)
    #expect(data[0] == ShaderMeshData.magic)
    #expect(data[ShaderMeshData.Field.faceCount.rawValue] == 0)
    #expect(data[ShaderMeshData.Field.edgePolicy.rawValue] == 2)
    #expect(Int(data[ShaderMeshData.Field.totalCount.rawValue]) == data.count)
  }

  @Test func policyCodesAreStable() {
    #expect(EdgePolicy.allCases.map { ShaderMeshData.code(for: $0) } == [0, 1, 2, 3])
    #expect(AddressMode.allCases.map { ShaderMeshData.code(for: $0) } == [0, 1, 2, 3])
  }
}

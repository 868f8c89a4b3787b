import Foundation
import MeshWarpCore
import Testing

@Suite struct MeshCodableTests {
  @Test func roundTrip() throws {
    var mesh = WarpMesh.identity(columns: 3, rows: 2)
    mesh[column: 1, row: 0] = CGPoint(x: 0.4, y: 0.1)
    let data = try JSONEncoder().encode(mesh)
    let back = try JSONDecoder().decode(WarpMesh.self, from: data)
    #expect(back == mesh)
    #expect(back.grid == WarpMesh.GridShape(columns: 3, rows: 2))
  }

  @Test func readsDesignFormatAndIgnoresExtraKeys() throws {
    let json = """
      {"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[0.8,0.75],[0,1]],
       "faces": [[0,1,2,3]], "comment": "seed README card"}
      """
    let mesh = try JSONDecoder().decode(WarpMesh.self, from: Data(json.utf8))
    #expect(mesh.pointPairs.count == 4 && mesh.faces == [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    #expect(mesh.pointPairs[2].to == CGPoint(x: 0.8, y: 0.75))
    #expect(mesh.grid == nil)
  }

  @Test func badShapesAreErrors() {
    let cases = [
      #"{"from": [[0,0]], "to": [], "faces": []}"#,
      #"{"from": [[0,0,1]], "to": [[0,0]], "faces": []}"#,
      #"{"from": [[0,0]], "to": [[0,0]], "faces": [[0,0,0]]}"#,
      #"{"from": [[0,0]], "faces": []}"#,
    ]
    for json in cases {
      #expect(throws: DecodingError.self) {
        try JSONDecoder().decode(WarpMesh.self, from: Data(json.utf8))
      }
    }
  }
}

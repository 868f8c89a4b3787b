import Foundation
import MeshWarpCore
import MeshWarpFiles
import Testing
import _TestSupport

@testable import MeshWarpFiles

/// Dense meshes: packed rows of numbers decode as before, errors inside
/// them keep their place, and one point limit applies before the points
/// are built. (The memory a dense mesh takes is measured on the built tool,
/// `CommandLineHabitTests.denseMeshMemoryFollowsTheFile`.)
@Suite struct DenseMeshLoadingTests {
  /// A grid mesh's JSON, as `meshwarp mesh grid` writes it, with the "to"
  /// points moved off the integers.
  static func gridJSON(columns: Int, rows: Int) throws -> [UInt8] {
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    for i in mesh.pointPairs.indices { mesh.pointPairs[i].to.x += 0.001 * Double(i % 7) }
    return Array(try JSONEncoder().encode(mesh))
  }

  /// The packed route gives what Foundation's decoder gives, and errors
  /// inside the packed numbers keep their line and column.
  @Test func packedNumbersDecodeAsFoundationDoes() throws {
    let bytes = try Self.gridJSON(columns: 13, rows: 9)
    let ours = try JSONFile.decode(WarpMesh.self, from: bytes, source: "m.json")
    #expect(ours == (try JSONDecoder().decode(WarpMesh.self, from: Data(bytes))))
    let text = """
      {"from": [[0, 0], [1, 0], [1, 1], [0, 1]],
       "to": [[0, 0], [1, 0], [1, 1], [0, 1]],
       "faces": [[0, 1, 2, 3],
                 [0, 1, 2.5, 3]]}
      """
    do {
      _ = try JSONFile.decode(WarpMesh.self, from: Array(text.utf8), source: "m.json")
      Issue.record("a fractional index was accepted")
    } catch {
      #expect("\(error)" == "m.json:4:19: faces[1][2]: expected a whole number, found 2.5")
    }
    let ragged = "{\"from\": [[0, 0], [1, 0, 2]], \"to\": [[0, 0], [1, 0]], \"faces\": []}"
    do {
      _ = try JSONFile.decode(WarpMesh.self, from: Array(ragged.utf8), source: "m.json")
      Issue.record("a point of three numbers was accepted")
    } catch {
      #expect("\(error)".contains("\"from\"[1] has 3 numbers, expected [x, y]"), "\(error)")
    }
  }

  /// A grid shorthand above the point limit is refused from its
  /// "columns" and "rows", before any point is read or made.
  @Test func pointLimitIsCheckedFirst() {
    let text = #"{"columns": 2000, "rows": 2000, "to": []}"#
    do {
      _ = try JSONFile.decode(WarpMesh.self, from: Array(text.utf8), source: "m.json")
      Issue.record("a 2000×2000 grid was accepted")
    } catch {
      #expect(
        "\(error)".contains("a 2000×2000 grid has 4000000 points, more than the limit of 2097152"),
        "\(error)")
    }
  }
}

import Foundation
import MeshWarpCore

/// Runs Tests/Reference/warp_reference.py (Python 3 with numpy), the
/// independent per-pixel references of the warp tests: one JSON request on
/// its standard input, one JSON answer on its standard output.
public enum NumpyReference {
  /// The script's path, from this file's.
  static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Reference/warp_reference.py").path

  /// Whether the tests' Python imports numpy (tests that need the
  /// reference are `.enabled(if:)` this).
  public static let available: Bool = TestPython.imports("numpy")

  static func run(_ arguments: [String], input: Data) throws -> Data {
    let process = TestPython.process(arguments)
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Write and read on separate threads: either pipe may fill.
    let writer = Thread {
      stdin.fileHandleForWriting.write(input)
      try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(domain: "NumpyReference", code: Int(process.terminationStatus))
    }
    return output
  }

  /// Sends `request` (its `"kind"` picks the reference) and returns the
  /// answer's `"values"`.
  public static func values(_ request: [String: Any]) throws -> [Any] {
    let input = try JSONSerialization.data(withJSONObject: request)
    let output = try run([script], input: input)
    let answer = try JSONSerialization.jsonObject(with: output) as? [String: Any]
    return answer?["values"] as? [Any] ?? []
  }

  /// The "smooth" reference: the source point (content pixels) of each
  /// output point `queries` (output pixels) through the Catmull-Rom
  /// surfaces of grid mesh `mesh`, `nil` where it found none.
  public static func smoothSourcePoints(
    _ mesh: WarpMesh, outputSize: Vector2, contentSize: Vector2, queries: [Vector2]
  ) throws -> [Vector2?] {
    try points([
      "kind": "smooth", "columns": mesh.grid?.columns ?? 0, "rows": mesh.grid?.rows ?? 0,
      "outputSize": [outputSize.x, outputSize.y], "contentSize": [contentSize.x, contentSize.y],
      "from": mesh.pointPairs.map { [Double($0.from.x), Double($0.from.y)] },
      "to": mesh.pointPairs.map { [Double($0.to.x), Double($0.to.y)] },
      "queries": queries.map { [$0.x, $0.y] },
    ])
  }

  /// Answers that are points: `nil` where the reference found none.
  public static func points(_ request: [String: Any]) throws -> [Vector2?] {
    try values(request).map { v in
      (v as? [Double]).map { Vector2($0[0], $0[1]) }
    }
  }
}

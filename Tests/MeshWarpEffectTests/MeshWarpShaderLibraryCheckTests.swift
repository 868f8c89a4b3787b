import Foundation
import Testing

@testable import MeshWarpEffect

/// The debug warning for a bundle without the compiled shader (what a
/// command-line `swift build` on macOS makes).
@Suite struct MeshWarpShaderLibraryCheckTests {
  static func bundle(metallib: Data?) throws -> Bundle {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
      "MeshWarpShaderLibraryCheck-\(UUID().uuidString).bundle")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    try Data("// source only".utf8).write(to: dir.appendingPathComponent("MeshWarp.metal"))
    if let metallib { try metallib.write(to: dir.appendingPathComponent("default.metallib")) }
    return try #require(Bundle(url: dir))
  }

  @Test func warnsWithoutACompiledLibrary() throws {
    let warning = MeshWarpShaderLibraryCheck.warning(
      bundle: try Self.bundle(metallib: nil), functionName: "meshWarpLayer")
    #expect(warning?.contains("no compiled Metal library") == true, "\(warning ?? "nil")")
  }

  @Test func warnsWhenTheLibraryLacksTheFunction() throws {
    let bytes = Data("MTLB....otherFunction\0".utf8)
    let warning = MeshWarpShaderLibraryCheck.warning(
      bundle: try Self.bundle(metallib: bytes), functionName: "meshWarpLayer")
    #expect(warning?.contains("has no meshWarpLayer") == true, "\(warning ?? "nil")")
  }

  @Test func silentWhenTheFunctionIsThere() throws {
    let bytes = Data("MTLB....meshWarpLayer\0".utf8)
    #expect(
      MeshWarpShaderLibraryCheck.warning(
        bundle: try Self.bundle(metallib: bytes), functionName: "meshWarpLayer") == nil)
  }
}

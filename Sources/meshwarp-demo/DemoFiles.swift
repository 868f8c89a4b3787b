import MeshWarpDemoKit

/// PNG reading and writing for the demo.
enum DemoFiles {
  struct Unavailable: Error, CustomStringConvertible {
    var description: String { "PNG files need MeshWarpIO's PNG codec, which has not landed yet" }
  }

  /// Reads a PNG as the demo's content.
  static func readPicture(path: String) throws -> RGBAImage {
    throw Unavailable()
  }

  /// Writes a frame as a PNG.
  static func write(_ image: RGBAImage, to path: String) throws {
    throw Unavailable()
  }
}

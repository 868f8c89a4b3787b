import Foundation
import MeshWarpDemoKit

/// Picture reading (``DemoContentLoader``) and PNG writing for the editor.
enum DemoFiles {
  /// Reads a picture as the editor's content through ``DemoContentLoader``
  /// (any size up to the decoder's pixel limit; it is stretched over the
  /// window by the mesh's normalization).
  static func readPicture(path: String) throws -> RGBAImage {
    try DemoContentLoader.load(path: path)
  }

  /// Writes a frame as a PNG file (atomically), creating its folder.
  /// Uses the fast encoder setting: saving happens between two frames.
  static func write(_ image: RGBAImage, to path: String) throws {
    guard path != "-" else {
      throw DemoArguments.Error(message: "frames cannot go to stdout (it carries the log)")
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try OutputFile.write(PNGEncoder.encode(image, speed: .fast, destination: path), to: path)
  }
}

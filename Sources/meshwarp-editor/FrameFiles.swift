import Foundation
import MeshWarpEditorKit
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

/// PNG writing for the editor (content is read by `EditorContentLoader`).
enum FrameFiles {
  /// Writes a frame as a PNG file (atomically), creating its folder.
  /// Uses the fast encoder setting: saving happens between two frames.
  static func write(_ image: RGBAImage, to path: String) throws {
    guard path != "-" else {
      throw EditorArguments.Error(message: "frames cannot go to stdout (it carries the log)")
    }
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try OutputFile.write(PNGEncoder.encode(image, speed: .fast, destination: path), to: path)
  }
}

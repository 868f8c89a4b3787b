import Foundation
import MeshWarpCore

/// The files of an editing session: the picture shown, the mesh and
/// gradient files opened or created (saves write them again), the Swift
/// files exported, and the frames and clipboard text waiting for the
/// executable. New files go to the save folder (`--save-dir`, default the
/// current folder), never next to the picture, whose folder may be
/// read-only; no file the editor did not open or create is overwritten.
final class EditorDocument {
  unowned let host: any EditorHost
  /// Where numbered frames and new files are saved.
  let saveDirectory: String
  /// The picture or video file shown, if any (names new files).
  var contentPath: String?
  /// The mesh file opened (`--mesh`) or created by the first save.
  var meshPath: String?
  /// The gradient file opened or created, likewise.
  var gradientPath: String?
  /// The morph file opened (`--points`) or created by the first save.
  var morphPath: String?
  /// The morph animation this session exported (export writes it again).
  var morphExportPath: String?
  /// Swift files this session created (export writes them again).
  var exportPaths: [EditorMode: String] = [:]
  /// Frames saved so far (numbers the next one).
  var saveCount = 0
  /// Paths of frames to save after the next render, in order.
  var pendingSaves: [String] = []
  /// Paths of frames to save without the overlay after the next render.
  var pendingCleanSaves: [String] = []
  /// Text for the clipboard, set by an export, taken by the executable.
  var pendingClipboard: String?

  init(host: any EditorHost, saveDirectory: String) {
    self.host = host
    self.saveDirectory = saveDirectory
  }

  /// The folder and name stem for new files: the save folder, and the
  /// picture's name without its extension (else "meshwarp-editor").
  var newFilePlace: (folder: String, stem: String) {
    guard let contentPath else { return (saveDirectory, "meshwarp-editor") }
    let name = (contentPath as NSString).lastPathComponent
    return (saveDirectory, (name as NSString).deletingPathExtension)
  }

  /// `path` if given, else the next numbered `PREFIX-N.png` in the save
  /// folder (one count for framed and clean saves).
  func savePath(_ path: String?, prefix: String) -> String {
    if let path { return path }
    saveCount += 1
    return (saveDirectory as NSString).appendingPathComponent("\(prefix)-\(saveCount).png")
  }

  /// Queues a frame with the overlay: at `path`, or numbered.
  func requestSave(path: String?) {
    pendingSaves.append(savePath(path, prefix: "meshwarp-editor-frame"))
  }

  /// Queues a frame without the overlay: at `path`, or numbered
  /// `meshwarp-editor-clean-N.png` in the save folder.
  func requestCleanSave(path: String?) {
    pendingCleanSaves.append(savePath(path, prefix: "meshwarp-editor-clean"))
  }

  /// Saves `mesh` in the compact form (``WarpMesh/compactJSON(shorthand:)``)
  /// to the mesh file, or to a new one.
  func saveMesh(_ mesh: WarpMesh) {
    guard
      let path = write(
        EditorFiles.meshJSON(mesh), to: meshPath, suffix: "mesh", extension: "json",
        failure: "save failed")
    else { return }
    meshPath = path
    let columns = mesh.grid?.columns ?? 3
    host.log("mesh saved: \(path) (\(columns)x\(mesh.grid?.rows ?? columns) points)")
  }

  /// Saves `gradient` to the gradient file, or to a new one.
  func saveGradient(_ gradient: GradientMesh) {
    guard
      let path = write(
        try gradient.jsonData(prettyPrinted: true), to: gradientPath, suffix: "gradient",
        extension: "json", failure: "save failed")
    else { return }
    gradientPath = path
    host.log("gradient saved: \(path) (\(gradient.width)x\(gradient.height))")
  }

  /// Saves `morph` to the morph file, or to a new `…-morph.json`.
  func saveMorph(_ morph: MorphDocument) {
    guard
      let path = write(
        try EditorFiles.morphJSON(morph), to: morphPath, suffix: "morph", extension: "json",
        failure: "save failed")
    else { return }
    morphPath = path
    host.log("morph saved: \(path) (\(morph.a.count) points)")
  }

  /// The path the morph animation is exported to: the one this session
  /// wrote before, else a new `…-morph.mp4` in the save folder.
  func morphExportTarget() -> String {
    if let morphExportPath { return morphExportPath }
    let place = newFilePlace
    let path = EditorFiles.freshPath(
      folder: place.folder, stem: place.stem, suffix: "morph", extension: "mp4")
    morphExportPath = path
    return path
  }

  /// Writes `code` (SwiftUI code for `mode`'s mesh or gradient) to a file,
  /// a new one the first time, and hands it to the clipboard.
  func exportSwift(_ code: String, mode: EditorMode) {
    guard
      let path = write(
        Data(code.utf8), to: exportPaths[mode], suffix: mode == .warp ? "warp" : "gradient",
        extension: "swift", failure: "export failed")
    else { return }
    exportPaths[mode] = path
    pendingClipboard = code
    host.log("swift exported: \(path) (\(code.split(separator: "\n").count) lines)")
  }

  /// Writes `data` to `existing`, or to a new `STEM-SUFFIX.EXTENSION` in
  /// the save folder (``newFilePlace``); a failure (making the data, or
  /// writing it) is logged after `failure`.
  ///
  /// - Returns: the path written, or nil when it failed.
  private func write(
    _ data: @autoclosure () throws -> Data, to existing: String?, suffix: String,
    extension fileExtension: String, failure: String
  ) -> String? {
    let place = newFilePlace
    let path =
      existing
      ?? EditorFiles.freshPath(
        folder: place.folder, stem: place.stem, suffix: suffix, extension: fileExtension)
    do {
      try EditorFiles.write(data(), to: path)
      return path
    } catch {
      host.log("\(failure): \(error)")
      return nil
    }
  }
}

/// A file the editor cannot take, as one sentence.
package struct EditorFileError: Error, CustomStringConvertible, Hashable, Sendable {
  package var message: String
  package var description: String { message }
}

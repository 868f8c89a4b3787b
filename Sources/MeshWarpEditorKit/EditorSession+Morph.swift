import Foundation
import MeshWarpCore
import MeshWarpRender
import MeshWarpVideo

/// Morph mode: opening picture B and the morph document, and exporting
/// the animation.
extension EditorSession {
  /// `--morph B [--points FILE]`: morphs the content's picture (A) into
  /// the picture at `picturePath` (B). The points come from `pointsPath`
  /// when that file exists (J saves back to it; a missing file is created
  /// by the first save), else from a 5×5 identity grid. Starts in morph
  /// mode.
  ///
  /// - Throws: the picture's or the document's error (a document that
  ///   folds at some t names it).
  package func useMorph(picturePath: String, pointsPath: String?) throws {
    let b = try loader.load(path: picturePath)
    var morph = MorphDocument.identity(columns: 5, rows: 5)
    if let pointsPath {
      if FileManager.default.fileExists(atPath: pointsPath) {
        morph = try EditorFiles.loadMorph(path: pointsPath)
        log("morph opened: \(pointsPath) (\(morph.a.count) points)")
      } else {
        log("morph: \(pointsPath) does not exist yet; J creates it")
      }
      document.morphPath = pointsPath
    }
    morphEditor = MorphEditor(
      host: self, document: morph, a: content.background(time: 0), b: b)
    mode = .morph
    log(
      "morph: A \(content.width)x\(content.height), B \(b.width)x\(b.height) from \(picturePath)")
  }

  /// X in morph mode: the animation from t = 0 to 1 (1 s at 30 fps, A's
  /// size) through the library's morph job, to the file this session
  /// exported before or a new `…-morph.mp4`.
  func exportMorph(_ morphEditor: MorphEditor) {
    let path = document.morphExportTarget()
    let job = VideoMorph(
      a: .image(morphEditor.pictureA), b: .image(morphEditor.pictureB),
      morph: morphEditor.document, duration: 1, framesPerSecond: 30,
      options: WarpOptions(threads: threads), output: VideoWarp.Output(path: path))
    do {
      let written = try job.run(note: { self.log("export: \($0)") })
      log("morph exported: \(path) (\(written.frames) frames, \(written.width)x\(written.height))")
    } catch {
      log("export failed: \(error)")
    }
  }
}

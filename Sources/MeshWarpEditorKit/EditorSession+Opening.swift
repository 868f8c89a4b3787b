import Foundation
import MeshWarpDocuments

/// Opening files and undo: what changes the mesh and the gradient together.
extension EditorSession {
  /// Opens a file: a MeshWarp document (a mesh, point set or mesh
  /// keyframe file in warp mode, a gradient in gradient mode, a morph's
  /// points in morph mode, told by the document reader), else a picture or a video (the session's
  /// ``EditorContentLoader``). Logs what happened.
  package func open(path: String) {
    do {
      // The first bytes tell a document from a picture or a video.
      let head = [UInt8](FileHandle(forReadingAtPath: path)?.readData(ofLength: 4096) ?? Data())
      if DocumentKind.foreignFile(head) == nil,
        (path as NSString).pathExtension.lowercased() == "json"
          || DocumentKind.identify(head) != nil
      {
        let file = try DocumentFile.read(path)
        if file.kind == .morph {
          try openMorph(path: path)
        } else if let kind = file.kind, DocumentKind.gradients.contains(kind) {
          let loaded = try EditorFiles.loadGradient(path: path)
          record("open gradient")
          gradientEditor.gradient = loaded
          gradientEditor.selectedPoint = nil
          document.gradientPath = path
          mode = .gradient
          log("gradient opened: \(path) (\(loaded.width)x\(loaded.height))")
          log("mode: gradient")
          gradientEditor.logGradient()
        } else {
          try openWarp(path: path)
          mode = .warp
        }
        return
      }
      content = try loader.content(
        path: path, width: frameWidth, height: frameHeight, time: playback.time)
      document.contentPath = path
      logContent()
      // In a morph, the content is picture A.
      morphEditor?.replacePictureA(content.background(time: 0))
      logToggleLocation()
    } catch {
      log("open failed: \(path): \(error)")
    }
  }

  /// A morph document opened (dropped): its points replace the morph's
  /// (undoable), and J saves back to it. A session without picture B
  /// (`--morph`) cannot show a morph and says so.
  private func openMorph(path: String) throws {
    guard let morphEditor else {
      log("open failed: \(path): a morph needs picture B (meshwarp-editor A --morph B)")
      return
    }
    let loaded = try EditorFiles.loadMorph(path: path)
    record("open morph")
    morphEditor.document = loaded
    morphEditor.selected = nil
    document.morphPath = path
    mode = .morph
    log("morph opened: \(path) (\(loaded.a.count) points)")
    log("mode: morph")
  }

  /// Opens what `meshwarp warp --mesh` takes; a point set or a keyframe
  /// file becomes a mesh that J saves to a new file, never over it.
  private func openWarp(path: String) throws {
    let opened = try EditorFiles.openWarp(path: path, contentSize: content.size)
    try warp.open(opened.mesh, path: path)
    if let note = opened.note { log("mesh: \(note)") }
    document.meshPath = opened.savesInPlace ? path : nil
  }

  /// Logs what the content is: "content: picture 640x480 from card.png",
  /// "content: video 320x240 at 25 fps from clip.mp4".
  func logContent() {
    let size = "\(content.width)x\(content.height)"
    let from = contentPath.map { " from \($0)" } ?? ""
    if let video = content.video, content.kind == .video {
      log("content: video \(size) at \(logNumber(video.framesPerSecond, 2)) fps\(from), looping")
    } else {
      log("content: \(content.kind) \(size)\(from)")
    }
  }

  /// `--mesh FILE`: opens the mesh when the file exists (an error stops the
  /// editor), else takes the path for the first save.
  package func useMeshFile(path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      document.meshPath = path
      log("mesh: \(path) does not exist yet; J creates it")
      return
    }
    try openWarp(path: path)
    mode = .warp
    history = EditHistory()
  }

  /// `--gradient FILE`: opens the gradient in gradient mode when the file
  /// exists, else takes the path for the first save.
  package func useGradientFile(path: String) throws {
    mode = .gradient
    guard FileManager.default.fileExists(atPath: path) else {
      document.gradientPath = path
      log("gradient: \(path) does not exist yet; J creates it")
      return
    }
    gradientEditor.gradient = try EditorFiles.loadGradient(path: path)
    document.gradientPath = path
    log("gradient opened: \(path) (\(gradient.width)x\(gradient.height))")
  }

  /// Ctrl+Z and Ctrl+Y.
  func undoOrRedo(_ key: EditorKey) {
    let isUndo = key == .undo
    let step = isUndo ? history.undo(current: snapshot) : history.redo(current: snapshot)
    guard let step else {
      log(isUndo ? "undo: nothing to undo" : "redo: nothing to redo")
      return
    }
    log((isUndo ? "undo: " : "redo: ") + step.label)
    restore(step.state)
  }

  /// Puts `state` back, logging each control point or gradient vertex that
  /// changed with its new place (the same form as a move).
  func restore(_ state: EditorSnapshot) {
    let old = snapshot
    warp.drag = nil
    gradientEditor.drag = nil
    warp.mesh = state.mesh
    gradientEditor.gradient = state.gradient
    if let morphEditor, let morph = state.morph, let was = old.morph {
      morphEditor.drag = nil
      morphEditor.document = morph
      if was.a.count != morph.a.count {
        morphEditor.selected = nil
        log("morph grid: \(morph.grid?.columns ?? 0)x\(morph.grid?.rows ?? 0) points")
      } else {
        for i in morph.a.indices where was.a[i] != morph.a[i] { morphEditor.logPoint(.a, i) }
        for i in morph.b.indices where was.b[i] != morph.b[i] { morphEditor.logPoint(.b, i) }
      }
      if was.smooth != morph.smooth { log("morph smooth: \(morph.smooth ? "on" : "off")") }
    }
    if old.mesh.pointPairs.count != mesh.pointPairs.count {
      log("density: \(density)x\(mesh.grid?.rows ?? density) points")
      warp.selectedPoint = nil
    } else {
      for i in mesh.pointPairs.indices where old.mesh.pointPairs[i] != mesh.pointPairs[i] {
        warp.logPoint(i, verb: "at")
      }
    }
    if old.gradient != gradient { gradientEditor.logGradient() }
    logToggleLocation()
  }
}

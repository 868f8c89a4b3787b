import Foundation

/// What the editor's mouse and keys work on.
package enum EditorMode: String, Hashable, Sendable {
  /// The warp mesh over the content.
  case warp
  /// A mesh gradient (``GradientMesh``).
  case gradient
}

/// Everything an edit can change, for undo and redo.
struct EditorSnapshot: Hashable {
  var mesh: WarpMesh
  var gradient: GradientMesh
}

extension DemoSession {
  /// The state undo goes back to.
  var snapshot: EditorSnapshot { EditorSnapshot(mesh: mesh, gradient: gradient) }

  /// Records the state before an edit named `label`.
  func record(_ label: String) {
    history.record(label, before: snapshot)
  }

  /// Puts `state` back, logging each control point or gradient vertex that
  /// changed with its new place (the same form as a move).
  func restore(_ state: EditorSnapshot) {
    let old = snapshot
    drag = nil
    gradientDrag = nil
    mesh = state.mesh
    gradient = state.gradient
    if old.mesh.pointPairs.count != mesh.pointPairs.count {
      log("density: \(density)x\(mesh.grid?.rows ?? density) points")
      selectedPoint = nil
    } else {
      for i in mesh.pointPairs.indices where old.mesh.pointPairs[i] != mesh.pointPairs[i] {
        logPoint(i, verb: "at")
      }
    }
    if old.gradient != gradient { logGradient() }
    logToggleLocation()
  }

  /// The editing keys common to both modes; `false` for the others.
  func pressEditorKey(_ key: DemoKey) -> Bool {
    switch key {
    case .nudge(let dx, let dy):
      nudge(dx: dx, dy: dy)
    case .undo:
      guard let step = history.undo(current: snapshot) else {
        log("undo: nothing to undo")
        return true
      }
      log("undo: \(step.label)")
      restore(step.state)
    case .redo:
      guard let step = history.redo(current: snapshot) else {
        log("redo: nothing to redo")
        return true
      }
      log("redo: \(step.label)")
      restore(step.state)
    case .switchMode:
      drag = nil
      gradientDrag = nil
      mode = mode == .warp ? .gradient : .warp
      log("mode: \(mode.rawValue)")
      if mode == .gradient { logGradient() }
    case .saveJSON:
      saveJSON()
    case .exportSwift:
      exportSwift()
    case .saveClean:
      requestCleanSave(path: nil)
    case .toggleOverlay:
      overlayHidden.toggle()
      log("overlay: \(overlayHidden ? "hidden" : "shown")")
    case .fullscreen:
      fullscreen.toggle()
      log("fullscreen: \(fullscreen ? "requested" : "off")")
    default:
      return false
    }
    return true
  }

  /// Moves the selected control point by (dx, dy) pixels, within the window.
  func nudge(dx: Int, dy: Int) {
    guard let i = selectedPoint, i < mesh.pointPairs.count else {
      log("nudge: no point selected (click one first)")
      return
    }
    let p = Vector2(mesh.pointPairs[i].to) * frameSize + Vector2(Double(dx), Double(dy))
    let unit = pointwiseMin(pointwiseMax(p, .zero), frameSize) / frameSize
    guard unit != Vector2(mesh.pointPairs[i].to) else { return }
    record("nudge point \(i) by \(dx) \(dy) px")
    mesh.pointPairs[i].to = unit.cgPoint
    logPoint(i, verb: "moved to")
    logToggleLocation()
  }

  // MARK: Files

  /// The folder and name stem for new files: next to the picture, else
  /// in the save folder as "meshwarp-demo".
  var newFilePlace: (folder: String, stem: String) {
    if let contentPath {
      let name = (contentPath as NSString).lastPathComponent
      return (
        (contentPath as NSString).deletingLastPathComponent,
        (name as NSString).deletingPathExtension
      )
    }
    return (saveDirectory, "meshwarp-demo")
  }

  /// Opens a file: a mesh JSON (warp mode), a gradient JSON (gradient
  /// mode), a picture or a video (``DemoContentLoader``). Logs what
  /// happened.
  package func open(path: String) {
    do {
      if (path as NSString).pathExtension.lowercased() == "json" {
        if let loaded = try? EditorFiles.loadMesh(path: path) {
          try openMesh(loaded, path: path)
        } else {
          let loaded = try EditorFiles.loadGradient(path: path)
          record("open gradient")
          gradient = loaded
          gradientPath = path
          selectedGradientPoint = nil
          mode = .gradient
          log("gradient opened: \(path) (\(loaded.width)x\(loaded.height))")
          log("mode: gradient")
          logGradient()
        }
        return
      }
      content = try DemoContentLoader.content(
        path: path, width: frameWidth, height: frameHeight, time: time)
      contentPath = path
      logContent()
      logToggleLocation()
    } catch {
      log("open failed: \(path): \(error)")
    }
  }

  /// Logs what the content is: "content: picture 640x480 from card.png",
  /// "content: video 320x240 at 25 fps from clip.mp4".
  func logContent() {
    let size = "\(content.width)x\(content.height)"
    let from = contentPath.map { " from \($0)" } ?? ""
    if let video = content.video, content.kind == .video {
      log("content: video \(size) at \(Self.format(video.framesPerSecond, 2)) fps\(from), looping")
    } else {
      log("content: \(content.kind) \(size)\(from)")
    }
  }

  /// Takes `loaded` as the mesh (a grid of 2…9 × 2…9 points, valid).
  func openMesh(_ loaded: WarpMesh, path: String) throws {
    guard let grid = loaded.grid, (2...9).contains(grid.columns), (2...9).contains(grid.rows)
    else {
      throw EditorFileError(message: "the editor edits grids of 2-9 × 2-9 points")
    }
    if let error = loaded.validate().first(where: { $0.severity == .error }) {
      throw EditorFileError(message: "invalid mesh: \(error)")
    }
    record("open mesh")
    drag = nil
    selectedPoint = nil
    mesh = loaded
    meshPath = path
    mode = .warp
    log("mesh opened: \(path) (\(grid.columns)x\(grid.rows) points)")
    logToggleLocation()
  }

  /// Saves the mesh (warp mode) or the gradient (gradient mode) as JSON:
  /// to the file opened or created before, else to a new file.
  func saveJSON() {
    let place = newFilePlace
    do {
      switch mode {
      case .warp:
        let path =
          meshPath
          ?? EditorFiles.freshPath(
            folder: place.folder, stem: place.stem, suffix: "mesh", extension: "json")
        try EditorFiles.write(EditorFiles.meshJSON(mesh), to: path)
        meshPath = path
        log("mesh saved: \(path) (\(density)x\(mesh.grid?.rows ?? density) points)")
      case .gradient:
        let path =
          gradientPath
          ?? EditorFiles.freshPath(
            folder: place.folder, stem: place.stem, suffix: "gradient", extension: "json")
        try EditorFiles.write(gradient.jsonData(prettyPrinted: true), to: path)
        gradientPath = path
        log("gradient saved: \(path) (\(gradient.width)x\(gradient.height))")
      }
    } catch {
      log("save failed: \(error)")
    }
  }

  /// Writes SwiftUI code for the mesh or the gradient to a file (a new one
  /// the first time) and hands it to the clipboard.
  func exportSwift() {
    let code =
      mode == .warp
      ? SwiftCodeExport.warp(mesh, viewSize: frameSize)
      : SwiftCodeExport.gradient(gradient)
    let place = newFilePlace
    let path =
      exportPaths[mode]
      ?? EditorFiles.freshPath(
        folder: place.folder, stem: place.stem, suffix: mode == .warp ? "warp" : "gradient",
        extension: "swift")
    do {
      try EditorFiles.write(Data(code.utf8), to: path)
      exportPaths[mode] = path
      pendingClipboard = code
      log("swift exported: \(path) (\(code.split(separator: "\n").count) lines)")
    } catch {
      log("export failed: \(error)")
    }
  }

  /// Queues a frame without the overlay: at `path`, or numbered
  /// `meshwarp-demo-clean-N.png` in the save folder.
  func requestCleanSave(path: String?) {
    pendingCleanSaves.append(savePath(path, prefix: "meshwarp-demo-clean"))
  }

  /// Hands over the clean frames to save and clears the list.
  package func takePendingCleanSaves() -> [String] {
    defer { pendingCleanSaves = [] }
    return pendingCleanSaves
  }

  /// Hands over the text for the clipboard, once.
  package func takeClipboard() -> String? {
    defer { pendingClipboard = nil }
    return pendingClipboard
  }
}

/// A file the editor cannot take, as one sentence.
package struct EditorFileError: Error, CustomStringConvertible, Hashable, Sendable {
  package var message: String
  package var description: String { message }
}

extension DemoSession {
  /// `--mesh FILE`: opens the mesh when the file exists (an error stops the
  /// editor), else takes the path for the first save.
  package func useMeshFile(path: String) throws {
    guard FileManager.default.fileExists(atPath: path) else {
      meshPath = path
      log("mesh: \(path) does not exist yet; J creates it")
      return
    }
    try openMesh(EditorFiles.loadMesh(path: path), path: path)
    history = EditHistory()
  }

  /// `--gradient FILE`: opens the gradient in gradient mode when the file
  /// exists, else takes the path for the first save.
  package func useGradientFile(path: String) throws {
    mode = .gradient
    guard FileManager.default.fileExists(atPath: path) else {
      gradientPath = path
      log("gradient: \(path) does not exist yet; J creates it")
      return
    }
    gradient = try EditorFiles.loadGradient(path: path)
    gradientPath = path
    log("gradient opened: \(path) (\(gradient.width)x\(gradient.height))")
  }
}

// meshwarp-editor: the interactive SDL2 window and mesh editor. Drag the
// control points of a 3×3 grid over a live checkerboard (or a picture) and
// watch the CPU renderer warp every frame; click the ON/OFF toggle where it
// appears after the warp; save the mesh, export SwiftUI code, edit a mesh
// gradient, map a projector full screen.
//
// This target owns only the window: SDL set-up, event translation, script
// injection, frame pacing and the title. Everything the demo does lives in
// MeshWarpEditorKit (testable without a window).
import Foundation
import MeshWarpEditorKit

let arguments: EditorArguments
do {
  arguments = try EditorArguments.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  // The message, then the help (which ends its own last line).
  FileHandle.standardError.write(Data("\(error)\n\n\(EditorArguments.helpText)".utf8))
  exit(2)
}
if arguments.showUsage {
  FileHandle.standardOutput.write(Data(EditorArguments.helpText.utf8))
  exit(0)
}

let exitCode: Int32
do {
  let steps = try arguments.scriptPath.map(ScriptPlayer.load) ?? []
  let content =
    try arguments.imagePath.map {
      try EditorContentLoader.standard.content(
        path: $0, width: arguments.width, height: arguments.height)
    } ?? EditorContent(width: arguments.width, height: arguments.height)
  let session = EditorSession(
    frameWidth: arguments.width, frameHeight: arguments.height, content: content,
    saveDirectory: arguments.saveDirectory, paused: arguments.paused, log: EditorLog.line)
  session.threads = arguments.threads
  session.contentPath = arguments.imagePath
  if let path = arguments.meshPath { try session.useMeshFile(path: path) }
  if let path = arguments.gradientPath { try session.useGradientFile(path: path) }
  if let path = arguments.morphPath {
    try session.useMorph(picturePath: path, pointsPath: arguments.pointsPath)
  } else if arguments.pointsPath != nil {
    throw EditorArguments.Error(message: "--points needs --morph IMAGE")
  }
  if let frames = arguments.benchmarkFrames {
    let result = EditorBenchmark.run(session, frames: frames, keepMesh: arguments.meshPath != nil)
    EditorLog.line(result.dragging.line(session: session, label: "dragging"))
    EditorLog.line(result.idle.line(session: session, label: "idle"))
    EditorLog.line(
      result.draggingUnfiltered.line(session: session, label: "dragging, minification filter off"))
    exit(0)
  }
  if arguments.display != nil { session.handle(.key(.fullscreen)) }
  let window = try SDLEditorWindow(
    width: arguments.width, height: arguments.height, vsync: arguments.fps == nil,
    display: arguments.display ?? 0)
  let loop = FrameLoop(
    session: session, window: window, script: ScriptPlayer(steps: steps),
    frameLimit: arguments.frameLimit, fps: arguments.fps, display: arguments.display ?? 0)
  exitCode = loop.run()
  window.close()
} catch let error as SDLEditorWindow.InitError {
  EditorLog.error("meshwarp-editor: \(error)")
  exit(3)
} catch {
  let text = "\(error)"
  EditorLog.error(text.hasPrefix("meshwarp-editor:") ? text : "meshwarp-editor: \(text)")
  exit(1)
}
exit(exitCode)

// video-warp IN MESH.json OUT: warps a video (or animated GIF, PNG, WebP)
// frame by frame through a mesh file, or a keyframe file that animates the
// mesh over the video's time, keeping its frame times and audio. Only the
// public API of MeshWarpIO is used.
import Dispatch
import Foundation
import MeshWarpIO

/// The mesh of `path`: a plain mesh holds still; a keyframe file
/// ({"keyframes": [...]}) animates it.
func loadMesh(_ path: String) throws -> MeshAnimation {
  do {
    return .still(try JSONFile.decode(WarpMesh.self, path: path))
  } catch let meshError {
    guard let timeline = try? KeyframeFile.load(WarpMesh.self, path: path) else { throw meshError }
    return .animated(timeline)
  }
}

/// Ctrl-C cancels the export: no output is left behind.
final class Interruption: @unchecked Sendable {
  private let lock = NSLock()
  private var interrupted = false
  private let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: .global())

  init() {
    signal(SIGINT, SIG_IGN)
    source.setEventHandler { [self] in lock.withLock { interrupted = true } }
    source.resume()
  }

  var isInterrupted: Bool { lock.withLock { interrupted } }
}

func standardError(_ text: String) { FileHandle.standardError.write(Data(text.utf8)) }

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 3 else {
  standardError("usage: video-warp IN.mp4 MESH.json OUT.mp4\n")
  exit(2)
}
let (input, meshPath, output) = (arguments[0], arguments[1], arguments[2])
let interruption = Interruption()
do {
  let mesh = try loadMesh(meshPath)
  for issue in mesh.keyframeMeshes.flatMap({ $0.validate() }) { standardError("\(issue)\n") }
  let job = VideoWarp(
    input: .video(path: input), mesh: mesh, output: VideoWarp.Output(path: output))
  let result = try job.run(
    progress: { standardError("\rframe \($0.framesWritten)") },
    note: { standardError("\nnote: \($0)\n") },
    isCancelled: { interruption.isInterrupted })
  print(
    "\nwrote \(output): \(result.framesWritten) frames, \(result.width)x\(result.height), audio \(result.audio)"
  )
} catch is CancellationError {
  standardError("\ninterrupted: nothing written\n")
  exit(130)
} catch {
  standardError("\nvideo-warp: \(error)\n")
  exit(1)
}

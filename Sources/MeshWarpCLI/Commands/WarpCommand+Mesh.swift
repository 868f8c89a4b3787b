import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpImageIO

/// `warp`'s `--mesh`: meshes (normalized or in pixels), point sets through
/// the thin-plate spline, and `--smooth`.
extension WarpCommand {
  /// The mesh (or keyframed meshes) of `--mesh` (`file`, read once by
  /// `run`) and `--to-mesh`, for content and output of these sizes (nil for
  /// a video, whose size is not known yet: point sets and pixel meshes
  /// without `"width"`/`"height"` then need `--size`), read and checked by
  /// the library's `WarpSource`; its warnings are printed.
  /// An `--effect` is still, or animated over `--duration` (a still
  /// input: `content` given) or over the clip (a video: `content` nil),
  /// and is checked at the output's size by the library's job.
  func loadWarp(_ input: WarpInput, content: PixelSize?, output: PixelSize?, console: Console)
    throws -> MeshAnimation
  {
    func vector(_ size: PixelSize) -> Vector2 { Vector2(Double(size.width), Double(size.height)) }
    guard case .document(let file) = input else {
      guard case .effect(let kind) = input else { preconditionFailure() }
      let length =
        content != nil || !effect.animates ? frames.animation.duration : try clipLength()
      return try effectAnimation(kind, length: length)
    }
    let source = try warpSource(file)
    let animation = try CLIError.reporting {
      try source.animation(
        contentSize: (content ?? output).map(vector), outputSize: output.map(vector),
        note: { console.error($0) })
    }
    if content != nil, !animation.isAnimated, case .mesh(let mesh) = animation.geometry(at: 0) {
      try checkSomethingIsDrawn(mesh)
    }
    return animation
  }

  /// `--mesh` (`file`), `--to-mesh`, `--duration`, `--smooth` and
  /// `--no-pin-corners` as the library's warp source.
  func warpSource(_ file: DocumentFile) throws -> WarpSource {
    WarpSource(
      mesh: file,
      endMesh: try toMesh.map {
        try DocumentFile.read($0, accepting: [.mesh, .pointSet, .effect], role: "--to-mesh")
      },
      duration: frames.animation.duration, smooth: rendering.smooth,
      pinsCorners: rendering.noPinCorners ? false : nil, smoothName: "--smooth")
  }

  /// Refuses a still warp that would draw nothing: no face of `mesh`
  /// reaches into the picture and outside the mesh stays transparent
  /// (the library's `ImageWarpPlan` check, for the animation path).
  func checkSomethingIsDrawn(_ mesh: WarpMesh) throws {
    guard case .transparent = rendering.edgePolicy, let detail = ImageWarpPlan.nothingDrawn(mesh)
    else { return }
    throw CLIError.failure("\(self.mesh ?? "--mesh"): nothing would be drawn: \(detail)")
  }
}

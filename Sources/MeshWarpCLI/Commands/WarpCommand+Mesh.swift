import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpVideo

/// `warp`'s `--mesh`: meshes (normalized or in pixels), point sets through
/// the thin-plate spline, and `--smooth`.
extension WarpCommand {
  /// The mesh (or keyframed meshes) of `--mesh` (`file`, read once by
  /// `run`) and `--to-mesh`, for content and output of these sizes (nil for
  /// a video, whose size is not known yet: point sets and pixel meshes
  /// without `"width"`/`"height"` then need `--size`). With `--smooth`,
  /// checks that every mesh is a grid.
  func loadWarp(_ file: MeshFile, content: PixelSize?, output: PixelSize?, console: Console)
    throws -> MeshAnimation
  {
    let contentSize = (content ?? output).map { Vector2(Double($0.width), Double($0.height)) }
    let animation = try MeshAnimation.load(
      file, to: toMesh, duration: frames.animation.duration, console: console,
      loadMesh: { file in
        try loadMesh(file, contentSize: contentSize, output: output, console: console)
      })
    // Animations and videos let the renderer smooth each frame (`--smooth`,
    // or a mesh's own `"smooth": true`); a mesh without grid structure is
    // reported here, not rendered piecewise.
    for (i, m) in animation.keyframeMeshes.enumerated()
    where (quality.smooth || m.smooth) && !m.isSmoothable {
      let place = animation.isAnimated ? "keyframes[\(i)]: " : ""
      let asked = quality.smooth ? "--smooth" : "\"smooth\": true"
      throw CLIError.failure("\(mesh): \(asked): \(place)\(WarpMeshError.notAGrid)")
    }
    return animation
  }

  /// One mesh file: a mesh, or a point set made into the spline's fine mesh.
  private func loadMesh(
    _ file: MeshFile, contentSize: Vector2?, output: PixelSize?, console: Console
  ) throws -> WarpMesh {
    let path = file.path
    var userInfo: [CodingUserInfoKey: Any] = [:]
    if let contentSize { userInfo[.meshContentSize] = contentSize }
    switch try JSONFile.decode(
      WarpDescription.self, from: file.bytes, source: file.source, userInfo: userInfo)
    {
    case .mesh(let mesh):
      try InputFiles.check(mesh, source: path, console: console)
      return mesh
    case .points(var points):
      guard let output else {
        throw CLIError.usage(
          "\(path) is a point set: give --size for a video (the spline is built for the output size)"
        )
      }
      if quality.smooth {
        throw CLIError.usage(
          "--smooth applies to grid meshes; \(path) is a point set, whose thin-plate spline is smooth already: leave out --smooth"
        )
      }
      if quality.noPinCorners { points.pinCorners = false }
      try InputFiles.check(points.issues, source: path, what: "point set", console: console)
      do {
        return try points.mesh(
          outputSize: Vector2(Double(output.width), Double(output.height)),
          contentSize: contentSize)
      } catch {
        throw CLIError.failure("\(path): \(error)")
      }
    }
  }

  /// `mesh` as the smooth surface through its grid (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``),
  /// its error (a mesh without grid structure) as the command's.
  func smoothed(_ warpMesh: WarpMesh, output: PixelSize, content: PixelSize) throws -> WarpMesh {
    do {
      return try warpMesh.smoothed(
        outputSize: Vector2(Double(output.width), Double(output.height)),
        contentSize: Vector2(Double(content.width), Double(content.height)))
    } catch {
      throw CLIError.failure("\(mesh): --smooth: \(error)")
    }
  }
}

extension WarpMesh {
  /// Whether ``smoothed(outputSize:contentSize:tolerance:)`` accepts the
  /// mesh's structure: a row-major grid of at least 2 × 2 points (declared,
  /// or read off its faces).
  var isSmoothable: Bool {
    guard let grid = withGridInferred.grid, grid.columns >= 2, grid.rows >= 2 else {
      return false
    }
    return grid.columns.multipliedReportingOverflow(by: grid.rows)
      == (pointPairs.count, false)
  }
}

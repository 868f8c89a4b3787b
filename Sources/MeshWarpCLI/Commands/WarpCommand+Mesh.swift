import Foundation
import MeshWarpArguments
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
    if content != nil, !animation.isAnimated {
      try checkSomethingIsDrawn(animation.mesh(at: frames.time))
    }
    // Animations and videos let the renderer smooth each frame (`--smooth`,
    // or a mesh's own `"smooth": true`); a mesh without grid structure is
    // reported here, not rendered piecewise.
    for (i, m) in animation.keyframeMeshes.enumerated()
    where (rendering.smooth || m.smooth) && !m.isSmoothable {
      let place = animation.isAnimated ? "keyframes[\(i)]: " : ""
      let asked = rendering.smooth ? "--smooth" : "\"smooth\": true"
      throw CLIError.failure("\(mesh): \(asked): \(place)\(WarpMeshError.notAGrid)")
    }
    // The renderer smooths each frame and draws a mesh it cannot smooth
    // piecewise: report one whose subdivision is beyond the limit first
    // (its plan is cheap; the fine mesh is not built here).
    if let output {
      let outputSize = Vector2(Double(output.width), Double(output.height))
      for (i, m) in animation.keyframeMeshes.enumerated() where rendering.smooth || m.smooth {
        do {
          _ = try m.smoothingPlan(outputSize: outputSize, contentSize: contentSize)
        } catch {
          let place = animation.isAnimated ? "keyframes[\(i)]: " : ""
          let asked = rendering.smooth ? "--smooth" : "\"smooth\": true"
          throw CLIError.failure("\(mesh): \(asked): \(place)\(error)")
        }
      }
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
    let units = MeshUnitsReport()
    userInfo[.meshUnitsReport] = units
    switch try JSONFile.decode(
      WarpDescription.self, from: file.bytes, source: file.source, userInfo: userInfo)
    {
    case .mesh(let mesh):
      try InputFiles.check(mesh, source: path, console: console)
      if let contentSize, let warning = Self.pixelSizeWarning(mesh, units, content: contentSize) {
        console.error("\(path): warning: \(warning)")
      }
      return mesh
    case .points(var points):
      guard let output else {
        throw CLIError.usage(
          "\(path) is a point set: give --size for a video (the spline is built for the output size)"
        )
      }
      if rendering.smooth {
        throw CLIError.usage(
          "--smooth applies to grid meshes; \(path) is a point set, whose thin-plate spline is smooth already: leave out --smooth"
        )
      }
      if rendering.noPinCorners { points.pinCorners = false }
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

  /// Why a pixel-unit mesh may not be for this picture: its `"width"` and
  /// `"height"` differ from the picture's (its points are then scaled to
  /// it), or, without them, its original points reach beyond the picture
  /// (it was made for a larger one, and is cropped). Nil when it fits, or
  /// the mesh is normalized.
  static func pixelSizeWarning(_ mesh: WarpMesh, _ units: MeshUnitsReport, content: Vector2)
    -> String?
  {
    func size(_ v: Vector2) -> String { "\(Int(v.x.rounded()))×\(Int(v.y.rounded()))" }
    if let declared = units.declaredSize, declared != content {
      return
        "the mesh is in pixels of a \(size(declared)) picture, and the image is \(size(content)): its points are scaled to the image"
    }
    guard let implied = units.impliedSize, !mesh.pointPairs.isEmpty else { return nil }
    let reach = mesh.pointPairs.reduce(Vector2(0, 0)) {
      Vector2(max($0.x, Double($1.from.x) * implied.x), max($0.y, Double($1.from.y) * implied.y))
    }
    guard reach.x > implied.x + 0.5 || reach.y > implied.y + 0.5 else { return nil }
    return
      "the mesh's points reach \(size(reach)) pixels, beyond the \(size(content)) image: made for a larger picture? Its part outside is cropped; add \"width\" and \"height\" to scale it"
  }

  /// Refuses a still warp that would draw nothing: no face of `mesh`
  /// reaches into the picture (0…1 both ways) and outside the mesh stays
  /// transparent. Pixel coordinates in a normalized file do that.
  func checkSomethingIsDrawn(_ mesh: WarpMesh) throws {
    guard case .transparent = rendering.edgePolicy, !mesh.faces.isEmpty else { return }
    let to = mesh.pointPairs.map(\.to)
    let reaches = mesh.faces.contains { face in
      let xs = face.indices.map { Double(to[$0].x) }
      let ys = face.indices.map { Double(to[$0].y) }
      return xs.min()! < 1 && xs.max()! > 0 && ys.min()! < 1 && ys.max()! > 0
    }
    guard !reaches else { return }
    let xs = to.map { Double($0.x) }
    let ys = to.map { Double($0.y) }
    func span(_ v: [Double]) -> String { "\(v.min()!.formatted6)…\(v.max()!.formatted6)" }
    throw CLIError.failure(
      "\(self.mesh): nothing would be drawn: no face reaches into the picture (its \"to\" points span x \(span(xs)), y \(span(ys)); normalized points run 0…1). Pixel coordinates need \"units\": \"pixels\"; --edges unwarped shows the picture around the mesh"
    )
  }
}

extension Double {
  /// Up to six significant digits, for messages (`630`, `0.015625`).
  fileprivate var formatted6: String {
    let text = String(format: "%.6g", self)
    return text
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

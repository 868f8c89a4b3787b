import Foundation
import MeshWarpCore

/// The squeezed-checkerboard warp of the renderer's and the shader's
/// minification tests: one quad shrunk 7.7 × 8.3, centred at a sub-pixel
/// offset (0.4137, 0.3871) and turned 2.5°, so that no squeeze is
/// pixel-aligned.
public let squeezedCheckerboardMesh: WarpMesh = {
  let (angle, squeeze) = (2.5 * Double.pi / 180, Vector2(1 / 7.7, 1 / 8.3))
  let centre = Vector2(0.4137, 0.3871)
  var mesh = WarpMesh.identity(columns: 2, rows: 2)
  for i in mesh.pointPairs.indices {
    let q = (Vector2(mesh.pointPairs[i].from) - Vector2(0.5, 0.5)) * squeeze
    let turned = Vector2(
      q.x * cos(angle) - q.y * sin(angle), q.x * sin(angle) + q.y * cos(angle))
    mesh.pointPairs[i].to = (centre + turned).cgPoint
  }
  return mesh
}()

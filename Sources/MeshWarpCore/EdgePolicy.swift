/// What a warp shows where no warped face covers a point.
///
/// Shared by the Metal shader (through ``ShaderMeshData``) and the CPU
/// renderer, so both draw the same picture outside the mesh.
public enum EdgePolicy: String, Hashable, Sendable, CaseIterable, Codable {
  /// Nothing: the point stays transparent. The default.
  case transparent
  /// The content unwarped: the source point is the destination point itself,
  /// clamped to the content's bounds, so a mesh that covers part of the view
  /// leaves the rest as it was.
  case clamp
  /// The seed's behaviour: sample the content at its origin (0, 0), which
  /// smears the top-left pixel over uncovered regions (the seed README's
  /// `.padding(1)` trick makes that pixel transparent).
  case origin
}

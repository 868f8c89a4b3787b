/// What a warp shows where no warped face covers the destination.
public enum EdgePolicy: String, Hashable, Sendable, CaseIterable, Codable {
  /// Fully transparent (the default).
  case transparent
  /// The content unwarped (source = destination point), clamped to the
  /// content's bounds: a mesh that covers part of the view leaves the rest
  /// as it was.
  case clamp
  /// The seed shader's behaviour: the content's colour at (0, 0) smears over
  /// every uncovered pixel (pad the content by a transparent pixel to hide it).
  case origin
}

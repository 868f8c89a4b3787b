/// `fcTL` dispose_op (APNG spec): what happens to the frame's region before
/// the next frame is drawn.
public enum APNGDisposeOp: UInt8, Sendable {
  /// Leave it.
  case none = 0
  /// Clear it to transparent black.
  case background = 1
  /// Restore what was there before this frame.
  case previous = 2
}

/// `fcTL` blend_op (APNG spec): how the frame's pixels meet the canvas.
public enum APNGBlendOp: UInt8, Sendable {
  /// Replace the region's pixels, alpha included.
  case source = 0
  /// Composite over the canvas (straight-alpha "over").
  case over = 1
}

/// What the editor keeps from one frame to the next so that a frame does
/// only the work its changes need (measured with `--benchmark-frames`; see
/// Documentation/Demo.md):
///
/// - the last warp with what it was rendered from (``WarpKey``): reused as
///   it is while nothing in the key changes;
/// - the warp's and the overlay's pixel buffers: rendered and copied into
///   again when no one else holds them, so a frame allocates nothing.
struct FrameReuse {
  /// Everything a warp depends on.
  struct WarpKey: Equatable {
    /// The content (``DemoContent/token``) and its picture at this time
    /// (``DemoContent/frameKey(time:)``).
    var content: ObjectIdentifier
    var kind: DemoContent.Kind
    var picture: Double
    /// The toggle's state drawn in, or nil for the content alone.
    var toggle: Bool?
    var mesh: WarpMesh
    var options: WarpOptions
  }

  var warp: (key: WarpKey, image: RGBAImage)?
  var overlay: RGBAImage?

  /// The overlay buffer of the last frame (unique once that frame is
  /// dropped), or an empty image.
  mutating func takeOverlayBuffer() -> RGBAImage {
    defer { overlay = nil }
    return overlay ?? RGBAImage(width: 0, height: 0)
  }

  /// Copies `source`'s pixels into `target`, reusing its storage when it
  /// has the same size and is not shared.
  static func copy(_ source: RGBAImage, into target: inout RGBAImage) {
    guard target.width == source.width, target.height == source.height else {
      target = source  // copied by the first drawing into it
      return
    }
    target.pixels.withUnsafeMutableBytes { dst in
      source.pixels.withUnsafeBytes { src in
        guard let to = dst.baseAddress, let from = src.baseAddress else { return }
        to.copyMemory(from: from, byteCount: src.count)
      }
    }
  }
}

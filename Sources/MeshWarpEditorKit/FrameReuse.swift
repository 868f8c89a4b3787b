import MeshWarpCore
import MeshWarpRender

/// What the editor keeps from one frame to the next so that a frame does
/// only the work its changes need (measured with `--benchmark-frames`; see
/// Documentation/Editor.md):
///
/// - the last warp with what it was rendered from (``WarpKey``): reused as
///   it is while nothing in the key changes;
/// - the warp's and the overlay's pixel buffers: rendered and copied into
///   again when no one else holds them, so a frame allocates nothing.
struct FrameReuse {
  /// Everything a warp depends on.
  struct WarpKey: Equatable {
    /// The content (``EditorContent/token``) and its picture at this time
    /// (``EditorContent/frameKey(time:)``).
    var content: ObjectIdentifier
    var kind: EditorContent.Kind
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

  /// Fills `target` (made `frameWidth × frameHeight`, its storage reused
  /// when it has that size and is not shared) with `bars` and copies
  /// `warped` into the viewport's rectangle.
  static func letterbox(
    _ warped: RGBAImage, at viewport: EditorViewport, frameWidth: Int, frameHeight: Int,
    bars: RGBA8, into target: inout RGBAImage
  ) {
    if target.width != frameWidth || target.height != frameHeight {
      target = RGBAImage(width: frameWidth, height: frameHeight, fill: bars)
    }
    let fill = UInt32(
      littleEndian: UInt32(bars.r) | UInt32(bars.g) << 8 | UInt32(bars.b) << 16
        | UInt32(bars.a) << 24)
    let rowBytes = min(warped.width, frameWidth - viewport.x) * 4
    let rows = min(warped.height, frameHeight - viewport.y)
    target.pixels.withUnsafeMutableBytes { dst in
      dst.bindMemory(to: UInt32.self).update(repeating: fill)
      warped.pixels.withUnsafeBytes { src in
        guard let to = dst.baseAddress, let from = src.baseAddress, rowBytes > 0 else { return }
        for row in 0..<max(rows, 0) {
          (to + ((viewport.y + row) * frameWidth + viewport.x) * 4).copyMemory(
            from: from + row * warped.width * 4, byteCount: rowBytes)
        }
      }
    }
  }
}

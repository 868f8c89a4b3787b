import MeshWarpCore
import MeshWarpRender

/// The frames a video export carries from decoder to encoder: 8-bit
/// (`RGBAImage`, today's path) or deep (`RGBA16Image`), so that one
/// pipeline (`VideoWarpPlan.run`) moves either.
package protocol VideoPixels: Sendable {
  /// A frame without pixels, for a spent buffer not yet there.
  static var empty: Self { get }
  /// The next frame of `reader` and its time, read into `storage` when it fits.
  static func next(from reader: VideoReader, reusing storage: Self?) throws -> (
    timestamp: Double, image: Self
  )?
  /// Renders `source` warped through `geometry` into `output`.
  static func render(
    _ source: Self, geometry: WarpGeometry, options: WarpOptions, into output: inout Self)
  /// Whether every pixel is opaque (scanned on `threads`).
  func isOpaque(threads: Int) -> Bool
  /// The frame composited over `background` (nil: itself).
  func flattened(over background: RGBA8?) -> Self
  /// Appends the frame to `sink`, shown for `duration` seconds (nil: the
  /// sink's frame rate).
  func append(to sink: any FrameSink, duration: Double?) throws
}

extension RGBAImage: VideoPixels {
  package static var empty: RGBAImage { RGBAImage(width: 0, height: 0) }

  package static func next(from reader: VideoReader, reusing storage: RGBAImage?) throws -> (
    timestamp: Double, image: RGBAImage
  )? {
    try reader.nextFrame(reusing: storage).map { ($0.timestamp, $0.image) }
  }

  package static func render(
    _ source: RGBAImage, geometry: WarpGeometry, options: WarpOptions,
    into output: inout RGBAImage
  ) {
    WarpRenderer.render(source, geometry: geometry, options: options, into: &output)
  }

  package func flattened(over background: RGBA8?) -> RGBAImage {
    flattened(over: background, threads: 1)
  }

  package func append(to sink: any FrameSink, duration: Double?) throws {
    if let duration { try sink.append(self, duration: duration) } else { try sink.append(self) }
  }
}

extension RGBA16Image: VideoPixels {
  package static var empty: RGBA16Image { RGBA16Image(width: 0, height: 0) }

  package static func next(from reader: VideoReader, reusing storage: RGBA16Image?) throws -> (
    timestamp: Double, image: RGBA16Image
  )? {
    try reader.nextDeepFrame(reusing: storage)
  }

  package static func render(
    _ source: RGBA16Image, geometry: WarpGeometry, options: WarpOptions,
    into output: inout RGBA16Image
  ) {
    WarpRenderer.render(source, geometry: geometry, options: options, into: &output)
  }

  package func flattened(over background: RGBA8?) -> RGBA16Image {
    guard let background, background.a > 0 else { return self }
    return flattened(over: RGBA16(RGBA8(background.r, background.g, background.b, 255)))
  }

  package func append(to sink: any FrameSink, duration: Double?) throws {
    try sink.append(self, duration: duration ?? 0)
  }
}

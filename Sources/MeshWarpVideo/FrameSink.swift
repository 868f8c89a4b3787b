import MeshWarpRender

/// Something that takes the frames of an export, in order: one PNG, an
/// animated PNG, a numbered PNG sequence, an MP4 video.
///
/// Use: `append` every frame, then `finish()`. Nothing is visible at the
/// destination until `finish()` succeeds (files are written atomically);
/// after an error, or `cancel()`, the destination is as it was before
/// (a PNG sequence keeps the frames already written). A sink is used from
/// one thread at a time.
public protocol FrameSink: AnyObject {
  /// The output path as given (`"-"` for standard output), for messages.
  var destination: String { get }

  /// Adds the next frame.
  ///
  /// - Precondition: not finished or cancelled.
  /// - Throws: `VideoError` — a frame of the wrong size, too many frames
  ///   for the format, a failing encoder process; `ImageCodecError` or
  ///   `FileError` for a failing encode or write. After a throw the sink is
  ///   cancelled.
  func append(_ image: RGBAImage) throws

  /// Adds the next frame, shown for `duration` seconds (> 0), where the
  /// format keeps each frame's time (animated PNG, the ffmpeg formats
  /// with ``VideoEncoding/keepsFrameTimes``); elsewhere as ``append(_:)``.
  ///
  /// - Throws: as ``append(_:)``.
  func append(_ image: RGBAImage, duration: Double) throws

  /// Adds the next frame at 16 bits a value, shown for `duration`
  /// seconds (0 or less: as the frame rate says): kept deep by a deep video output, else rounded to 8 bits
  /// (`RGBA16Image.rounded8()`) and appended as `append(_:duration:)` with the 8-bit frame.
  ///
  /// - Throws: as ``append(_:)``.
  func append(_ image: RGBA16Image, duration: Double) throws

  /// Writes what remains and completes the output.
  ///
  /// - Throws: `VideoError` (no frames, a failing process) or `FileError`
  ///   (a failing write).
  func finish() throws

  /// Abandons the export: removes temporary files, stops encoder processes.
  /// Safe to call at any time, more than once.
  func cancel()
}

extension FrameSink {
  /// Formats without per-frame times: the frame rate decides.
  public func append(_ image: RGBAImage, duration: Double) throws { try append(image) }

  /// Sinks of 8-bit formats: the frame rounded to 8 bits.
  public func append(_ image: RGBA16Image, duration: Double) throws {
    if duration > 0 {
      try append(image.rounded8(), duration: duration)
    } else {
      try append(image.rounded8())
    }
  }
}

/// Counts of an export in progress, passed to a progress callback after each
/// frame.
public struct ExportProgress: Sendable, Equatable {
  /// Frames accepted so far (≥ 1 in a callback).
  public var framesWritten: Int
  /// The number of frames the export will have, when known.
  public var totalFrames: Int?
  /// Frames the encoder has written to the file (≤ ``framesWritten``: an
  /// encoder holds frames in its look-ahead, x264 40 at `medium`), when
  /// it reports them (ffmpeg into a file); nil otherwise.
  public var framesEncoded: Int?

  public init(framesWritten: Int, totalFrames: Int?, framesEncoded: Int? = nil) {
    self.framesWritten = framesWritten
    self.totalFrames = totalFrames
    self.framesEncoded = framesEncoded
  }

  /// framesWritten / totalFrames in [0, 1], when the total is known.
  public var fraction: Double? {
    guard let totalFrames, totalFrames > 0 else { return nil }
    return min(1, Double(framesWritten) / Double(totalFrames))
  }
}

/// Wraps a sink to report progress after each appended frame.
final class ProgressReportingSink: FrameSink {
  let base: any FrameSink
  let totalFrames: Int?
  let progress: (ExportProgress) -> Void
  private var count = 0

  init(base: any FrameSink, totalFrames: Int?, progress: @escaping (ExportProgress) -> Void) {
    self.base = base
    self.totalFrames = totalFrames
    self.progress = progress
  }

  var destination: String { base.destination }

  func append(_ image: RGBAImage) throws {
    try base.append(image)
    count += 1
    report()
  }

  func append(_ image: RGBAImage, duration: Double) throws {
    try base.append(image, duration: duration)
    count += 1
    report()
  }

  func append(_ image: RGBA16Image, duration: Double) throws {
    try base.append(image, duration: duration)
    count += 1
    report()
  }

  private func report() {
    progress(
      ExportProgress(
        framesWritten: count, totalFrames: totalFrames,
        framesEncoded: (base as? VideoWriter)?.framesEncoded))
  }

  func finish() throws { try base.finish() }
  func cancel() { base.cancel() }
}

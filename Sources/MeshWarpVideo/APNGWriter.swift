import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

/// Writes an animated PNG (APNG 1.0) as frames arrive: `append` … `finish`.
/// The file's layout is `APNGEncoder`'s; the frame count in `acTL` is filled
/// in by `finish()`.
///
/// Frames are filtered and deflated in batches of `concurrentFrames`, in
/// parallel (`FrameBatch`); the bytes do not depend on the batch size or
/// thread count. Memory: one batch of raw frames plus its compressed data.
///
/// Written to a file atomically (nothing appears at `path` before
/// `finish()`); to standard output (`"-"`) in one piece at `finish()`.
public final class APNGWriter: FrameSink {
  public let destination: String
  public let width: Int
  public let height: Int
  public let options: APNGOptions

  private let output: any ByteOutput
  private var encoder: APNGEncoder
  private var batch: FrameBatch<(image: RGBAImage, delay: APNGDelay)>
  /// The last frame of the previous batch: what the next frame is compared to.
  private var previousFrame: RGBAImage?
  private let lifecycle: FrameWriterLifecycle
  private let defaultDelay: APNGDelay

  /// Starts an animated PNG at `path` (`"-"`: standard output).
  ///
  /// - Parameters:
  ///   - path: the file to write, replaced only when ``finish()`` succeeds;
  ///     `"-"` for standard output.
  ///   - width: the canvas width in pixels (≥ 1); every frame must have it.
  ///   - height: the canvas height in pixels (≥ 1).
  ///   - options: frame rate, loop count, compression and filters.
  /// - Throws: `ImageCodecError` for a bad size or option, or `FileError`
  ///   when the temporary file cannot be created.
  public convenience init(path: String, width: Int, height: Int, options: APNGOptions = .init())
    throws
  {
    _ = try APNGEncoder(width: width, height: height, options: options, destination: path)
    try self.init(
      output: try makeByteOutput(path: path), destination: path, width: width, height: height,
      options: options)
  }

  init(
    output: any ByteOutput, destination: String, width: Int, height: Int, options: APNGOptions
  ) throws {
    self.output = output
    self.destination = destination
    self.width = width
    self.height = height
    self.options = options
    self.defaultDelay = APNGDelay(framesPerSecond: options.framesPerSecond)
    self.batch = FrameBatch(capacity: options.concurrentFrames)
    self.lifecycle = FrameWriterLifecycle(
      destination: destination, noun: "animation", frameSize: (width, height))
    do {
      encoder = try APNGEncoder(
        width: width, height: height, options: options, destination: destination)
      try output.write(encoder.header())
    } catch {
      _ = lifecycle.markCancelled()
      output.discard()
      throw error
    }
  }

  deinit {
    if lifecycle.phase == .open { output.discard() }
  }

  /// Encodes whole animations in memory.
  ///
  /// - Returns: the APNG file's bytes.
  /// - Throws: as `append` and `finish`.
  public static func encode(_ frames: [RGBAImage], options: APNGOptions = .init()) throws
    -> [UInt8]
  {
    guard let first = frames.first else {
      throw VideoError.unsupportedOutput(path: "APNG data", reason: "no frames to write")
    }
    let memory = MemoryByteOutput()
    let writer = try APNGWriter(
      output: memory, destination: "APNG data", width: first.width, height: first.height,
      options: options)
    for frame in frames { try writer.append(frame) }
    try writer.finish()
    return memory.bytes
  }

  public func append(_ image: RGBAImage) throws {
    try append(image, delay: defaultDelay)
  }

  /// Adds a frame that shows for `duration` seconds (the nearest
  /// `APNGDelay`).
  public func append(_ image: RGBAImage, duration: Double) throws {
    try append(image, delay: APNGDelay(seconds: duration))
  }

  /// Adds a frame that shows for `delay` instead of `1/framesPerSecond`.
  public func append(_ image: RGBAImage, delay: APNGDelay) throws {
    try lifecycle.accept(image, cancel: cancel)
    if batch.add((image, delay)) { try flush() }
  }

  public func finish() throws {
    try lifecycle.checkFinish(cancel: cancel)
    try flush()
    try lifecycle.cancelling(cancel) {
      try output.write(encoder.trailer())
      try output.overwrite(encoder.acTL(), at: APNGEncoder.acTLOffset)
      try output.commit()
    }
    lifecycle.markFinished()
  }

  public func cancel() {
    guard lifecycle.markCancelled() else { return }
    batch.removeAll()
    output.discard()
  }

  /// Compresses the batch in parallel, then writes it in order.
  private func flush() throws {
    let reference = previousFrame
    let isFirstBatch = encoder.frameCount == 0
    let options = self.options
    previousFrame = batch.frames.last?.image ?? previousFrame
    let results = batch.encodeAll { frames, i in
      let previous = i == 0 ? (isFirstBatch ? nil : reference) : frames[i - 1].image
      return try APNGEncoder.encodeFrame(
        frames[i].image, previous: previous, delay: frames[i].delay, options: options)
    }
    try lifecycle.cancelling(cancel) {
      for result in results {
        let frame = try result.mapError {
          ImageCodecError.encodingFailed(destination: destination, reason: "\($0)")
        }.get()
        try output.write(encoder.chunks(of: frame))
      }
    }
  }
}

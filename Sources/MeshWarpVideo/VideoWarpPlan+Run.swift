import Foundation
import MeshWarpImageIO
import MeshWarpRender

extension VideoWarpPlan {
  /// Runs the export the plan describes. A video is decoded, warped and
  /// encoded at once, on three threads joined by two small queues (at most
  /// a few frames in memory, whatever the length), spent frames flowing
  /// back to be reused; a still is warped at each frame time. On any
  /// failure or cancellation the ffmpeg children are stopped and no output
  /// is left (an existing file is kept as it was).
  ///
  /// - Parameters:
  ///   - progress: called from the encoding thread after each frame written.
  ///   - note: called with the plan's ``notes``, then with what the run
  ///     finds (the decoder's warnings, transparency composited over the
  ///     background in a format without alpha).
  ///   - isCancelled: polled between frames, from any thread; true stops
  ///     the export with `CancellationError`.
  /// - Returns: what was written.
  /// - Throws: ``VideoWarpError/noFrameDecoded(path:decoderSaid:)``,
  ///   ``VideoInputError``, the writers' errors, `CancellationError`.
  @discardableResult
  public func run(
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
    note: @escaping @Sendable (String) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false }
  ) throws -> VideoWarpResult {
    switch request.input {
    case .image(let source, let frames):
      for text in notes { note(text) }
      try AnimationExport.write(
        frames, width: width, height: height, to: request.output.path,
        format: request.output.format, encoding: encoding, background: background,
        notesSize: false, progress: progress, note: note, isCancelled: isCancelled
      ) { t in
        WarpRenderer.render(source, geometry: request.mesh.geometry(at: t), options: warp)
      }
      return VideoWarpResult(
        framesWritten: frames.times.count, width: encodedWidth, height: encodedHeight,
        audio: .none)
    case .video:
      // Deep frames stay deep from decoder to encoder; the rest at 8 bits.
      return encoding.framesAreDeep
        ? try runVideo(
          RGBA16Image.self, progress: progress, note: note, isCancelled: isCancelled)
        : try runVideo(RGBAImage.self, progress: progress, note: note, isCancelled: isCancelled)
    }
  }

  private func runVideo<Image: VideoPixels>(
    _ pixels: Image.Type,
    progress: @escaping @Sendable (ExportProgress) -> Void,
    note: @escaping @Sendable (String) -> Void, isCancelled: @escaping @Sendable () -> Bool
  ) throws -> VideoWarpResult {
    guard let opened = reader, let info = videoInfo else { preconditionFailure("not a video") }
    let input = opened.path
    var sinkOptions = FrameSinkOptions(
      framesPerSecond: info.framesPerSecond, pngIsAnimated: true, format: request.output.format,
      video: encoding)
    sinkOptions.apng.loopCount = info.loopCount ?? 0
    // An animated PNG's colour chunks travel to an animated PNG.
    if info.codec == "apng", request.keepsMetadata,
      let handle = FileHandle(forReadingAtPath: input)
    {
      let head = [UInt8](handle.readData(ofLength: 4 << 20))
      try? handle.close()
      sinkOptions.apng.color = PNGDecoder.colorDescription(of: head)
    }
    let made = try FrameSinks.make(
      path: request.output.path, width: width, height: height, options: sinkOptions,
      totalFrames: totalFrames, progress: progress)
    for text in notes { note(text) }
    let times = opened.frameTimes
    let mesh = request.mesh
    let options = warp
    let background = background

    // Each of these is used by one thread at a time (handed over through
    // the queues and the group).
    let reader = Handed(opened)
    let sink = Handed(made)
    let written = Handed(0)
    // Frames skipped before `start` (a prefix: set by the decoding thread
    // before its first frame is queued, read by the encoding thread after).
    let skipped = Handed(0)
    let start = request.start
    let end = request.end
    let decoded = FrameQueue<(timestamp: Double, image: Image)>(capacity: Self.queueCapacity)
    let warped = FrameQueue<Image>(capacity: Self.queueCapacity)
    // Spent frames flow back (a queue's worth is enough: more would only sit there).
    let spentSources = FramePool<Image>(capacity: Self.queueCapacity)
    let spentOutputs = FramePool<Image>(capacity: Self.queueCapacity)
    let failures = FailureBox()
    let done = DispatchGroup()
    // Whether a warped frame had transparency (then, into a format without
    // alpha, the note says what it was composited over).
    var sawTransparency = false

    // Decoding thread: ffmpeg → raw frames → `decoded`.
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      do {
        var spare: Image? = nil
        var kept = 0
        while var frame = try Image.next(from: reader.value, reusing: spare ?? spentSources.take())
        {
          spare = nil
          // Half a microsecond of slack for times read back from text.
          if let end, frame.timestamp >= end - 5e-7 { break }
          if frame.timestamp < start - 5e-7 {
            skipped.value += 1
            spare = frame.image
            continue
          }
          frame.timestamp -= start
          kept += 1
          guard decoded.put(frame) else { break }
        }
        // ffmpeg may decode nothing from a truncated file and still exit 0:
        // say so about the input, not "no frames to write" about the output.
        if reader.value.framesRead == 0, !isCancelled() {
          throw VideoWarpError.noFrameDecoded(path: input, decoderSaid: reader.value.warnings)
        }
        if kept == 0, !isCancelled() {
          throw VideoWarpError.nothingInRange(start: start, end: end)
        }
      } catch {
        failures.record(error)
      }
      reader.value.cancel()
      decoded.close()
    }
    // Encoding thread: `warped` → the sink (an ffmpeg writing a temporary file).
    done.enter()
    Thread.detachNewThread {
      defer { done.leave() }
      do {
        while let image = warped.take() {
          guard !failures.failed else { break }
          try image.append(
            to: sink.value, duration: times?.duration(at: skipped.value + written.value))
          written.value += 1
          spentOutputs.give(consume image)
        }
        if failures.failed { sink.value.cancel() } else { try sink.value.finish() }
      } catch {
        failures.record(error)
        sink.value.cancel()
        decoded.abandon()
      }
      warped.abandon()
    }
    // This thread warps (the renderer uses every core).
    while var frame = decoded.take() {
      if failures.failed || isCancelled() { break }
      var image = spentOutputs.take() ?? Image.empty
      Image.render(
        frame.image, geometry: mesh.geometry(at: frame.timestamp), options: options,
        into: &image)
      // Handed back unshared, so that the decoder can write into it.
      let source = frame.image
      frame.image = Image.empty
      spentSources.give(consume source)
      // (Scanned on the render's threads: the others wait for this one.)
      if !sawTransparency && !image.isOpaque(threads: options.threads) { sawTransparency = true }
      guard warped.put(image.flattened(over: background)) else { break }
    }
    if isCancelled() { failures.record(CancellationError()) }
    if failures.failed { decoded.abandon() }
    warped.close()
    done.wait()
    if isCancelled() { throw CancellationError() }
    if let error = failures.first { throw error }
    let warnings = reader.value.warnings
    if !warnings.isEmpty { note("ffmpeg reported: \(warnings)") }
    if sawTransparency, format.container != nil,
      !VideoWriter.keepsAlpha(encoding.resolvedCodec, encoding)
    {
      let codec = encoding.resolvedCodec
      note(AnimationExport.transparencyNote(codec, over: encoding.background))
    }
    return VideoWarpResult(
      framesWritten: written.value, width: encodedWidth, height: encodedHeight,
      audio: encoding.audioSource == nil ? .none : encoding.audioPlan)
  }
}

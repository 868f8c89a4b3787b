import Foundation
import MeshWarpFiles
import MeshWarpRender

/// Frames rendered one at a time and written as an animation or a video:
/// the export of anything that changes over time (a still warped by an
/// animated mesh, a gradient, text, the genie effect).
public enum AnimationExport {
  /// Renders a frame at each of `times` with `render` and writes them to
  /// `path`, whose extension picks the format (``OutputFormat/infer(path:pngIsAnimated:)``:
  /// .png and .apng animated, .mp4, .mkv, .mov, .webm, .gif, .webp, a `%04d`
  /// pattern or a folder) unless `format` is given (standard output, `"-"`,
  /// takes any animated format; APNG by default). Nothing is left at `path` on failure or
  /// cancellation (writers write to a temporary file first).
  ///
  /// - Parameters:
  ///   - times: the frames' times and rate.
  ///   - width: the frames' width in pixels (> 0); every rendered frame has it.
  ///   - height: the frames' height in pixels (> 0).
  ///   - path: the output file (or folder, or numbered pattern); `"-"`:
  ///     standard output.
  ///   - format: the format whatever `path` says (``OutputFormat/named(_:)``);
  ///     nil (default): from `path`.
  ///   - encoding: the ffmpeg outputs' settings (quality, background,
  ///     codec); the frame rate and container are set from `times` and
  ///     `path` (or `format`). With no codec, a MOV is ProRes 4444 with
  ///     alpha when its first or last frame has transparency, else ProRes
  ///     422 HQ (with a note); give the codec when only frames in between
  ///     have it.
  ///   - background: composited under every frame, also in formats that
  ///     keep alpha; nil or transparent: none.
  ///   - progress: called after each frame written.
  ///   - note: called with what a user should know (the codec chosen, an
  ///     odd size padded, transparency composited over the background in a
  ///     format without alpha).
  ///   - isCancelled: polled before each frame; true stops the export
  ///     with `CancellationError`.
  ///   - render: the frame at a time in seconds.
  /// - Throws: `VideoError.unsupportedOutput` for a path no writer
  ///   takes or a codec its container cannot hold, the writers' errors,
  ///   `render`'s errors, or `CancellationError`.
  public static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String,
    format: OutputFormat? = nil, encoding: VideoEncoding = VideoEncoding(),
    background: RGBA8? = nil,
    progress: @escaping @Sendable (ExportProgress) -> Void = { _ in },
    note: (String) -> Void = { _ in }, isCancelled: () -> Bool = { false },
    render: (Double) throws -> RGBAImage
  ) throws {
    try write(
      times, width: width, height: height, to: path, format: format, encoding: encoding,
      background: background, notesSize: true, progress: progress, note: note,
      isCancelled: isCancelled, render: render)
  }

  /// ``write(_:width:height:to:format:encoding:background:progress:note:isCancelled:render:)``;
  /// `notesSize` false leaves the note of an odd size padded to the
  /// caller (a ``VideoWarpPlan`` has it among its notes). `durations`,
  /// with `encoding.keepsFrameTimes`, gives each frame its own duration
  /// in seconds (a variable-rate clip's); nil: 1 / fps each.
  package static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String, format: OutputFormat?,
    encoding: VideoEncoding,
    background: RGBA8?, notesSize: Bool, progress: @escaping @Sendable (ExportProgress) -> Void,
    note: (String) -> Void, isCancelled: () -> Bool, durations: [Double]? = nil,
    render: (Double) throws -> RGBAImage
  ) throws {
    let container = try (format ?? OutputFormat.infer(path: path, pngIsAnimated: true)).container
    var encoding = encoding
    encoding.container = container
    try encoding.checkCodecFits(path: path)
    // With no codec given, a MOV's ProRes depends on transparency: the
    // first and last frames are rendered before the output is opened (an
    // animation that uncovers or shrinks shows it at its ends).
    var ends: [Int: RGBAImage] = [:]
    if let container, encoding.codec == nil, container.choosesCodecByContent,
      let last = times.times.indices.last
    {
      if isCancelled() { throw CancellationError() }
      for index in Set([0, last]) { ends[index] = try render(times.times[index]) }
      let transparent = ends.values.contains { !$0.flattened(over: background).isOpaque }
      encoding.codec = container.defaultCodec(transparent: transparent)
      note(codecChoiceNote(encoding.resolvedCodec, in: container))
    }
    if container != nil, notesSize,
      let text = VideoWriter.evenSizeNote(width: width, height: height, options: encoding)
    {
      note(text)
    }
    let codec = container == nil ? nil : encoding.resolvedCodec
    let sink = try FrameSinks.make(
      path: path, width: width, height: height,
      options: FrameSinkOptions(
        framesPerSecond: times.framesPerSecond, pngIsAnimated: true, format: format,
        video: encoding),
      totalFrames: times.times.count, progress: progress)
    var noted = false
    do {
      for (index, t) in times.times.enumerated() {
        if isCancelled() { throw CancellationError() }
        let image = try ends.removeValue(forKey: index) ?? render(t)
        if !noted, let codec, !codec.keepsAlpha, !image.isOpaque {
          noted = true
          note(transparencyNote(codec, over: encoding.background))
        }
        if let durations, index < durations.count {
          try sink.append(image.flattened(over: background), duration: durations[index])
        } else {
          try sink.append(image.flattened(over: background))
        }
      }
      if isCancelled() { throw CancellationError() }
      try sink.finish()
    } catch {
      sink.cancel()
      throw error
    }
  }

  /// Which ProRes a MOV got, and why (``VideoContainer/defaultCodec(transparent:)``).
  package static func codecChoiceNote(_ codec: VideoCodec, in container: VideoContainer)
    -> String
  {
    codec.keepsAlpha
      ? "\(container.displayName): \(codec.displayName) with alpha, as frames can have transparency"
      : "\(container.displayName): \(codec.displayName), as every frame is opaque (ProRes 4444 would keep alpha)"
  }

  /// What a format without alpha does with transparent frames.
  package static func transparencyNote(_ codec: VideoCodec, over b: RGBA8) -> String {
    "\(codec.displayName) has no alpha: transparent parts are composited over "
      + String(format: "#%02X%02X%02X", b.r, b.g, b.b)
  }
}

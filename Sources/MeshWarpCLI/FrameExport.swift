import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// The export of a command's frames: a still through the command's image
/// options, an animation through the library's `AnimationExport`.
enum FrameExport {
  /// Renders `times.count` frames with `render` and writes them to `path`
  /// (format from its extension: .png, .apng, .mp4, a `%04d` pattern or a
  /// folder; for an animation to `-`, `--format`, else APNG). A still goes to a PNG, JPEG or WebP (`image`'s `--format`
  /// overrides the extension); an animation to any of the others. On failure
  /// nothing is left at `path` (writers write to a temporary file first).
  /// `video` sets the ffmpeg outputs' quality and background (default:
  /// from `image`'s `--quality` and `--background`). Ctrl-C or
  /// SIGTERM (or SIGHUP, SIGQUIT) stops the export (`CLIError.interrupted`) with no output left.
  /// `oneFrame` is the option that asks for one picture instead (named
  /// when the output's name is a still's: `.png`, `.jpg`).
  static func write(
    _ times: FrameTimes, width: Int, height: Int, to path: String,
    video: VideoEncoding? = nil, console: Console,
    image: ImageOutputOptions = ImageOutputOptions(), oneFrame: String = "--time T",
    render: (Double) throws -> RGBAImage
  ) throws {
    let video = video ?? VideoOptions.encoding(image)
    if !times.isAnimation {
      if let codec = video.codec {
        throw CLIError.usage(
          "--codec \(codec.rawValue) is for video outputs; add --duration S for an animation")
      }
      if image.format == nil, let animated = try? OutputFormat.infer(path: path), animated != .png,
        ImageFormat.fileExtension(of: path).flatMap(ImageFormat.init(fileExtension:)) == nil
      {
        throw CLIError.usage(
          "\(path): a single frame is written as .png, .jpg, .webp or .tif; add --duration S for an animation"
        )
      }
      let format = try image.stillFormat(for: path)
      // A step past a second shows itself on a terminal (a large still's
      // render or encode).
      let status = StageStatus(console: console)
      defer { status.finish() }
      status.enter(.rendering)
      let picture = try render(times.times[0])
      status.enter(.encoding)
      try image.write(.rgba8(picture), to: path, console: console, format: format)
      status.finish()
      if path != StandardOutput.path { console.error("wrote \(path) (\(width)x\(height))") }
      return
    }
    _ = try AnimatedOutput.format(of: path, oneFrame: oneFrame)
    let format = try AnimatedOutput.check(format: image.format, path: path)
    try AnimatedOutput.checkExistingFrames(
      at: path, overwrite: image.overwrite, noClobber: image.noClobber)
    try AnimatedOutput.check(codec: video.codec, path: path)
    try AnimatedOutput.check(encoderSettings: video, path: path, format: format)
    if image.format == nil {
      AnimatedOutput.noteAnimatedPNG(at: path, oneFrame: oneFrame, console: console)
    }
    try ConsoleExport.run(total: times.times.count, output: path, console: console) {
      progress, note, isCancelled in
      try AnimationExport.write(
        times, width: width, height: height, to: path, format: format, encoding: video,
        background: image.background?.rgba, progress: progress, note: note,
        isCancelled: isCancelled, render: render)
    }
    if path != StandardOutput.path {
      let size = AnimatedOutput.encodedSize(width: width, height: height, path: path, video: video)
      console.error(
        "wrote \(path) (\(plural(times.times.count, "frame")), \(size.width)x\(size.height), \(times.framesPerSecond) fps)"
      )
    }
  }
}

import Foundation

/// Reading a video's properties with `ffprobe -print_format json
/// -show_streams -show_format`.
public enum VideoProbe {
  /// Runs ffprobe on `path` and describes its first video stream.
  ///
  /// - Parameters:
  ///   - path: the video file.
  ///   - ffprobePath: the ffprobe to run (see
  ///     ``VideoReader/tools(environment:)``).
  /// - Throws: ``VideoInputError`` (cannot decode, no video stream,
  ///   unsupported) or `VideoError.toolUnavailable` when ffprobe
  ///   does not start.
  public static func probe(path: String, ffprobePath: String) throws -> VideoInfo {
    let child = try ChildProcess(
      tool: "ffprobe", executable: ffprobePath,
      arguments: [
        "-hide_banner", "-loglevel", "error", "-print_format", "json", "-show_streams",
        "-show_format",
      ] + InputDemuxer.options(path: path) + [ChildProcess.inputURL(path)])
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = try chunk.withUnsafeMutableBytes { try child.read(into: $0) }
      if n == 0 { break }
      output += chunk[0..<n]
      guard output.count < 64 << 20 else { break }
    }
    let ending = child.wait()
    guard ending.succeeded else {
      throw VideoInputError.cannotDecode(
        path: path, tool: "ffprobe", detail: child.lastErrorLine(replacingInput: path))
    }
    return try parse(output, path: path)
  }

  /// Describes the first video stream of ffprobe's JSON `bytes` (any bytes:
  /// malformed input is an error, never a trap).
  ///
  /// - Throws: ``VideoInputError``.
  public static func parse(_ bytes: [UInt8], path: String) throws(VideoInputError) -> VideoInfo {
    let report: Report
    do {
      report = try JSONDecoder().decode(Report.self, from: Data(bytes))
    } catch {
      throw .cannotDecode(path: path, tool: "ffprobe", detail: "unreadable ffprobe output")
    }
    let streams = report.streams ?? []
    guard
      let stream = streams.first(where: {
        $0.codec_type == "video" && $0.disposition?.attached_pic != 1
      })
    else {
      let kinds = streams.map { "\($0.codec_type ?? "unknown") (\($0.codec_name ?? "?"))" }
      throw .noVideoStream(path: path, streams: kinds.joined(separator: ", "))
    }
    let codec = stream.codec_name ?? ""
    let storedWidth = stream.width ?? 0
    let storedHeight = stream.height ?? 0
    guard storedWidth > 0, storedHeight > 0 else {
      if codec == "webp" {
        throw .unsupported(
          path: path,
          reason:
            "this ffmpeg cannot decode it (an animated WebP? ffmpeg's WebP decoder reads still images only before version 8)"
        )
      }
      throw .unsupported(path: path, reason: "ffprobe reports no frame size for its video stream")
    }
    guard
      let rate = stream.avg_frame_rate.flatMap(FrameRate.init(ffprobe:))
        ?? stream.r_frame_rate.flatMap(FrameRate.init(ffprobe:))
    else {
      throw .unsupported(path: path, reason: "ffprobe reports no frame rate for its video stream")
    }
    let rotation = Self.rotation(of: stream)
    let turned = rotation % 180 == 90
    let pixelFormat = stream.pix_fmt ?? ""
    let duration = (stream.duration ?? report.format?.duration).flatMap(Double.init).flatMap {
      $0.isFinite && $0 >= 0 ? $0 : nil
    }
    return VideoInfo(
      width: turned ? storedHeight : storedWidth, height: turned ? storedWidth : storedHeight,
      storedWidth: storedWidth, storedHeight: storedHeight, rotation: rotation, frameRate: rate,
      frameCount: stream.nb_frames.flatMap { Int($0) }.flatMap { $0 > 0 ? $0 : nil },
      duration: duration, hasAudio: streams.contains { $0.codec_type == "audio" },
      hasAlpha: hasAlpha(pixelFormat: pixelFormat)
        || (["vp8", "vp9"].contains(codec) && stream.tags?["alpha_mode"] == "1"),
      codec: codec, pixelFormat: pixelFormat, streamIndex: stream.index ?? 0,
      colorMatrix: named(stream.color_space), colorRange: named(stream.color_range))
  }

  /// The display matrix's counterclockwise rotation (side data), else the
  /// older `rotate` tag (clockwise degrees), in 0..<360 rounded to a degree.
  static func rotation(of stream: Report.Stream) -> Int {
    let degrees: Double
    if let side = stream.side_data_list?.compactMap(\.rotation).first {
      degrees = side
    } else if let tag = stream.tags?["rotate"].flatMap(Double.init) {
      degrees = -tag
    } else {
      return 0
    }
    guard degrees.isFinite, abs(degrees) < 1e9 else { return 0 }
    let whole = Int(degrees.rounded()) % 360
    return whole < 0 ? whole + 360 : whole
  }

  /// ffprobe's name for a colour property, "" for none ("unknown",
  /// "unspecified" or absent).
  static func named(_ value: String?) -> String {
    guard let value, value != "unknown", value != "unspecified" else { return "" }
    return value
  }

  /// Pixel formats with an alpha channel (ffmpeg's names), and palettes
  /// (GIF and PNG palettes may hold transparency).
  static func hasAlpha(pixelFormat: String) -> Bool {
    let f = pixelFormat
    return f.hasPrefix("yuva") || f.hasPrefix("gbrap") || f.hasPrefix("ya")
      || f.contains("rgba") || f.contains("bgra") || f.contains("argb") || f.contains("abgr")
      || f == "pal8"
  }

  /// The part of ffprobe's JSON that is read (ffprobe's own key names).
  // swift-format-ignore: AlwaysUseLowerCamelCase
  struct Report: Decodable {
    struct Stream: Decodable {
      struct Disposition: Decodable { var attached_pic: Int? }
      struct SideData: Decodable { var rotation: Double? }
      var index: Int?
      var codec_name: String?
      var codec_type: String?
      var width: Int?
      var height: Int?
      var pix_fmt: String?
      var color_space: String?
      var color_range: String?
      var r_frame_rate: String?
      var avg_frame_rate: String?
      var duration: String?
      var nb_frames: String?
      var disposition: Disposition?
      var tags: [String: String]?
      var side_data_list: [SideData]?
    }
    struct Format: Decodable { var duration: String? }
    var streams: [Stream]?
    var format: Format?
  }
}

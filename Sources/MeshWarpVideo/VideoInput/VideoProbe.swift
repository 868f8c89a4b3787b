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
    let webp = try AnimatedWebPInput.decoded(path)
    var info = try probe(path: path, reading: webp?.file ?? path, ffprobePath: ffprobePath)
    if let webp {
      info.codec = "webp"
      info.loopCount = webp.loopCount
    }
    return info
  }

  /// ``probe(path:ffprobePath:)`` of the file `input` (`path` itself, or
  /// what ``AnimatedWebPInput`` made of it), messages naming `path`.
  static func probe(path: String, reading input: String, ffprobePath: String) throws -> VideoInfo {
    let child = try ChildProcess(
      tool: "ffprobe", executable: ffprobePath,
      arguments: [
        "-hide_banner", "-loglevel", "error", "-print_format", "json", "-show_streams",
        "-show_format",
      ] + InputDemuxer.options(path: input) + [ChildProcess.inputURL(input)])
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
        path: path, tool: "ffprobe", detail: child.lastErrorLine(replacingInput: input, with: path))
    }
    var info = try parse(output, path: path)
    if info.color.isHDR, info.masteringDisplay == nil || info.contentLightLevel == nil {
      readFrameSideData(path: input, ffprobePath: ffprobePath, into: &info)
    }
    return info
  }

  /// An HDR stream's mastering display and content light level, which an
  /// HEVC stream carries in its first frame's SEI rather than in the
  /// container: `ffprobe -read_intervals %+#1 -show_entries frame_side_data` (one frame
  /// decoded). Left as it was when ffprobe fails.
  static func readFrameSideData(path: String, ffprobePath: String, into info: inout VideoInfo) {
    guard
      let child = try? ChildProcess(
        tool: "ffprobe", executable: ffprobePath,
        arguments: [
          "-hide_banner", "-loglevel", "error", "-print_format", "json",
          "-select_streams", "\(info.streamIndex)", "-read_intervals", "%+#1",
          "-show_entries", "frame_side_data",
        ] + InputDemuxer.options(path: path) + [ChildProcess.inputURL(path)])
    else { return }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while let n = try? chunk.withUnsafeMutableBytes({ try child.read(into: $0) }), n > 0 {
      output += chunk[0..<n]
      guard output.count < 1 << 20 else { break }
    }
    guard child.wait().succeeded,
      let report = try? JSONDecoder().decode(FramesReport.self, from: Data(output))
    else { return }
    let sides = (report.frames ?? []).flatMap { $0.side_data_list ?? [] }
    info.masteringDisplay = info.masteringDisplay ?? sides.lazy.compactMap(\.masteringDisplay).first
    info.contentLightLevel =
      info.contentLightLevel ?? sides.lazy.compactMap(\.contentLightLevel).first
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
      colorMatrix: named(stream.color_space), colorRange: named(stream.color_range),
      colorPrimaries: named(stream.color_primaries), colorTransfer: named(stream.color_transfer),
      masteringDisplay: stream.side_data_list?.lazy.compactMap(\.masteringDisplay).first,
      contentLightLevel: stream.side_data_list?.lazy.compactMap(\.contentLightLevel).first)
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
      struct SideData: Decodable {
        var rotation: Double?
        var red_x: String?
        var red_y: String?
        var green_x: String?
        var green_y: String?
        var blue_x: String?
        var blue_y: String?
        var white_point_x: String?
        var white_point_y: String?
        var min_luminance: String?
        var max_luminance: String?
        var max_content: Int?
        var max_average: Int?

        /// The mastering display, when this side data is one (values as
        /// ffprobe's fractions, "34000/50000").
        var masteringDisplay: MasteringDisplay? {
          let xy = [red_x, red_y, green_x, green_y, blue_x, blue_y, white_point_x, white_point_y]
            .compactMap { $0.flatMap(VideoProbe.fraction) }
          // Chromaticities within 0…1 and luminances within 0…10⁶ cd/m²
          // (x265's units must fit in an integer): else none.
          guard xy.count == 8, xy.allSatisfy({ (0...1).contains($0) }),
            let low = min_luminance.flatMap(VideoProbe.fraction),
            let high = max_luminance.flatMap(VideoProbe.fraction),
            (0...1e6).contains(low), (0...1e6).contains(high)
          else { return nil }
          return MasteringDisplay(chromaticities: xy, minLuminance: low, maxLuminance: high)
        }

        /// The content light level, when this side data is one.
        var contentLightLevel: ContentLightLevel? {
          guard let max_content, let max_average, max_content >= 0, max_average >= 0 else {
            return nil
          }
          return ContentLightLevel(maxContent: max_content, maxFrameAverage: max_average)
        }
      }
      var index: Int?
      var codec_name: String?
      var codec_type: String?
      var width: Int?
      var height: Int?
      var pix_fmt: String?
      var color_space: String?
      var color_primaries: String?
      var color_transfer: String?
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
    struct Frame: Decodable { var side_data_list: [Stream.SideData]? }
    var streams: [Stream]?
    var format: Format?
  }

  /// What `-show_entries frame=side_data_list` prints.
  // swift-format-ignore: AlwaysUseLowerCamelCase
  struct FramesReport: Decodable { var frames: [Report.Frame]? }

  /// ffprobe's `"34000/50000"` (or a plain number) as a number; nil when
  /// unreadable or the denominator is 0.
  static func fraction(_ text: String) -> Double? {
    let parts = text.split(separator: "/")
    guard let n = parts.first.flatMap({ Double($0) }) else { return nil }
    guard parts.count == 2 else { return parts.count == 1 && n.isFinite ? n : nil }
    guard let d = Double(parts[1]), d != 0, (n / d).isFinite else { return nil }
    return n / d
  }
}

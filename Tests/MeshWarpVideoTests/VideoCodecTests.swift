import Foundation
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// The video outputs by extension and the ffmpeg command lines they get
/// (no ffmpeg needed: the encodes themselves are checked by the CLI's
/// video tests with ffprobe).
@Suite struct VideoCodecTests {
  @Test func extensionsPickTheirContainers() throws {
    #expect(try OutputFormat.infer(path: "a.mp4") == .video(.mp4))
    #expect(try OutputFormat.infer(path: "a.MOV") == .video(.mov))
    #expect(try OutputFormat.infer(path: "a.mkv") == .video(.mkv))
    #expect(try OutputFormat.infer(path: "a.webm") == .video(.webm))
    #expect(try OutputFormat.infer(path: "a.gif") == .video(.gif))
    #expect(try OutputFormat.infer(path: "a.webp") == .video(.webp))
    #expect(OutputFormat.video(.mp4).keepsAlpha == false)
    #expect(OutputFormat.video(.mov).keepsAlpha && OutputFormat.video(.webm).keepsAlpha)
    #expect(throws: VideoError.self) { try OutputFormat.infer(path: "a.avi") }
  }

  /// Which codec each container takes, its default, and the one-line
  /// refusal naming the allowed ones.
  @Test func containersHoldTheirCodecs() throws {
    #expect(VideoEncoding().resolvedCodec == .h264 && VideoEncoding().resolvedContainer == .mp4)
    #expect(VideoEncoding(codec: .prores422hq).resolvedContainer == .mov)
    #expect(VideoEncoding(container: .mov).resolvedCodec == .prores4444)
    #expect(VideoContainer.mov.defaultCodec(transparent: false) == .prores422hq)
    #expect(VideoContainer.mov.defaultCodec(transparent: true) == .prores4444)
    #expect(VideoContainer.mkv.defaultCodec(transparent: true) == .h264)
    for codec in [VideoCodec.prores4444, .prores422hq, .h264, .hevc] {
      #expect(VideoEncoding(codec: codec, container: .mov).codecMismatch == nil)
    }
    #expect(VideoEncoding(codec: .vp9, container: .mkv).codecMismatch == nil)
    #expect(VideoEncoding(codec: .hevc, container: .mkv).codecMismatch == nil)
    #expect(
      VideoEncoding(codec: .vp9, container: .mp4).codecMismatch
        == "MP4 cannot hold vp9; it takes h264, hevc")
    #expect(VideoEncoding(codec: .h264, container: .webm).codecMismatch?.contains("vp9") == true)
    #expect(throws: VideoError.self) {
      _ = try VideoWriter(
        path: "/nonexistent/x.mp4", width: 8, height: 8,
        options: VideoEncoding(codec: .prores4444, container: .mp4))
    }
  }

  /// HEVC tagged `hvc1` in MP4 and MOV (Apple's players), not in MKV;
  /// x265 quiet; ProRes 422 HQ is profile 3 in 4:2:2 without alpha.
  @Test func hevcAndProRes422HQArguments() {
    func arguments(_ codec: VideoCodec, _ container: VideoContainer) -> String {
      VideoWriter.arguments(
        width: 64, height: 48, options: VideoEncoding(codec: codec, container: container),
        outputPath: "x"
      ).joined(separator: " ")
    }
    for container in [VideoContainer.mp4, .mov] {
      let hevc = arguments(.hevc, container)
      #expect(hevc.contains("-c:v libx265") && hevc.contains("-tag:v hvc1"))
      #expect(hevc.contains("log-level=error") && hevc.contains("-f \(container.rawValue)"))
    }
    #expect(!arguments(.hevc, .mkv).contains("hvc1") && arguments(.hevc, .mkv).contains("matroska"))
    let hq = arguments(.prores422hq, .mov)
    #expect(
      hq.contains("-profile:v 3") && hq.contains("format=yuv422p10le") && !hq.contains("yuva"))
    #expect(
      arguments(.h264, .mov).contains("-c:v libx264")
        && arguments(.h264, .mov).hasSuffix("-f mov -y x"))
    #expect(
      arguments(.vp9, .mkv).contains("libvpx-vp9") && arguments(.vp9, .mkv).contains("-f matroska"))
    // An odd size: padded for ProRes too (ffmpeg would drop a column and
    // row), keeping alpha for 4444.
    let odd = VideoWriter.arguments(
      width: 65, height: 49, options: VideoEncoding(codec: .prores4444), outputPath: "x"
    ).joined(separator: " ")
    #expect(odd.contains("format=gbrap,pad=") && odd.contains("fillborders"))
  }

  @Test func eachCodecGetsItsEncoderPixelFormatAndTags() {
    func arguments(_ codec: VideoCodec, audio: String? = nil) -> [String] {
      VideoWriter.arguments(
        width: 64, height: 48, options: VideoEncoding(codec: codec, audioSource: audio),
        outputPath: "x")
    }
    let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
    let h264 = arguments(.h264)
    #expect(h264.contains("libx264") && h264.contains("18"))
    #expect(h264.joined(separator: " ").contains(tags.joined(separator: " ")))
    // (At an even size the writer converts to yuv420p itself.)
    #expect(h264.joined(separator: " ").contains("-pix_fmt yuv420p"))
    #expect(h264.contains { $0.contains("setparams=color_primaries=bt709") })
    let prores = arguments(.prores4444)
    #expect(prores.contains("prores_ks") && prores.contains("4444"))
    #expect(prores.contains { $0.contains("format=yuva444p10le") })
    let vp9 = arguments(.vp9)
    #expect(vp9.contains("libvpx-vp9") && vp9.contains { $0.contains("format=yuva420p") })
    // GIF in two passes: the palette and a lossless copy of the frames
    // beside the output, then the copy mapped to the palette.
    let gif = arguments(.gif)
    #expect(gif.contains { $0.contains("palettegen") } && gif.contains("ffv1"))
    #expect(gif.contains("x.palette.png") && gif.contains("x.frames.mkv") && gif.last != "x")
    let second = VideoWriter.gifSecondPassArguments(outputPath: "x")
    #expect(second.contains { $0.contains("paletteuse=dither") } && second.contains("-loop"))
    #expect(second.contains("x.palette.png") && second.contains("x.frames.mkv"))
    #expect(second.last == "x")
    #expect(arguments(.webp).contains("libwebp_anim"))
    // Audio: copied from a second input, where the container holds it.
    let withAudio = arguments(.h264, audio: "in.mp4").joined(separator: " ")
    #expect(withAudio.contains("-i file:in.mp4 -map 0:v -map 1:a? -c:a copy"))
    #expect(!arguments(.gif, audio: "in.mp4").contains("file:in.mp4"))
  }

  /// Standard output (`pipe:1`) cannot seek: MP4 and MOV are fragmented
  /// there (faststart would seek back), files keep faststart; GIF's
  /// intermediate files are named after the path given for them, its
  /// second pass writes to the pipe.
  @Test func streamedOutputNeedsNoSeeking() {
    let pipe = VideoWriter.standardOutputTarget
    func arguments(
      _ codec: VideoCodec, in container: VideoContainer? = nil, to path: String
    ) -> String {
      VideoWriter.arguments(
        width: 64, height: 48, options: VideoEncoding(codec: codec, container: container),
        outputPath: path, intermediates: "/tmp/g"
      ).joined(separator: " ")
    }
    let fragmented = "-movflags frag_keyframe+empty_moov+default_base_moof"
    #expect(arguments(.h264, to: pipe).hasSuffix(fragmented + " -f mp4 -y pipe:1"))
    #expect(arguments(.prores4444, to: pipe).hasSuffix(fragmented + " -f mov -y pipe:1"))
    #expect(arguments(.h264, to: "x").contains("-movflags +faststart -f mp4 -y x"))
    #expect(!arguments(.prores4444, to: "x").contains("-movflags"))
    #expect(arguments(.h264, in: .mkv, to: pipe).hasSuffix("-f matroska -y pipe:1"))
    #expect(arguments(.prores422hq, to: pipe).hasSuffix(fragmented + " -f mov -y pipe:1"))
    #expect(arguments(.hevc, in: .mp4, to: pipe).contains(fragmented + " -f mp4 -y pipe:1"))
    #expect(arguments(.vp9, to: pipe).hasSuffix("-f webm -y pipe:1"))
    let gif = arguments(.gif, to: pipe)
    #expect(gif.contains("/tmp/g.palette.png") && gif.contains("/tmp/g.frames.mkv"))
    #expect(!gif.contains("pipe:1"))
    let second = VideoWriter.gifSecondPassArguments(outputPath: pipe, intermediates: "/tmp/g")
    #expect(second.contains("/tmp/g.frames.mkv") && second.last == pipe)
  }

  /// `--quality` to each encoder's setting: the anchors the table in
  /// `VideoQuality` documents, monotonic in between, and `--crf` over it.
  @Test func qualityMapsToEachEncodersSetting() {
    func crf(_ q: Int, _ codec: VideoCodec) -> Int? {
      VideoQuality.constantRateFactor(quality: q, codec: codec)
    }
    #expect(crf(100, .h264) == 0 && crf(90, .h264) == 18 && crf(1, .h264) == 51)
    #expect(crf(77, .h264) == 23 && crf(0, .h264) == 51 && crf(200, .h264) == 0)
    #expect(crf(100, .vp9) == 0 && crf(90, .vp9) == 24 && crf(1, .vp9) == 63)
    #expect(crf(100, .hevc) == 0 && crf(90, .hevc) == 23 && crf(1, .hevc) == 51)
    #expect(crf(90, .prores4444) == nil && crf(90, .gif) == nil && crf(90, .webp) == nil)
    #expect(crf(90, .prores422hq) == nil)
    for codec in [VideoCodec.h264, .hevc, .vp9] {
      let values = (1...100).map { crf($0, codec)! }
      #expect(zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }, "\(codec) monotonic")
    }
    func value(after flag: String, _ options: VideoEncoding) -> String? {
      let a = VideoWriter.arguments(width: 64, height: 48, options: options, outputPath: "x")
      return a.firstIndex(of: flag).map { a[$0 + 1] }
    }
    #expect(value(after: "-crf", VideoEncoding()) == "18")
    #expect(value(after: "-crf", VideoEncoding(quality: 50)) == "33")
    #expect(value(after: "-crf", VideoEncoding(quality: 50, codec: .vp9)) == "42")
    #expect(value(after: "-crf", VideoEncoding(quality: 50, constantRateFactor: 23)) == "23")
    #expect(value(after: "-quality", VideoEncoding(quality: 63, codec: .webp)) == "63")
  }
}

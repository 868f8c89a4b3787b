import Foundation
import Testing

@testable import MeshWarpIO
@testable import MeshWarpVideo

/// The video outputs by extension and the ffmpeg command lines they get
/// (no ffmpeg needed: the encodes themselves are checked by the CLI's
/// video tests with ffprobe).
@Suite struct VideoCodecTests {
  @Test func extensionsPickTheirEncoders() throws {
    #expect(try OutputFormat.infer(path: "a.mp4") == .video(.h264))
    #expect(try OutputFormat.infer(path: "a.MOV") == .video(.prores4444))
    #expect(try OutputFormat.infer(path: "a.webm") == .video(.vp9))
    #expect(try OutputFormat.infer(path: "a.gif") == .video(.gif))
    #expect(try OutputFormat.infer(path: "a.webp") == .video(.webp))
    #expect(OutputFormat.video(.h264).keepsAlpha == false)
    #expect(OutputFormat.video(.prores4444).keepsAlpha && OutputFormat.video(.vp9).keepsAlpha)
    #expect(throws: VideoError.self) { try OutputFormat.infer(path: "a.avi") }
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

  /// `--quality` to each encoder's setting: the anchors the table in
  /// `VideoQuality` documents, monotonic in between, and `--crf` over it.
  @Test func qualityMapsToEachEncodersSetting() {
    func crf(_ q: Int, _ codec: VideoCodec) -> Int? {
      VideoQuality.constantRateFactor(quality: q, codec: codec)
    }
    #expect(crf(100, .h264) == 0 && crf(90, .h264) == 18 && crf(1, .h264) == 51)
    #expect(crf(77, .h264) == 23 && crf(0, .h264) == 51 && crf(200, .h264) == 0)
    #expect(crf(100, .vp9) == 0 && crf(90, .vp9) == 24 && crf(1, .vp9) == 63)
    #expect(crf(90, .prores4444) == nil && crf(90, .gif) == nil && crf(90, .webp) == nil)
    for codec in [VideoCodec.h264, .vp9] {
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

import Foundation
import Testing

@testable import MeshWarpIO
@testable import MeshWarpVideo

/// The video outputs by extension and the ffmpeg command lines they get
/// (no ffmpeg needed: the encodes themselves are checked by the CLI's
/// video tests with ffprobe).
@Suite struct VideoCodecTests {
  @Test func extensionsPickTheirEncoders() throws {
    #expect(try OutputFormat.infer(path: "a.mp4") == .mp4)
    #expect(try OutputFormat.infer(path: "a.MOV") == .video(.prores4444))
    #expect(try OutputFormat.infer(path: "a.webm") == .video(.vp9))
    #expect(try OutputFormat.infer(path: "a.gif") == .video(.gif))
    #expect(try OutputFormat.infer(path: "a.webp") == .video(.webp))
    #expect(OutputFormat.mp4.keepsAlpha == false)
    #expect(OutputFormat.video(.prores4444).keepsAlpha && OutputFormat.video(.vp9).keepsAlpha)
    #expect(throws: MeshWarpIOError.self) { try OutputFormat.infer(path: "a.avi") }
  }

  @Test func eachCodecGetsItsEncoderPixelFormatAndTags() {
    func arguments(_ codec: VideoCodec, audio: String? = nil) -> [String] {
      MP4Writer.arguments(
        width: 64, height: 48, options: MP4Options(codec: codec, audioSource: audio),
        outputPath: "x")
    }
    let tags = ["-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709"]
    let h264 = arguments(.h264)
    #expect(h264.contains("libx264") && h264.contains("18"))
    #expect(h264.joined(separator: " ").contains(tags.joined(separator: " ")))
    #expect(h264.contains { $0.contains("out_color_matrix=bt709:out_range=tv,format=yuv420p") })
    let prores = arguments(.prores4444)
    #expect(prores.contains("prores_ks") && prores.contains("4444"))
    #expect(prores.contains { $0.contains("format=yuva444p10le") })
    let vp9 = arguments(.vp9)
    #expect(vp9.contains("libvpx-vp9") && vp9.contains { $0.contains("format=yuva420p") })
    let gif = arguments(.gif)
    #expect(gif.contains { $0.contains("palettegen") && $0.contains("paletteuse=dither") })
    #expect(gif.contains("-loop"))
    #expect(arguments(.webp).contains("libwebp_anim"))
    // Audio: copied from a second input, where the container holds it.
    let withAudio = arguments(.h264, audio: "in.mp4").joined(separator: " ")
    #expect(withAudio.contains("-i file:in.mp4 -map 0:v -map 1:a? -c:a copy"))
    #expect(!arguments(.gif, audio: "in.mp4").contains("file:in.mp4"))
  }
}

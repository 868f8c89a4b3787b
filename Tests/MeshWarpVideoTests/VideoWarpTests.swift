import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Synchronization
import Testing
import _TestSupport

@testable import MeshWarpVideo

/// `VideoWarp`, the library's warp over time, on a clip made here by
/// ffmpeg (64×48, 10 frames at 10 fps, a sine tone as AAC).
@Suite(.enabled(if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
struct VideoWarpTests {
  static func clip(in folder: borrowing TemporaryDirectory) throws -> String {
    let path = folder.file("clip.mp4")
    try ToolProcess.output(
      VideoTools.ffmpeg!,
      [
        "-v", "error", "-nostdin", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10", "-f",
        "lavfi", "-i", "sine=frequency=440:sample_rate=8000", "-t", "1", "-c:v", "libx264",
        "-pix_fmt", "yuv420p", "-c:a", "aac", path,
      ])
    return path
  }

  static let wave = MeshPresets.sinusoidal(columns: 8, rows: 8, amplitude: 0.5)

  /// The plan decides (odd size padded for H.264, audio copied) and writes
  /// nothing; its run writes what it said.
  @Test func planSaysWhatWillHappenBeforeAnythingIsWritten() throws {
    let folder = try TemporaryDirectory()
    let clip = try Self.clip(in: folder)
    let out = folder.file("out.mp4")
    let job = VideoWarp(
      input: .video(path: clip), mesh: .still(Self.wave),
      output: VideoWarp.Output(path: out, width: 63, height: 47))
    let plan = try job.plan()
    #expect(plan.width == 63 && plan.height == 47)
    #expect(plan.encodedWidth % 2 == 0 && plan.encodedHeight % 2 == 0)
    #expect(plan.notes.contains { $0.hasPrefix("H.264 needs even sizes: 63x47") })
    #expect(plan.encoding.audioSource == clip && plan.encoding.audioPlan == .copy)
    #expect(!FileManager.default.fileExists(atPath: out))
    let notes = Mutex<[String]>([])
    let result = try plan.run(note: { note in notes.withLock { $0.append(note) } })
    #expect(result.framesWritten == 10 && result.audio == .copy)
    #expect(notes.withLock { $0 }.starts(with: plan.notes))
    let written = try VideoReader(path: out).info
    #expect(written.width == plan.encodedWidth && written.frameCount == 10 && written.hasAudio)
  }

  /// Cancelled after the first frame: `CancellationError`, no output.
  @Test func cancellationLeavesNoOutput() throws {
    let folder = try TemporaryDirectory()
    let clip = try Self.clip(in: folder)
    let out = folder.file("out.mp4")
    let written = Atomic<Int>(0)
    let job = VideoWarp(
      input: .video(path: clip), mesh: .still(Self.wave), output: VideoWarp.Output(path: out))
    #expect(throws: CancellationError.self) {
      try job.run(
        progress: { written.store($0.framesWritten, ordering: .relaxed) },
        isCancelled: { written.load(ordering: .relaxed) >= 1 })
    }
    #expect(!FileManager.default.fileExists(atPath: out))
  }

  /// A still image under an animated mesh: one frame per time, the first
  /// and last the keyframes' warps.
  @Test func stillImageThroughAKeyframedMesh() throws {
    let folder = try TemporaryDirectory()
    let picture = ImageGenerators.checkerboard(width: 32, height: 24, cell: 4)
    let out = folder.file("frames") + "/"
    let animation = try MeshAnimation.between(
      WarpMesh.identity(columns: 8, rows: 8), Self.wave, duration: 1)
    let frames = FrameTimes(times: [0, 0.5, 1], framesPerSecond: 2)
    let result = try VideoWarp(
      input: .image(picture, frames: frames), mesh: animation,
      output: VideoWarp.Output(path: out)
    ).run()
    #expect(result.framesWritten == 3 && result.width == 32 && result.height == 24)
    let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    let images = try files.map { try PNGDecoder.decodeFile(path: out + $0) }
    #expect(images.count == 3)
    let options = WarpOptions(width: 32, height: 24)
    let start = WarpRenderer.render(
      picture, mesh: try #require(animation.mesh(at: 0)), options: options)
    let end = WarpRenderer.render(picture, mesh: Self.wave, options: options)
    #expect(start.pixels != end.pixels)
    #expect(images.first?.pixels == start.pixels, "the first frame is the start mesh's warp")
    #expect(images.last?.pixels == end.pixels, "the last frame is the end mesh's warp")
  }

  /// A still image under an animated effect: each frame is the effect's
  /// field drawn directly (`WarpRenderer.render(_:field:options:into:)`)
  /// at that time, the first and last the keyframes' effects.
  @Test func stillImageThroughAnAnimatedEffect() throws {
    let folder = try TemporaryDirectory()
    let picture = ImageGenerators.checkerboard(width: 48, height: 32, cell: 4)
    let out = folder.file("frames") + "/"
    let (start, end) = (MeshEffect.twirl(degrees: 0), MeshEffect.twirl(degrees: 180))
    let timeline = try Timeline<MeshEffect>([
      .init(time: 0, value: start), .init(time: 1, value: end),
    ])
    let frames = FrameTimes(times: [0, 0.5, 1], framesPerSecond: 2)
    let result = try VideoWarp(
      input: .image(picture, frames: frames), mesh: .animatedEffect(timeline),
      output: VideoWarp.Output(path: out)
    ).run()
    #expect(result.framesWritten == 3)
    let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
    let images = try files.map { try PNGDecoder.decodeFile(path: out + $0) }
    func drawn(_ effect: MeshEffect) throws -> RGBAImage {
      var image = RGBAImage(width: 0, height: 0)
      WarpRenderer.render(
        picture, field: try WarpField(effect, width: 48, height: 32),
        options: WarpOptions(width: 48, height: 32), into: &image)
      return image
    }
    #expect(images.first?.pixels == picture.pixels, "a twirl of 0° is the picture")
    #expect(images.last?.pixels == (try drawn(end)).pixels, "the last frame is the end's field")
    #expect(images.last?.pixels != picture.pixels)
  }
}

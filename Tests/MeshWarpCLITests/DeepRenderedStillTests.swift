import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

/// `gradient` and `text` with `--depth 16` and `--profile display-p3`: a
/// still rendered at 16 bits (no banding) or tagged Display P3, and the
/// outputs that cannot hold them refused.
@Suite struct DeepRenderedStillTests {
  @Test func sixteenBitGradientHasNoBanding() throws {
    let dir = TemporaryFolder()
    var run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "256x256", "--depth", "16", "--no-dither",
      "-o", dir.file("deep.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "256x256", "--no-dither", "-o",
      dir.file("eight.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let deep = try ImageDecoder.decodeFile(path: dir.file("deep.png"))
    let eight = try ImageDecoder.decodeFile(path: dir.file("eight.png"))
    guard case .rgba16(let picture) = deep.pixels else {
      Issue.record("the 16-bit gradient decoded at 8 bits")
      return
    }
    // Many more levels than 8 bits hold, and the same picture rounded.
    let greens = Set(stride(from: 1, to: picture.pixels.count, by: 4).map { picture.pixels[$0] })
    #expect(greens.count > 4 * 256, "\(greens.count) greens")
    let worst =
      zip(picture.rounded8().pixels, eight.image.pixels)
      .map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1, "\(worst) levels from the 8-bit render")
  }

  @Test func sixteenBitTextAndDisplayP3() throws {
    let dir = TemporaryFolder()
    var run = ToolRun([
      "text", "Hi", "--font-size", "60", "--depth", "16", "--size", "200x100", "-o",
      dir.file("text.tif"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let text = try ImageDecoder.decodeFile(path: dir.file("text.tif"))
    guard case .rgba16(let picture) = text.pixels else {
      Issue.record("the 16-bit text decoded at 8 bits")
      return
    }
    #expect(picture.width == 200 && picture.height == 100)
    // The letters' gradient at 16 bits: colours no 8-bit picture has (the
    // coverage itself is 8-bit: its alphas are multiples of 257).
    let deepColours = stride(from: 0, to: picture.pixels.count, by: 4).filter { i in
      picture.pixels[i + 3] > 0 && picture.pixels[i] % 257 != 0
    }
    #expect(deepColours.count > 100, "\(deepColours.count) deep colours")
    run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "64x64", "--profile", "display-p3", "-o",
      dir.file("p3.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let p3 = try ImageDecoder.decodeFile(path: dir.file("p3.png"))
    #expect(
      p3.color.iccProfile != nil && p3.color.iccProfile == ColorDescription.displayP3.iccProfile)
  }

  @Test func outputsThatCannotHoldThemAreRefused() {
    let dir = TemporaryFolder()
    for (arguments, message) in [
      (["--depth", "16", "-o", dir.file("g.jpg")], "needs a PNG or TIFF output"),
      (["--depth", "16", "--duration", "1", "-o", dir.file("g.mp4")], "is for a still"),
      (["--profile", "display-p3", "--duration", "1", "-o", dir.file("g.gif")], "is for a still"),
      (["--depth", "12", "-o", dir.file("g.png")], "8 or 16 bits"),
    ] {
      let run = ToolRun(["gradient", "--preset", "meshing", "--size", "32x32"] + arguments)
      #expect(run.status == 2 && run.errors.contains(message), "\(arguments): \(run.errors)")
    }
  }
}

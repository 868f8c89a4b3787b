import Foundation
import MeshWarpCLI
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import Testing
import _TestSupport

@Suite struct GradientTextCommandTests {
  @Test func gradientStillFromPresetAndFile() throws {
    let dir = TemporaryFolder()
    let run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "64x48", "--no-dither", "-o", dir.file("g.png"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let image = try PNGDecoder.decodeFile(path: dir.file("g.png"))
    #expect(image.width == 64 && image.height == 48)
    // The preset's top-left vertex is red (0.922, 0, 0).
    #expect(abs(Int(image[0, 0].r) - 235) <= 2 && image[0, 0].g <= 2)

    let json = dir.write(
      #"{"width":2,"height":2,"points":[[0,0],[1,0],[0,1],[1,1]],"colors":[[1,0,0],[0,1,0],[0,0,1],[1,1,1]],"smoothsColors":false}"#,
      "g.json")
    let file = ToolRun([
      "gradient", json, "--size", "20x20", "--no-dither", "-o", dir.file("f.png"),
    ])
    #expect(file.status == 0, "\(file.errors)")
    let f = try PNGDecoder.decodeFile(path: dir.file("f.png"))
    #expect(f[0, 0].r >= 240 && f[19, 19].r >= 240 && f[19, 19].b >= 240)
  }

  @Test func gradientAnimationAsAPNG() throws {
    let dir = TemporaryFolder()
    let run = ToolRun([
      "gradient", "--preset", "meshing", "--size", "40x30", "--duration", "0.5", "--fps", "10",
      "-o",
      dir.file("g.apng"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let animation = try APNGReader.readFile(path: dir.file("g.apng"))
    #expect(animation.frames.count == 5)
    #expect(animation.loopCount == 0)
    // Frames differ: the preset moves.
    #expect(animation.frames[0].image != animation.frames[4].image)
  }

  @Test func badGradientInputs() {
    let dir = TemporaryFolder()
    let bad = dir.write(#"{"width":3,"height":3,"points":[[0,0]],"colors":[]}"#, "bad.json")
    let run = ToolRun(["gradient", bad, "-o", dir.file("x.png")])
    #expect(run.status == 1 && run.errors.contains("bad.json"))
    let preset = ToolRun(["gradient", "--preset", "nope", "-o", dir.file("x.png")])
    #expect(
      preset.status == 2
        && preset.errors == "meshwarp gradient: --preset expects one of meshing, got 'nope'\n")
    let neither = ToolRun(["gradient", "-o", dir.file("x.png")])
    #expect(
      neither.status == 2
        && neither.errors.hasPrefix(
          "meshwarp gradient: give a gradient FILE.json or --preset NAME\nUsage: meshwarp gradient")
    )
    let both = ToolRun(["gradient", bad, "--preset", "meshing", "-o", dir.file("x.png")])
    #expect(
      both.status == 2
        && both.errors == "meshwarp gradient: give either a gradient file or --preset, not both\n")
    let gif = ToolRun(["gradient", "--preset", "meshing", "-o", dir.file("x.gif")])
    #expect(gif.status != 0 && gif.errors.contains("x.gif"))
    let fps = ToolRun(["gradient", "--preset", "meshing", "--fps", "10", "-o", dir.file("x.png")])
    #expect(
      fps.status == 2
        && fps.errors == "meshwarp gradient: --fps needs --duration (how many seconds to render)\n")
  }

  @Test func textFilledWithTheGradient() throws {
    let dir = TemporaryFolder()
    let run = ToolRun(["text", "Meshing", "--font-size", "40", "-o", dir.file("t.png")])
    #expect(run.status == 0, "\(run.errors)")
    #expect(!run.errors.contains("deprecated"))
    #expect(run.errors.contains("font: DejaVu Sans"))
    let image = try PNGDecoder.decodeFile(path: dir.file("t.png"))
    #expect(image.width > 150 && image.height > 30)
    let alphas = stride(from: 3, to: image.pixels.count, by: 4).map { image.pixels[$0] }
    #expect(alphas.contains(0) && alphas.contains(255))
    // Coloured where opaque: not grey.
    let opaque = (0..<(image.width * image.height)).filter { image.pixels[4 * $0 + 3] == 255 }
    let colorful = opaque.filter { i in
      let p = image.pixels[(4 * i)..<(4 * i + 3)].map(Int.init)
      return p.max()! - p.min()! > 60
    }
    #expect(colorful.count > opaque.count / 2)
  }

  @Test func textErrors() {
    let dir = TemporaryFolder()
    let family = ToolRun(["text", "Hi", "--font", "No Such Family Qq", "-o", dir.file("t.png")])
    #expect(family.status == 1 && family.errors.contains("No Such Family Qq"))
    let file = ToolRun(["text", "Hi", "--font", "/nope/font.ttf", "-o", dir.file("t.png")])
    #expect(file.status == 1 && file.errors.contains("/nope/font.ttf"))
    let color = ToolRun(["text", "Hi", "--background", "purple-ish", "-o", dir.file("t.png")])
    #expect(
      color.status == 2
        && color.errors
          == "meshwarp text: --background expects #RGB, #RRGGBB, #RRGGBBAA, transparent, black or white, got 'purple-ish'\n"
    )
    let width = ToolRun(["text", "Hi", "--width", "wide", "-o", dir.file("t.png")])
    #expect(
      width.status == 2
        && width.errors == "meshwarp text: --width expects one of expanded, standard, got 'wide'\n")
    let size = ToolRun(["text", "Hi", "--font-size", "0", "-o", dir.file("t.png")])
    #expect(
      size.status == 2
        && size.errors == "meshwarp text: --font-size expects a number from 1 to 2000, got '0'\n")
  }
}

@Suite struct ShaderDataCommandTests {
  @Test func writesThePackedArray() throws {
    let dir = TemporaryFolder()
    let mesh = MeshPresets.originalCard
    let path = dir.write(mesh, "card.json")
    let run = ToolRun([
      "shader-data", path, "--size", "300x300", "--edges", "clamp", "-o", dir.file("card.txt"),
    ])
    #expect(run.status == 0, "\(run.errors)")
    let text = try String(contentsOfFile: dir.file("card.txt"), encoding: .utf8)
    let floats = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).map { Float(String($0))! }
    #expect(floats == ShaderMeshData.pack(mesh, edges: .unwarped))
    #expect(run.errors.contains("300 300"))
    let stdout = ToolRun(["shader-data", path])
    #expect(stdout.status == 0)
    let printed = stdout.output.split(whereSeparator: { $0 == " " || $0 == "\n" }).map {
      Float(String($0))!
    }
    #expect(printed == ShaderMeshData.pack(mesh))
  }
}

@Suite struct GenieCommandTests {
  @Test func singleFrameAndAnimation() throws {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 40, height: 30, fill: RGBA8(0, 122, 255)), "card.png")
    let zero = ToolRun(["genie", input, "--progress", "0", "-o", dir.file("g0.png")])
    #expect(zero.status == 0, "\(zero.errors)")
    let g0 = try PNGDecoder.decodeFile(path: dir.file("g0.png"))
    #expect(g0.width == 40 && g0.height == 48)  // default canvas: 1.6× the height
    #expect(g0[20, 15] == RGBA8(0, 122, 255) && g0[20, 40].a == 0)
    let anim = ToolRun([
      "genie", input, "--size", "60x80", "--from", "10,0,40,30", "--to", "25,70,10,10",
      "--duration", "0.2",
      "--fps", "20", "-o", dir.file("g.apng"),
    ])
    #expect(anim.status == 0, "\(anim.errors)")
    let frames = try APNGReader.readFile(path: dir.file("g.apng")).frames
    #expect(frames.count == 4)
    // The last frame is inside the target rect only.
    let last = frames[3].image
    for y in 0..<80 {
      for x in 0..<60 where last[x, y].a > 0 {
        #expect(
          (24...35).contains(x) && (69...80).contains(y), "pixel \(x),\(y) outside the target")
      }
    }
  }

  @Test func badGenieInputs() {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 40, height: 30, fill: .white), "card.png")
    // Target overlapping the view: no travel.
    let overlap = ToolRun(["genie", input, "--to", "10,10,5,5", "-o", dir.file("x.apng")])
    #expect(
      overlap.status == 1
        && overlap.errors.hasPrefix(
          "meshwarp genie: with --edge bottom the target (--to) must lie entirely beyond the bottom edge of the view (--from): the target's top (y = 10.0)"
        ), "\(overlap.errors)")
    let outside = ToolRun(["genie", input, "--from", "0,0,400,30", "-o", dir.file("x.apng")])
    #expect(
      outside.status == 1
        && outside.errors.hasPrefix(
          "meshwarp genie: the view (--from) must lie inside the canvas (--size): x 0.0...400.0"),
      "\(outside.errors)")
    for run in [overlap, outside] {
      #expect(!run.errors.contains("genie: genie") && !run.errors.contains("viewRect"))
    }
    let rect = ToolRun(["genie", input, "--to", "1,2,3", "-o", dir.file("x.apng")])
    #expect(
      rect.status == 2
        && rect.errors
          == "meshwarp genie: --to expects X,Y,W,H in canvas pixels (e.g. 0,0,400,300), got '1,2,3'\n"
    )
    let progress = ToolRun(["genie", input, "--progress", "1.5", "-o", dir.file("x.png")])
    #expect(
      progress.status == 2
        && progress.errors == "meshwarp genie: --progress expects a number from 0 to 1, got '1.5'\n"
    )
    let edge = ToolRun(["genie", input, "--edge", "middle", "-o", dir.file("x.apng")])
    #expect(
      edge.status == 2
        && edge.errors
          == "meshwarp genie: --edge expects one of bottom, top, left, right, got 'middle'\n"
    )
    let reverse = ToolRun([
      "genie", input, "--progress", "0.5", "--reverse", "-o", dir.file("x.png"),
    ])
    #expect(
      reverse.status == 2
        && reverse.errors
          == "meshwarp genie: --reverse changes only the order of an animation's frames; the frame at --progress P is the same either way: drop --reverse\n"
    )
    let fps = ToolRun(["genie", input, "-p", "0.5", "--fps", "30", "-o", dir.file("x.png")])
    #expect(
      fps.status == 2
        && fps.errors
          == "meshwarp genie: -p renders one still frame, so --fps does not apply: drop --duration and --fps\n"
    )
    let duration = ToolRun(["genie", input, "--duration", "0.001", "-o", dir.file("x.apng")])
    #expect(
      duration.status == 2
        && duration.errors
          == "meshwarp genie: --duration expects a number from 0.01 to 600, got '0.001'\n"
    )
    let frames = ToolRun([
      "genie", input, "--duration", "600", "--fps", "240", "-o", dir.file("x.apng"),
    ])
    #expect(
      frames.status == 2
        && frames.errors
          == "meshwarp genie: 600.0 s at 240.0 fps is more than 36000 frames; lower --duration or --fps\n"
    )
  }

  /// `--canvas` is the old spelling of genie's `--size`. (`--quality` was
  /// the old spelling of `--filter`; it now means image quality.)
  @Test func genieDeprecatedSpellings() throws {
    let dir = TemporaryFolder()
    let input = dir.write(RGBAImage(width: 20, height: 10, fill: .white), "card.png")
    let old = ToolRun([
      "genie", input, "--canvas", "30x40", "--filter", "draft", "-p", "0.5", "-o",
      dir.file("a.png"),
    ])
    #expect(old.status == 0, "\(old.errors)")
    #expect(old.errors.contains("warning: '--canvas' is deprecated; use '--size'"))
    let new = ToolRun([
      "genie", input, "--size", "30x40", "--filter", "draft", "-p", "0.5", "-o", dir.file("b.png"),
    ])
    #expect(new.status == 0 && !new.errors.contains("deprecated"))
    let a = try PNGDecoder.decodeFile(path: dir.file("a.png"))
    #expect(a.width == 30 && a.height == 40)
    #expect(a == (try PNGDecoder.decodeFile(path: dir.file("b.png"))))
  }
}

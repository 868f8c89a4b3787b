import MeshWarpArguments
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// The colour space a rendered picture's colours are given in, and that
/// its output is tagged with.
enum RenderedProfile: String, CaseIterable, ArgumentChoices {
  /// sRGB: the output says nothing (viewers assume sRGB), as before.
  case srgb
  /// Display P3: the colours are Display P3 components, the output
  /// carries a Display P3 ICC profile.
  case displayP3 = "display-p3"
}

/// `--depth 8|16` and `--profile srgb|display-p3` for a picture MeshWarp
/// renders itself (a mesh gradient, a text): 16 bits a value in a still
/// PNG or TIFF, so that a smooth gradient shows no banding, and Display
/// P3 colour.
struct RenderedStillOptions: ParsableArguments {
  @Option(
    placeholder: "BITS",
    help:
      "Bits a value of a still .png or .tif: 16 renders at 16 bits (a smooth gradient has no banding), 8 as other outputs.",
    defaultHelp: "8")
  var depth: Int?
  @Option(
    placeholder: "NAME",
    help:
      "The colour space the colours are given in, and the output is tagged with: srgb (untagged, as viewers assume) or display-p3 (a Display P3 ICC profile, for a still).",
    defaultHelp: "srgb")
  var profile: RenderedProfile?

  /// Whether the still is rendered at 16 bits.
  var deep: Bool { depth == 16 }

  /// Refuses a depth other than 8 or 16, and `--depth 16` or
  /// `--profile display-p3` on an animation or a format that cannot hold
  /// them.
  func check(times: FrameTimes, path: String, image: ImageOutputOptions) throws {
    if let depth, depth != 8 && depth != 16 {
      throw CLIError.usage("--depth \(depth): a rendered still is written at 8 or 16 bits a value")
    }
    let p3 = profile == .displayP3
    guard deep || p3 else { return }
    let what = deep ? "--depth 16" : "--profile display-p3"
    guard !times.isAnimation else {
      throw CLIError.usage(
        "\(what) is for a still (.png, .tif); an animation is written at 8 bits in sRGB")
    }
    let format = try image.stillFormat(for: path)
    if deep && !format.holdsDeepSamples {
      throw CLIError.usage(
        "--depth 16 needs a PNG or TIFF output; \(path) is \(format.name), which holds 8 bits a value"
      )
    }
  }

  /// The output's colour description: a Display P3 profile, or none.
  var color: ColorDescription {
    profile == .displayP3 ? .displayP3 : ColorDescription()
  }

  /// Whether the still is written on its own path (`--depth 16` or
  /// `--profile display-p3`) rather than as the one frame of an export.
  var isOwnStill: Bool { deep || profile == .displayP3 }

  /// Writes the one still of `gradient` and `text` on its own path:
  /// `render` draws the picture at time `t` at the still's depth (16 bits
  /// when `deep`), `warp` warps it, and it is encoded with the still's
  /// colour and depth; the steps show on a terminal, and "wrote …" ends it.
  func write(
    at t: Double, warp: MeshAnimation?, size: PixelSize, output: OutputOptions,
    image: ImageOutputOptions, threads: Int, console: Console,
    render: (_ deep: Bool) -> PixelImage
  ) throws {
    let status = StageStatus(console: console)
    defer { status.finish() }
    status.enter(.rendering)
    var picture = render(deep)
    if let warp {
      picture = WarpRenderer.render(
        picture, geometry: warp.geometry(at: t), options: WarpOptions(threads: threads))
    }
    status.enter(.encoding)
    try image.write(
      picture, to: output.output, console: console, color: color, threads: threads,
      depth: deep ? .bits16 : nil)
    status.finish()
    if !output.isStandardOutput {
      console.error("wrote \(output.output) (\(size.width)x\(size.height))")
    }
  }
}

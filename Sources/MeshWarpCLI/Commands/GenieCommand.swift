import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpVideo

/// `meshwarp genie IN.png --to X,Y,W,H -o OUT`: the macOS genie effect.
struct GenieCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "genie",
    summary: "Play the genie effect: an image slides through a funnel into a target.",
    details: """
      Rects are in canvas pixels. The target must lie beyond the view toward --edge.
      Progress 0 is the image untouched; 1 is the image inside the target.
      """,
    examples: [
      (
        "A window sliding into a dock slot, as an animation:",
        "meshwarp genie window.png -o genie.apng"
      ),
      (
        "The frame halfway through, as a PNG:",
        "meshwarp genie window.png --progress 0.5 -o half.png"
      ),
      (
        "Genie out of the left edge, on a 1280 × 800 screen:",
        "meshwarp genie window.png --size 1280x800 --edge left --reverse -o out.mp4"
      ),
    ])

  @Argument(placeholder: "IN.png", help: "The image (the view's content).") var input: String
  @OptionGroup var output = OutputOptions(
    placeholder: "OUT",
    help:
      "Output: an animation (.apng, .mp4, .mov, .webm, .gif, .webp, frame_%04d.png or a folder), or with --progress a still (.png, .jpg, .webp)."
  )
  @OptionGroup var image: ImageOutputOptions
  @OptionGroup var size = SizeOptions(
    help: "Canvas holding the view and the target, in pixels.",
    defaultHelp: "the image's width, 1.6× its height", aliases: ["--canvas"])
  @Option(name: "--from", help: "The view's rect in the canvas.", defaultHelp: "the image at 0,0")
  var view: CanvasRect?
  @Option(
    name: "--to", help: "The target rect.", defaultHelp: "a dock-like slot centred at the far edge")
  var target: CanvasRect?
  @Option(placeholder: "EDGE", help: "Where the target lies: bottom, top, left, right.")
  var edge: GenieEdge = .bottom
  @OptionGroup var animation = AnimationOptions(
    durationHelp: "Seconds of animation.", duration: 0.6, durationRange: 0.01...600, fps: 60,
    fpsRange: 1...240)
  @Flag(help: "Genie out (from the target back to the view).") var reverse: Bool
  @OptionGroup var still: ProgressOptions
  @Option(
    placeholder: "Q",
    help: "Minification filter: draft (none, fastest), standard, high.")
  var filter: MinificationQuality = .standard
  @OptionGroup var video: VideoOptions
  @OptionGroup var threading: ThreadOptions
  @OptionGroup var limits: InputLimitOptions

  func validate() throws {
    guard let progress = still.givenAs else { return }
    if reverse {
      throw CLIError.usage(
        "--reverse changes only the order of an animation's frames; the frame at \(progress) P is the same either way: drop --reverse"
      )
    }
    if let given = animation.given.first {
      throw CLIError.usage(
        "\(progress) renders one still frame, so \(given) does not apply: drop --duration and --fps"
      )
    }
  }

  func run(console: Console) throws {
    let image = try ImageDecoder.decodeFile(
      path: input, maxPixels: limits.maxPixels, threads: threading.threads
    ).image
    let w = Double(image.width)
    let h = Double(image.height)
    let vertical = edge == .bottom || edge == .top
    let canvas =
      size.size
      ?? (vertical
        ? PixelSize(width: image.width, height: Int((h * 1.6).rounded()))
        : PixelSize(width: Int((w * 1.6).rounded()), height: image.height))
    try limits.checkOutputSize(canvas.width, canvas.height)
    let cw = Double(canvas.width)
    let ch = Double(canvas.height)
    let view =
      self.view?.rect
      ?? CGRect(
        x: edge == .right || edge == .bottom || edge == .top ? 0 : cw - w,
        y: edge == .bottom || vertical == false ? 0 : ch - h, width: w, height: h)
    let target =
      self.target?.rect
      ?? {
        // A dock-like slot: a sixth of the view across, a tenth along, at the far edge.
        let across = (vertical ? view.width : view.height) / 6
        let along = max(4, (vertical ? ch : cw) * 0.06)
        switch edge {
        case .bottom:
          return CGRect(x: view.midX - across / 2, y: ch - along, width: across, height: along)
        case .top: return CGRect(x: view.midX - across / 2, y: 0, width: across, height: along)
        case .right:
          return CGRect(x: cw - along, y: view.midY - across / 2, width: along, height: across)
        case .left: return CGRect(x: 0, y: view.midY - across / 2, width: along, height: across)
        }
      }()
    let renderer: GenieRenderer
    do {
      let layout = try GenieLayout(
        canvasSize: CGSize(width: cw, height: ch), viewRect: view, targetRect: target, edge: edge)
      renderer = try GenieRenderer(
        content: image, generator: try GenieMeshGenerator(layout: layout), minification: filter,
        threads: threading.threads)
    } catch {
      throw CLIError.failure(Self.message(for: error))
    }
    if let progress = still.progress {
      let times = FrameTimes(times: [progress], framesPerSecond: 1, isAnimation: false)
      try FrameExport.write(
        times, width: canvas.width, height: canvas.height, to: output.output,
        video: video.encoding(self.image, threads: threading.threads), console: console,
        image: self.image
      ) {
        try renderer.frame(progress: $0)
      }
      return
    }
    let genie: GenieAnimation
    do {
      genie = try GenieAnimation(
        duration: animation.duration ?? 0.6, fps: animation.fps, reverse: reverse)
    } catch {
      throw CLIError.usage("\(Self.message(for: error)); lower --duration or --fps")
    }
    // Frame i is rendered at the animation's progress for frame i.
    let times = FrameTimes(
      times: (0..<genie.frameCount).map(Double.init), framesPerSecond: genie.fps,
      isAnimation: true)
    try FrameExport.write(
      times, width: canvas.width, height: canvas.height, to: output.output,
      video: video.encoding(self.image, threads: threading.threads), console: console,
      image: self.image, oneFrame: "--progress P"
    ) {
      try renderer.frame(progress: genie.progress(ofFrame: Int($0)))
    }
  }

  /// The flag that sets a `GenieLayout` parameter (`viewRect.minX` -> `--from`).
  static func flag(for parameter: String) -> String {
    if parameter.hasPrefix("viewRect") { return "the view (--from)" }
    if parameter.hasPrefix("targetRect") { return "the target (--to)" }
    if parameter.hasPrefix("canvasSize") { return "the canvas (--size)" }
    return parameter
  }

  /// A genie error worded with the command's flags, without the library's
  /// `genie:` prefix (the tool's own prefix names the command).
  static func message(for error: GenieError) -> String {
    switch error {
    case .nonFinite(let name):
      return "\(flag(for: name)) is not a finite number"
    case .nonPositiveSize(let name, let width, let height):
      return
        "\(flag(for: name)) has size \(width.argumentDescription)x\(height.argumentDescription); both sides must be positive"
    case .outsideCanvas(let name, let detail):
      return "\(flag(for: name)) must lie inside the canvas (--size): \(detail)"
    case .noTravel(let edge, let detail):
      return
        "with --edge \(edge.rawValue) the target (--to) must lie entirely beyond the \(edge.rawValue) edge of the view (--from): \(detail)"
    case .progressOutOfRange, .invalidTiming, .invalidDensity, .invalidRendering:
      let text = error.description
      return text.hasPrefix("genie: ") ? String(text.dropFirst("genie: ".count)) : text
    }
  }
}

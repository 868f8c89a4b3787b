import Foundation

/// `meshwarp genie IN.png --to X,Y,W,H -o OUT`: the macOS genie effect.
enum GenieCommand: Command {
  static let spec = CommandSpec(
    name: "genie",
    summary: "Play the genie effect: an image slides through a funnel into a target.",
    usage:
      "meshwarp genie IN.png [--canvas WxH] [--from X,Y,W,H] [--to X,Y,W,H] [--edge bottom] [--duration 0.6] [--fps 60] [--reverse] [--progress P] -o OUT.(apng|mp4|png)",
    options: [
      OptionSpec(
        names: ["--output", "-o"], value: "OUT",
        help: "Output: .apng, .mp4, frame_%04d.png, a folder; .png with --progress."),
      OptionSpec(
        names: ["--canvas"], value: "WxH",
        help:
          "Canvas holding the view and the target (default: the image's width, 1.6× its height)."),
      OptionSpec(
        names: ["--from"], value: "X,Y,W,H",
        help: "The view's rect in the canvas (default: the image at 0,0)."),
      OptionSpec(
        names: ["--to"], value: "X,Y,W,H",
        help: "The target rect (default: a dock-like slot centred at the far edge)."),
      OptionSpec(
        names: ["--edge"], value: "EDGE",
        help: "Where the target lies: bottom (default), top, left, right."),
      OptionSpec(names: ["--duration", "-d"], value: "S", help: "Seconds (default 0.6)."),
      OptionSpec(names: ["--fps"], value: "N", help: "Frames per second (default 60)."),
      OptionSpec(
        names: ["--reverse"], value: nil, help: "Genie out (from the target back to the view)."),
      OptionSpec(
        names: ["--progress", "-p"], value: "P",
        help: "Render the single frame at progress P (0…1) as PNG."),
      OptionSpec(
        names: ["--quality"], value: "Q",
        help: "Minification filter: draft, standard (default), high."),
      OptionSpec(
        names: ["--threads", "-j"], value: "N", help: "Worker threads (default: all cores)."),
      InputFiles.maxPixelsOption,
    ],
    positionals: 1...1,
    details: """
      Rects are in canvas pixels. The target must lie beyond the view toward --edge.
      Progress 0 is the image untouched; 1 is the image inside the target.
      """)

  static func rect(_ args: ParsedArguments, _ name: String) throws -> CGRect? {
    guard let text = args.string(name) else { return nil }
    let parts = text.split(separator: ",").map { Double($0.trimmingCharacters(in: .whitespaces)) }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2], let h = parts[3],
      [x, y, w, h].allSatisfy(\.isFinite)
    else {
      throw CLIError.usage(
        "\(name) expects X,Y,W,H in canvas pixels (e.g. 0,0,400,300), got '\(text)'")
    }
    return CGRect(x: x, y: y, width: w, height: h)
  }

  static func run(_ args: ParsedArguments, console: Console) throws {
    guard let output = args.string("--output") else {
      throw CLIError.usage("-o OUT is required\nUsage: \(spec.usage)")
    }
    let edge = try args.choice("--edge", as: GenieEdge.self) ?? .bottom
    let quality: GenieQuality =
      switch args.string("--quality") ?? "standard" {
      case "draft": .draft
      case "standard": .standard
      case "high": .high
      case let other:
        throw CLIError.usage("--quality must be draft, standard or high, got '\(other)'")
      }
    let threads = try args.int("--threads", in: 1...256) ?? 0
    let maxPixels = try InputFiles.maxPixels(args)
    let progress = try args.double("--progress", in: 0...1)
    if progress != nil,
      args.string("--duration") != nil || args.string("--fps") != nil || args.flag("--reverse")
    {
      throw CLIError.usage("--progress renders one frame: drop --duration, --fps and --reverse")
    }
    let image = try PNGDecoder.decodeFile(path: args.positionals[0], maxPixels: maxPixels)
    let w = Double(image.width)
    let h = Double(image.height)
    let vertical = edge == .bottom || edge == .top
    let canvas: (width: Int, height: Int) =
      try args.size("--canvas")
      ?? (vertical
        ? (image.width, Int((h * 1.6).rounded())) : (Int((w * 1.6).rounded()), image.height))
    try InputFiles.checkOutputSize(canvas.width, canvas.height, maxPixels: maxPixels)
    let cw = Double(canvas.width)
    let ch = Double(canvas.height)
    let view =
      try rect(args, "--from")
      ?? CGRect(
        x: edge == .right || edge == .bottom || edge == .top ? 0 : cw - w,
        y: edge == .bottom || vertical == false ? 0 : ch - h, width: w, height: h)
    let target =
      try rect(args, "--to")
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
        content: image, generator: try GenieMeshGenerator(layout: layout), quality: quality,
        threads: threads)
    } catch {
      throw CLIError.failure("genie: \(error)")
    }
    if let progress {
      let times = FrameTimes(times: [progress], framesPerSecond: 1, isAnimation: false)
      try FrameExport.write(
        times, width: canvas.width, height: canvas.height, to: output, console: console
      ) {
        try renderer.frame(progress: $0)
      }
      return
    }
    let animation: GenieAnimation
    do {
      animation = try GenieAnimation(
        duration: try args.double("--duration", in: 0.01...600) ?? 0.6,
        fps: try args.double("--fps", in: 1...240) ?? 60, reverse: args.flag("--reverse"))
    } catch {
      throw CLIError.usage("genie: \(error)")
    }
    // Frame i is rendered at the animation's progress for frame i.
    let times = FrameTimes(
      times: (0..<animation.frameCount).map(Double.init), framesPerSecond: animation.fps,
      isAnimation: true)
    try FrameExport.write(
      times, width: canvas.width, height: canvas.height, to: output, console: console
    ) {
      try renderer.frame(progress: animation.progress(ofFrame: Int($0)))
    }
  }
}

import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpText
import MeshWarpVideo

/// `meshwarp demo [-o DIR]`: the examples of the original MeshWarpEffect
/// package and of the MeshGradient blog post, from built-in content.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "demo", summary: "Render the built-in examples (no input needed).",
    details: """
      Writes: card.png (the original MeshWarpEffect README's card), checkerboard.png (its
      demo's 3x3 control grid, identity and warped side by side), wave.png (a 32x32-quad
      wave), meshing.png and meshing.apng (the blog's "Meshing" filled with its animated
      mesh gradient: a still and a looping 4-second animation), genie.apng (the card
      sliding into a dock-like slot).
      """,
    examples: [
      ("Render the examples into a folder:", "meshwarp demo -o pictures")
    ])

  @OptionGroup var output = OutputOptions(
    placeholder: "DIR", help: "Output folder.", default: "demo-out", aliases: ["--out"])
  @Option(
    range: 1...FrameTimes.maximumFrames,
    help: "Frames of the animated 'Meshing' at 30 fps (120 = 4 s); also caps the genie's 36.")
  var frames = 120
  @OptionGroup var threading: ThreadOptions

  /// SwiftUI's system colours (iOS light mode): blue, purple, orange.
  static let cardColors = [RGBA8(0, 122, 255), RGBA8(175, 82, 222), RGBA8(255, 149, 0)]

  func run(console: Console) throws {
    let dir = output.output
    let threads = threading.threads
    let frameCount = frames
    do {
      try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    } catch {
      throw CLIError.failure("cannot create output folder '\(dir)': \(error.localizedDescription)")
    }
    var written: [String] = []
    func save(_ image: RGBAImage, _ name: String) throws {
      let path = (dir as NSString).appendingPathComponent(name)
      try OutputFile.write(
        try PNGEncoder.encode(image, destination: path), to: path, console: console)
      written.append(path)
      try console.print(path)
    }
    for scene in DemoScenes.all {
      try save(scene.render(threads), scene.file)
    }
    // The blog's result: "Meshing" filled with the animated mesh gradient,
    // a still and a looping 4-second animated PNG.
    let text = try FilledText(
      "Meshing", font: FontFace(.defaultBoldSans, width: .expanded),
      options: TextLayoutOptions(sizePixels: 150), padding: 8)
    let renderer = GradientRenderer(
      options: GradientRenderOptions(threads: resolvedThreadCount(threads)))
    let frame = { (t: Double) -> RGBAImage in
      text.render(background: .transparent) { w, h in
        renderer.render(GradientPresets.meshing(at: t), width: w, height: h)
      }
    }
    try save(frame(2.0), "meshing.png")
    let animation = (dir as NSString).appendingPathComponent("meshing.apng")
    let times = FrameTimes(
      times: (0..<frameCount).map { Double($0) / 30 }, framesPerSecond: 30, isAnimation: true)
    try FrameExport.write(
      times, width: text.width, height: text.height, to: animation, console: console, render: frame)
    written.append(animation)
    try console.print(animation)
    // The genie: the original MeshWarpEffect README's card (unwarped) slides into a dock-like
    // slot, 0.6 s at 60 fps (or --frames N, whichever is fewer).
    let card = ImageGenerators.linearGradient(width: 300, height: 300, colors: Self.cardColors)
    let genie = try GenieRenderer(
      content: card,
      generator: GenieMeshGenerator(
        layout: GenieLayout(
          canvasSize: CGSize(width: 420, height: 520),
          viewRect: CGRect(x: 60, y: 20, width: 300, height: 300),
          targetRect: CGRect(x: 185, y: 480, width: 50, height: 40))), threads: threads)
    let genieFrames = min(frameCount, 36)
    let geniePath = (dir as NSString).appendingPathComponent("genie.apng")
    try FrameExport.write(
      FrameTimes(
        times: (0..<genieFrames).map { Double($0) / Double(max(genieFrames - 1, 1)) },
        framesPerSecond: 60, isAnimation: true),
      width: 420, height: 520, to: geniePath, console: console
    ) { try genie.frame(progress: $0) }
    written.append(geniePath)
    try console.print(geniePath)
    console.error("wrote \(plural(written.count, "file")) to \(dir)")
  }
}

/// The demo's pictures, each from built-in content.
struct DemoScene: Sendable {
  var file: String
  var render: @Sendable (_ threads: Int) -> RGBAImage
}

enum DemoScenes {
  static let all: [DemoScene] = [
    DemoScene(file: "card.png") { threads in
      // The original MeshWarpEffect README: a 300×300 blue→purple→orange diagonal gradient,
      // bottom-right corner pulled to (0.8, 0.75); transparent outside.
      let card = ImageGenerators.linearGradient(
        width: 300, height: 300, colors: DemoCommand.cardColors)
      return WarpRenderer.render(
        card, mesh: MeshPresets.originalCard, options: WarpOptions(threads: threads))
    },
    DemoScene(file: "checkerboard.png") { threads in
      // The original MeshWarpEffect demo: a checkerboard under a 3×3 control grid, identity on
      // the left, dragged on the right, mesh lines and points drawn over.
      let side = 400
      let board = ImageGenerators.checkerboard(width: side, height: side, cell: 40)
      let identity = WarpMesh.identity(columns: 3, rows: 3)
      let warped = MeshPresets.originalDemoWarp
      var canvas = RGBAImage(width: 2 * side + 60, height: side + 40, fill: RGBA8(250, 250, 252))
      var left = WarpRenderer.render(board, mesh: identity, options: WarpOptions(threads: threads))
      left.drawMeshOverlay(identity)
      var right = WarpRenderer.render(board, mesh: warped, options: WarpOptions(threads: threads))
      right.drawMeshOverlay(warped)
      canvas.drawOver(left, at: 20, 20)
      canvas.drawOver(right, at: side + 40, 20)
      return canvas
    },
    DemoScene(file: "wave.png") { threads in
      // A dense smooth wave: 33×33 vertices (32×32 quads).
      let picture = ImageGenerators.benchmarkPicture(width: 640, height: 360)
      let mesh = MeshPresets.sinusoidal(columns: 33, rows: 33, amplitude: 2.5)
      return WarpRenderer.render(picture, mesh: mesh, options: WarpOptions(threads: threads))
    },
  ]
}

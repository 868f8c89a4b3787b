import MeshWarpArguments
import MeshWarpRender
import MeshWarpText

/// `meshwarp text "Meshing" -o OUT`: text filled with a mesh gradient.
struct TextCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "text", summary: "Fill text with an (animated) mesh gradient, the blog's effect.",
    details: """
      The gradient is stretched over the letters' ink bounds and shows only inside the
      letters (SwiftUI: Text(...).foregroundStyle(meshGradient)). Use \\n for line breaks.
      The default font is widened to the blog's expanded look; a --font you pick keeps its
      width unless you ask (--width expanded, or --stretch 1.25). Characters the font lacks
      are set in an installed font that has them; those no font has are named in a warning.
      The picture is the text's size plus --padding; --size WxH (W×H as in every command)
      makes it that size instead, the text centred and, without --font-size, fitted to it.
      """,
    examples: [
      ("A title, as large as the font size says (150 px):", "meshwarp text Meshing -o title.png"),
      (
        "Fitted into a 1280 × 720 frame, animated for three seconds:",
        "meshwarp text Meshing --size 1280x720 --duration 3 -o title.mp4"
      ),
      (
        "Smaller, centred lines on white, as a JPEG:",
        "meshwarp text 'Mesh\\nGradient' --font-size 60 --align center -b white -o lines.jpg"
      ),
    ])

  @Argument(placeholder: "TEXT", help: "The text to draw.") var text: String
  @OptionGroup var output = OutputOptions.stillOrAnimation(
    animatedWhen: "with --duration or a keyframe gradient")
  @OptionGroup var image: ImageOutputOptions
  @Option(
    short: "f", placeholder: "F",
    help: "A fontconfig pattern (\"DejaVu Sans:bold\") or a font file path.",
    defaultHelp: "DejaVu Sans:bold, expanded")
  var font: String?
  @OptionGroup var canvas = SizeOptions(
    help: "The picture's size: the text is centred, and fitted unless --font-size is given.",
    defaultHelp: "the text's size and --padding", note: "the font size is --font-size")
  @Option(
    placeholder: "PX", range: 1...2000, help: "Font size in pixels.",
    defaultHelp: "150, or what fits --size")
  var fontSize: Double?
  @Option(
    placeholder: "W",
    help: "Font width: expanded (a wide face, else stretched 1.25×, as the blog) or standard.",
    defaultHelp: "expanded for the default font, standard for a --font you pick")
  var width: FontWidth?
  @Option(
    placeholder: "X", range: 0.25...4,
    help: "Stretch the letters horizontally by X, whatever the font (1.25: the blog's look).")
  var stretch: Double?
  @Option(placeholder: "A", help: "Lines: leading, center or trailing.")
  var align: LineAlignment = .leading
  @Option(short: "g", placeholder: "G", help: "A gradient JSON file or preset.")
  var gradient = "meshing"
  @Option(placeholder: "PX", range: 0...10_000, help: "Space around the letters.")
  var padding = 8
  @OptionGroup var frames = FrameTimeOptions(fpsAlone: true)
  @OptionGroup var fill: GradientFillOptions
  @OptionGroup var still: RenderedStillOptions
  @OptionGroup var video: VideoOptions
  @OptionGroup var threading: ThreadOptions

  func validate() throws {
    if stretch != nil, let width {
      throw CLIError.usage(
        "--stretch sets the width itself, so --width \(width == .expanded ? "expanded" : "standard") does not apply: drop one"
      )
    }
  }

  func run(console: Console) throws {
    let text = self.text.replacingOccurrences(of: "\\n", with: "\n")
    guard !text.isEmpty else { throw CLIError.usage("the text is empty") }
    let gradient = try GradientInput.parse(self.gradient, role: "--gradient")
    let warp = try fill.warpAnimation(duration: frames.animation.duration, console: console)
    let times = try frames.frameTimes(gradient: gradient, warp: warp, console: console)
    let threads = threading.threads

    // The blog's expanded look is the default font's, not that of a font the user picked.
    let face = try FontFace(
      font.map(FontSpecifier.init(argument:)) ?? .defaultBoldSans,
      width: stretch != nil ? .standard : width ?? (font == nil ? .expanded : .standard),
      stretch: stretch)
    console.error("font: \(face.family) \(face.style) (\(face.path)); \(face.widthTreatment)")
    let filled = try Self.layout(
      text, font: face, fontSize: fontSize, alignment: align, padding: padding,
      fitting: canvas.size)
    for (index, fallback) in filled.layout.faces.enumerated().dropFirst() {
      let names = Self.characters(of: filled.layout, face: index).map(Self.name(of:))
      console.error(
        "font: \(fallback.family) \(fallback.style) (\(fallback.path)) for \(names.joined(separator: ", ")), which \(face.family) lacks"
      )
    }
    if !filled.layout.missingCharacters.isEmpty {
      let names = filled.layout.missingCharacters.map(Self.name(of:)).joined(separator: ", ")
      console.error(
        "meshwarp text: warning: no installed font has \(names); \(filled.layout.missingCharacters.count == 1 ? "it shows" : "they show") as the font's missing-glyph box"
      )
    }
    let renderer = GradientRenderer(
      options: GradientRenderOptions(
        dithering: !fill.noDither, threads: resolvedThreadCount(threads)))
    let background = image.background?.rgba ?? .transparent
    let size = canvas.size ?? PixelSize(width: filled.width, height: filled.height)
    try still.check(times: times, path: output.output, image: image)
    // The text filled with `fill` over the background, centred on the
    // canvas when --size gives one (else the text's own size), at 8 or 16
    // bits.
    func composed(_ fill: RGBAImage) -> RGBAImage {
      guard let canvas = canvas.size else {
        return filled.render(fill: fill, background: background)
      }
      return filled.render(
        fill: fill, background: background, canvasWidth: canvas.width, canvasHeight: canvas.height)
    }
    func composed16(_ fill: RGBA16Image) -> RGBA16Image {
      guard let canvas = canvas.size else {
        return filled.render(fill: fill, background: background)
      }
      return filled.render(
        fill: fill, background: background, canvasWidth: canvas.width, canvasHeight: canvas.height)
    }
    if still.isOwnStill {
      // A still at 16 bits, or tagged Display P3: the fill, the mask and the
      // canvas at the still's depth.
      let t = times.times[0]
      return try still.write(
        at: t, warp: warp, size: size, output: output, image: image, threads: threads,
        console: console
      ) { deep in
        let gradient = gradient.gradient(t)
        if deep {
          return .rgba16(
            composed16(renderer.render16(gradient, width: filled.width, height: filled.height)))
        }
        return .rgba8(
          composed(renderer.render(gradient, width: filled.width, height: filled.height)))
      }
    }
    try FrameExport.write(
      times, width: size.width, height: size.height, to: output.output,
      video: video.encoding(image, threads: threads), console: console, image: image
    ) { t in
      let frame = composed(
        renderer.render(gradient.gradient(t), width: filled.width, height: filled.height))
      guard let warp else { return frame }
      return WarpRenderer.render(
        frame, geometry: warp.geometry(at: t), options: WarpOptions(threads: threads))
    }
  }

  /// The default font size, when neither `--font-size` nor `--size` says.
  static let defaultFontSize = 150.0

  /// The text laid out at `fontSize`; without one, at the default size,
  /// or, given a canvas, at the size whose ink and padding fill it along
  /// the tighter axis (ink scales with the font size; a few steps of 2 %
  /// absorb hinting and rounding).
  static func layout(
    _ text: String, font: FontFace, fontSize: Double?, alignment: LineAlignment, padding: Int,
    fitting canvas: PixelSize?
  ) throws -> FilledText {
    func laid(_ size: Double) throws -> FilledText {
      try FilledText(
        text, font: font, options: TextLayoutOptions(sizePixels: size, alignment: alignment),
        padding: padding)
    }
    let first = try laid(fontSize ?? defaultFontSize)
    guard fontSize == nil, let canvas else { return first }
    func scale(_ t: FilledText) -> Double {
      let inkWidth = Double(max(1, t.width - 2 * padding))
      let inkHeight = Double(max(1, t.height - 2 * padding))
      return min(
        Double(max(1, canvas.width - 2 * padding)) / inkWidth,
        Double(max(1, canvas.height - 2 * padding)) / inkHeight)
    }
    var size = min(2000, max(1, defaultFontSize * scale(first)))
    var fitted = try laid(size)
    for _ in 0..<8 where fitted.width > canvas.width || fitted.height > canvas.height {
      size = max(1, size * 0.98)
      fitted = try laid(size)
    }
    return fitted
  }

  /// The characters set in `layout.faces[face]`, each once, in text order.
  static func characters(of layout: TextLayout, face: Int) -> [Unicode.Scalar] {
    var seen: [Unicode.Scalar] = []
    for glyph in layout.glyphs where glyph.face == face {
      let utf8 = Array(layout.lines[glyph.line].text.utf8)
      guard glyph.cluster < utf8.count,
        let scalar = String(decoding: utf8[glyph.cluster...], as: UTF8.self).unicodeScalars.first,
        !seen.contains(scalar)
      else { continue }
      seen.append(scalar)
    }
    return seen
  }

  /// `U+4E2D 中`: a character's code point and the character.
  static func name(of scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + " " + String(scalar)
  }
}

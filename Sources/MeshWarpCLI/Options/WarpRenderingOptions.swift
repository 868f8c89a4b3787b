import MeshWarpArguments
import MeshWarpCore
import MeshWarpRender

/// How `warp` renders: smooth surfaces, what shows outside the mesh, how
/// the content is sampled beyond its edges and between its pixels, and the
/// minification filter.
struct WarpRenderingOptions: ParsableArguments {
  @Flag(
    help:
      "Render a grid mesh as the smooth Catmull-Rom surface through its points instead of bilinear faces (e.g. --smooth with {\"columns\":4,\"rows\":4,\"to\":[...]}); a mesh without grid structure is an error."
  )
  var smooth: Bool
  @Option(
    placeholder: "POLICY",
    help:
      "Outside the mesh: transparent, unwarped (the content as it was), origin (the original MeshWarpEffect package's sample of the top-left pixel) or color (--edge-color); e.g. --edges unwarped. 'clamp' is the deprecated name of unwarped."
  )
  var edges: EdgePolicyArgument = EdgePolicyArgument(policy: .transparent, word: "transparent")
  @Option(
    placeholder: "COLOR",
    help: "The colour outside the mesh; implies --edges color (e.g. --edge-color '#336699').",
    defaultHelp: "transparent")
  var edgeColor: ArgumentColor?
  @Option(
    placeholder: "MODE",
    help:
      "Content beyond its own edges (from points outside 0…1): clampToEdge (repeat the edge pixel), repeat (tile), mirrorRepeat (tile mirrored), clampToZero (transparent); also clamp-to-edge etc. E.g. --address repeat."
  )
  var address: AddressMode = .clampToEdge
  @Option(
    placeholder: "METHOD",
    help:
      "Between content pixels: nearest, bilinear or bicubic (Keys, a = −0.5, as Pillow's BICUBIC); e.g. --interpolation bicubic."
  )
  var interpolation: Interpolation = .bilinear
  @Flag(
    help:
      "Do not average where the warp shrinks the content by more than 1.25× (faster, but fine patterns alias into moiré); e.g. --no-minification-filter for a quick preview."
  )
  var noMinificationFilter: Bool
  @Flag(
    help:
      "A point-set --mesh: leave the image corners free (the file's \"pinCorners\" otherwise; default pinned); e.g. --mesh pull.json --no-pin-corners to move the whole picture with the points."
  )
  var noPinCorners: Bool

  /// The edge policy asked for: `--edges`, else `color` when only
  /// `--edge-color` is given.
  var edgePolicy: EdgePolicy {
    $edges.givenAs == nil && edgeColor != nil ? .color : edges.policy
  }

  func validate() throws {
    if edgeColor != nil, $edges.givenAs != nil, edges.policy != .color {
      throw CLIError.usage(
        "--edge-color goes with --edges color (or alone), not --edges \(edges.word)")
    }
  }

  /// The deprecation note for `--edges clamp`, if it was used.
  var warnings: [String] {
    edges.word == "clamp"
      ? ["warning: '--edges clamp' is deprecated; use '--edges unwarped' (the same picture)"] : []
  }

  /// The renderer settings at `width × height` (`smooth` left to the
  /// caller, who smooths the mesh itself to report errors).
  func warpOptions(
    width: Int?, height: Int?, antialias: Int, supersample: Int, threads: Int, smooth: Bool = false
  ) -> WarpOptions {
    WarpOptions(
      width: width, height: height, edges: edgePolicy,
      edgeColor: edgeColor?.rgba ?? .transparent, addressMode: address,
      interpolation: interpolation, minification: noMinificationFilter ? .off : .standard,
      smooth: smooth,
      antialias: antialias, supersample: supersample, threads: threads)
  }
}

/// `--edges`'s value, remembering the word (to warn about `clamp`).
struct EdgePolicyArgument: ExpressibleByArgument, Sendable {
  var policy: EdgePolicy
  var word: String

  static var argumentParser: ValueParser<EdgePolicyArgument> {
    let base = EdgePolicy.argumentParser
    return ValueParser(
      placeholder: base.placeholder, expectation: base.expectation,
      parse: { text in base.parse(text).map { EdgePolicyArgument(policy: $0, word: text) } },
      completion: base.completion)
  }

  var argumentDescription: String { word }
}

extension AddressMode: ArgumentChoices {
  package static var synonyms: [(word: String, value: AddressMode)] {
    [
      ("clamp-to-edge", .clampToEdge), ("clamptoedge", .clampToEdge),
      ("mirror-repeat", .mirrorRepeat), ("mirrorrepeat", .mirrorRepeat),
      ("mirrored-repeat", .mirrorRepeat), ("clamp-to-zero", .clampToZero),
      ("clamptozero", .clampToZero),
    ]
  }
}

extension Interpolation: ArgumentChoices {}

extension EdgePolicy {
  /// `clamp`, the former name of `unwarped`, and the British `colour`.
  package static var synonyms: [(word: String, value: EdgePolicy)] {
    [("clamp", .unwarped), ("colour", .color)]
  }
}

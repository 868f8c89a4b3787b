import MeshWarpArguments

/// `--size, -s WxH`: the output's size in pixels.
struct SizeOptions: ParsableArguments {
  @Option(short: "s", help: "Output size in pixels.") private var given: PixelSize?
  private var fallback: PixelSize? = nil

  init() {}

  /// `--size` with this command's help and default; `aliases` are
  /// deprecated spellings (genie's `--canvas`).
  /// `note` follows the expected form in the error for a bad value (a
  /// command whose `--size` once meant something else says where that went).
  init(
    help: String, default fallback: PixelSize? = nil, defaultHelp: String? = nil,
    aliases: [String] = [], note: String? = nil
  ) {
    var parser = PixelSize.argumentParser
    if let note { parser.expectation += "; \(note)" }
    _given = Option(
      name: "--size", short: "s", aliases: aliases, parser: parser, help: help,
      defaultHelp: defaultHelp ?? fallback?.argumentDescription)
    self.fallback = fallback
  }

  /// The size given, else the command's default (nil if it has none).
  var size: PixelSize? { given ?? fallback }
}

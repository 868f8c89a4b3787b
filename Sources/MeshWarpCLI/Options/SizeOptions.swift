/// `--size, -s WxH`: the output's size in pixels.
struct SizeOptions: ParsableArguments {
  @Option(short: "s", help: "Output size in pixels.") private var given: PixelSize?
  private var fallback: PixelSize? = nil

  init() {}

  /// `--size` with this command's help and default; `aliases` are
  /// deprecated spellings (genie's `--canvas`).
  init(
    help: String, default fallback: PixelSize? = nil, defaultHelp: String? = nil,
    aliases: [String] = []
  ) {
    _given = Option(
      name: "--size", short: "s", aliases: aliases, help: help,
      defaultHelp: defaultHelp ?? fallback?.argumentDescription)
    self.fallback = fallback
  }

  /// The size given, else the command's default (nil if it has none).
  var size: PixelSize? { given ?? fallback }
}

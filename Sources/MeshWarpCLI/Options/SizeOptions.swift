import MeshWarpArguments
import MeshWarpImageIO

/// `--size, -s WxH`: the output's size in pixels. A command whose output
/// keeps an input's aspect ratio (`keepsAspect`: warp) also takes one side
/// alone, as ffmpeg's `scale=W:-1`: `W:-1`, `Wx`, `-1:H`, `xH`.
struct SizeOptions: ParsableArguments {
  @Option(short: "s", help: "Output size in pixels.") private var given: SizeRequest?
  private var fallback: PixelSize? = nil
  private var keepsAspect = false

  init() {}

  /// `--size` with this command's help and default; `aliases` are
  /// deprecated spellings (genie's `--canvas`).
  /// `note` follows the expected form in the error for a bad value (a
  /// command whose `--size` once meant something else says where that went).
  /// `keepsAspect`: one side may be left out, the other following the
  /// input's aspect ratio (``resolved(input:even:)``).
  init(
    help: String, default fallback: PixelSize? = nil, defaultHelp: String? = nil,
    aliases: [String] = [], note: String? = nil, keepsAspect: Bool = false
  ) {
    var parser = SizeRequest.argumentParser
    if let note { parser.expectation += "; \(note)" }
    _given = Option(
      name: "--size", short: "s", aliases: aliases, parser: parser, help: help,
      defaultHelp: defaultHelp ?? fallback?.argumentDescription)
    self.fallback = fallback
    self.keepsAspect = keepsAspect
  }

  func validate() throws {
    if let given, !keepsAspect, given.width == nil || given.height == nil {
      throw CLIError.usage(
        "--size \(given.argumentDescription): one side alone keeps an input's aspect ratio, and this command has no input picture to take it from; give WIDTHxHEIGHT"
      )
    }
  }

  /// The size given, else the command's default (nil if it has none, or
  /// when one side was left out: see ``resolved(input:even:)``).
  var size: PixelSize? {
    guard let given else { return fallback }
    guard let width = given.width, let height = given.height else { return nil }
    return PixelSize(width: width, height: height)
  }

  /// The width given (nil: the input's, or from the height).
  var width: Int? { given == nil ? fallback?.width : given?.width }
  /// The height given (nil: the input's, or from the width).
  var height: Int? { given == nil ? fallback?.height : given?.height }

  /// The size for an input of `input` pixels: the sides given, a side left
  /// out following the input's aspect ratio (even when `even`: H.264, HEVC
  /// and ProRes outputs), else the input's.
  func resolved(input: PixelSize, even: Bool = false) -> PixelSize {
    let (w, h) = OutputSize.resolve(
      width: width, height: height, input: (input.width, input.height), even: even)
    return PixelSize(width: w, height: h)
  }
}

/// `WxH`, or one side with the other `-1` or left out (`800:-1`, `800x`,
/// `-1:600`, `x600`); `:` separates as `x` does, as in ffmpeg's `scale`.
struct SizeRequest: ExpressibleByArgument, Sendable {
  var width: Int?
  var height: Int?

  static var argumentParser: ValueParser<SizeRequest> {
    let sides = 1...65535
    return ValueParser(
      placeholder: "WxH",
      expectation:
        "WIDTHxHEIGHT in pixels, each side \(sides.lowerBound) to \(sides.upperBound) (e.g. 800x600)",
      parse: { text in
        let parts = text.lowercased().split(
          omittingEmptySubsequences: false, whereSeparator: { $0 == "x" || $0 == ":" })
        guard parts.count == 2 else { return nil }
        /// nil: not a side; .some(nil): left out.
        func side(_ part: Substring) -> Int?? {
          if part.isEmpty || part == "-1" { return .some(nil) }
          guard let value = Int(part), sides.contains(value) else { return nil }
          return value
        }
        guard let width = side(parts[0]), let height = side(parts[1]),
          width != nil || height != nil
        else { return nil }
        return SizeRequest(width: width, height: height)
      })
  }

  var argumentDescription: String {
    "\(width.map(String.init) ?? "-1")x\(height.map(String.init) ?? "-1")"
  }
}

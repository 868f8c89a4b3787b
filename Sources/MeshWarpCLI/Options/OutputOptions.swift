import MeshWarpArguments
import MeshWarpFiles

/// `--output, -o`: where a command writes. The place for options about the
/// written file (format, quality, ...) that several commands share.
struct OutputOptions: ParsableArguments {
  @Option(short: "o", placeholder: "OUT", help: "Where to write.") var output: String

  init() {}

  /// `-o` with this command's placeholder and help; required unless it has
  /// a `default` (such as `"-"`, standard output).
  /// `aliases` are deprecated spellings (demo's `--out`).
  init(
    placeholder: String, help: String, default fallback: String? = nil,
    defaultHelp: String? = nil, aliases: [String] = []
  ) {
    if let fallback {
      _output = Option(
        wrappedValue: fallback, short: "o", aliases: aliases, placeholder: placeholder,
        help: help, defaultHelp: defaultHelp)
    } else {
      _output = Option(short: "o", aliases: aliases, placeholder: placeholder, help: help)
    }
  }

  /// `-o` of a command that writes a still or, `animatedWhen` ("with
  /// --duration or a keyframe file"), an animation: one wording of the
  /// formats for every such command.
  static func stillOrAnimation(animatedWhen: String) -> OutputOptions {
    OutputOptions(
      placeholder: "OUT",
      help:
        "Output: a still (.png, .jpg, .webp) or, \(animatedWhen), an animation (.apng, .mp4, .mov, .webm, .gif, .webp, frame_%04d.png or a folder)."
    )
  }

  /// Writes `bytes` to the output path: a file (atomically) or, for `-`,
  /// the console's standard output.
  func write(_ bytes: [UInt8], console: Console) throws {
    try OutputFile.write(bytes, to: output, console: console)
  }

  /// Whether the output is standard output.
  var isStandardOutput: Bool { output == StandardOutput.path }
}

extension OutputFile {
  /// IO's `write(_:to:)`, with `-` going to `console` (the process's
  /// standard output, or a test's buffer).
  static func write(_ bytes: [UInt8], to path: String, console: Console) throws {
    if path == StandardOutput.path {
      try console.write(bytes)
    } else {
      try write(bytes, to: path)
    }
  }
}

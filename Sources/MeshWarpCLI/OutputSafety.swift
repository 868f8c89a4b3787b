import MeshWarpFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A command that reads files and writes one output (`-o`): the checks
/// every such command shares, made before any work.
protocol WritesOutput {
  /// The files the command reads (the picture, meshes, a gradient), as
  /// the user named them; nil entries are options not given.
  var inputFiles: [String?] { get }
  /// `-o`, as the user gave it (`-` for standard output).
  var outputPath: String { get }
  /// Whether standard output would get binary image data (a picture or an
  /// animation), not text.
  var writesImageData: Bool { get }
  /// The files that must exist and open (the picture, the meshes), checked
  /// before anything else so that a mistyped input is named as such; empty
  /// by default (names that may be built-in presets are not listed).
  var filesToOpen: [String?] { get }
  /// `--overwrite` and `--no-clobber`, for a command that has them.
  var replacing: ImageOutputOptions? { get }
}

extension WritesOutput {
  var writesImageData: Bool { true }
  var filesToOpen: [String?] { [] }
  var replacing: ImageOutputOptions? { nil }
}

/// What `OutputSafety.check` refuses, as ffmpeg, gzip and ImageMagick do:
/// an output that is one of the inputs (one typo would lose the original:
/// the atomic rename replaces it), and binary image data for a terminal.
enum OutputSafety {
  /// Checks `command`'s output against its inputs and standard output.
  ///
  /// - Throws: `CLIError.usage` (exit 2) naming both paths, or saying that
  ///   standard output is a terminal.
  static func check(_ command: any WritesOutput, console: Console) throws {
    // A mistyped input comes first (exit 1): what the output's name says
    // about the input is meaningless when there is none.
    for case let input? in command.filesToOpen { try FileInput.checkOpens(path: input) }
    let output = command.outputPath
    try command.replacing?.checkNoClobber(output)
    if output == StandardOutput.path {
      if command.writesImageData && console.stdoutIsTerminal {
        throw CLIError.usage(
          "standard output is a terminal: refusing to write binary image data to it; redirect it (> out.png), pipe it, or name a file with -o"
        )
      }
      return
    }
    for case let input? in command.inputFiles
    where input != StandardOutput.path && sameFile(input, output) {
      throw CLIError.usage(
        "-o \(output) is the input file \(input): writing it would replace the original; choose another output name"
      )
    }
  }

  /// Whether two paths name one existing file (the same device and inode,
  /// after symbolic links), so that `./a.png`, `a.png` and a link to it
  /// all match.
  static func sameFile(_ a: String, _ b: String) -> Bool {
    var first = stat()
    var second = stat()
    guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
    return first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }
}

extension WarpCommand: WritesOutput {
  var replacing: ImageOutputOptions? { image }
  var inputFiles: [String?] { [input, mesh, toMesh] }
  var outputPath: String { output.output }
  var filesToOpen: [String?] { [input, mesh, toMesh] }
}

extension GenieCommand: WritesOutput {
  var replacing: ImageOutputOptions? { image }
  var inputFiles: [String?] { [input] }
  var outputPath: String { output.output }
  var filesToOpen: [String?] { [input] }
}

extension MorphCommand: WritesOutput {
  var replacing: ImageOutputOptions? { image }
  var inputFiles: [String?] { [first, second, points] }
  var outputPath: String { output.output }
  var filesToOpen: [String?] { [first, second, points] }
}

extension GradientCommand: WritesOutput {
  var replacing: ImageOutputOptions? { image }
  var inputFiles: [String?] { [file, fill.warp, fill.warpTo] }
  var outputPath: String { output.output }
}

extension TextCommand: WritesOutput {
  var replacing: ImageOutputOptions? { image }
  /// The gradient and the font may be built-in names; a name that is not a
  /// file never matches the output.
  var inputFiles: [String?] { [gradient, font, fill.warp, fill.warpTo] }
  var outputPath: String { output.output }
}

extension ShaderDataCommand: WritesOutput {
  var inputFiles: [String?] { [meshPath] }
  var outputPath: String { output.output }
  var writesImageData: Bool { false }
}

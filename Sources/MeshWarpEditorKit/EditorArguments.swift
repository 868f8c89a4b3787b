import MeshWarpArguments

/// The command line of `meshwarp-editor`, declared as MeshWarpArguments
/// declares `meshwarp`'s commands: ``parse(_:)`` reads it and ``helpText``
/// lists it from these declarations. A repeated option's last value wins.
package struct EditorArguments: ParsableCommandLine {
  package static let configuration = CommandConfiguration(
    name: "meshwarp-editor",
    summary: "The mesh editor: warp a picture or a video through a mesh, live.",
    details: """
      Warps the checkerboard (or IMAGE|VIDEO) through a 3x3 control grid, live. Drag
      the points; click the ON/OFF toggle where it appears after the warp; save the
      mesh, export SwiftUI code; Tab edits a mesh gradient instead.

      Keys: drag/arrows move points, 2-9 density, R reset, E edge policy,
            K smooth warp, A anti-aliasing, G genie, T gradient text, Space pause,
            Ctrl+Z undo, Ctrl+Y redo, J save JSON, X export SwiftUI code, S save PNG,
            P save PNG without overlay, O overlay, F full screen, Tab gradient
            mode (1-9 palette, Return hex, [ ] - = size, M smooth, C colour
            space, B bezier handles), Tab again morph mode with --morph ([ ] step t,
            X export the animation), H help, Esc quit; drop a file to open it.
      """,
    examples: [
      (
        "Warp a photo through a mesh file (J saves the edited mesh back to it):",
        "meshwarp-editor photo.jpg --mesh mesh.json"
      ),
      (
        "Morph one photo into another (J saves the points to morph.json):",
        "meshwarp-editor a.jpg --morph b.jpg --points morph.json"
      ),
      (
        "Without a screen (SDL's offscreen driver): play a script of drags and keys:",
        "SDL_VIDEODRIVER=offscreen meshwarp-editor --script demo.txt"
      ),
    ],
    repeatedOptions: .lastWins)

  /// A picture (PNG, JPEG, WebP, GIF, TIFF) or a video (MP4, MOV, MKV, WebM, …,
  /// played looping) to warp instead of the checkerboard.
  @Argument(
    placeholder: "IMAGE|VIDEO",
    help:
      "A picture (PNG, JPEG, WebP, GIF, TIFF) or a video (MP4, MOV, MKV, WebM, ...) to warp instead of the checkerboard; a video loops."
  )
  package var imagePath: String?
  /// The window's size in pixels (default 800×600).
  @Option(name: "--size", parser: .windowSize, help: "Window size in pixels.")
  package var size = PixelSize(width: 800, height: 600)
  /// A script file, or "-" for stdin.
  @Option(
    name: "--script", placeholder: "FILE",
    help:
      "Inject input from a script file ('-' reads stdin); lines: drag X1 Y1 X2 Y2 [STEPS], click X Y, down|move|up X Y, key NAME, save PATH, wait FRAMES, sleep MS, quit."
  )
  package var scriptPath: String?
  /// Quit after this many frames.
  @Option(name: "--frames", parser: .positive, help: "Quit after N frames.")
  package var frameLimit: Int?
  /// Folder for frames saved with S.
  @Option(
    name: "--save-dir", placeholder: "DIR", help: "Where S and P save frames, J and X new files.",
    defaultHelp: "the current folder")
  package var saveDirectory = "."
  /// Frame rate cap; `nil` follows the display's refresh rate, 0 renders
  /// as fast as possible (for measuring).
  @Option(
    parser: .nonNegative, help: "Cap the frame rate; 0: no cap.", defaultHelp: "the display's")
  package var fps: Int?
  /// Render threads (0 = every core).
  @Option(parser: .nonNegative, help: "Render threads; 0: every core.")
  package var threads = 0
  /// Start with the animation paused.
  @Flag(help: "Start with the animation paused.")
  package var paused: Bool
  /// A mesh JSON to open; saves go back to it.
  @Option(name: "--mesh", placeholder: "FILE", help: "Open a mesh JSON (J saves back to it).")
  package var meshPath: String?
  /// A gradient JSON to open in gradient mode.
  @Option(name: "--gradient", placeholder: "FILE", help: "Open a gradient JSON in gradient mode.")
  package var gradientPath: String?
  /// Picture B of a morph (the content is picture A); starts morph mode.
  @Option(
    name: "--morph", placeholder: "IMAGE",
    help:
      "Morph the picture (A) into IMAGE (B): drag the same feature's point in each, scrub t; starts in morph mode."
  )
  package var morphPath: String?
  /// The morph document to open; saves go back to it.
  @Option(
    name: "--points", placeholder: "FILE",
    help: "With --morph: open a morph JSON (J saves back to it; created if missing).")
  package var pointsPath: String?
  /// The display for full screen (from 0); giving it starts full screen.
  @Option(parser: .displayNumber, help: "Full screen on display N (0 = first); F toggles.")
  package var display: Int?
  /// Render this many frames without a window, print the median frame
  /// time and exit.
  @Option(
    parser: .positive,
    help:
      "No window: render N frames of a 9x9 smooth wavy mesh (or --mesh FILE) at --size while dragging, idle, and dragging with the minification filter off; print the median times."
  )
  package var benchmarkFrames: Int?
  /// Print the help and exit; read with the other options, which must be
  /// valid too.
  @Flag(name: "--help", short: "h", help: "Show this help.")
  package var showUsage: Bool

  package init() {}

  /// The window's width in pixels (`--size`).
  package var width: Int { size.width }
  /// The window's height in pixels (`--size`).
  package var height: Int { size.height }

  /// An argument error, with the usage to print.
  package struct Error: Swift.Error, CustomStringConvertible, Hashable, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { "meshwarp-editor: \(message)" }
  }

  /// Parses the arguments after the program name: an option's value is
  /// the next argument or follows `=`; any other word not starting with
  /// `-` (or `-` itself) is the image.
  ///
  /// - Throws: ``Error`` naming the bad argument, in the editor's words.
  package static func parse(_ arguments: [String]) throws(Error) -> EditorArguments {
    do {
      // The parser's own `parse`, picked by its result type.
      let outcome: ParseOutcome<EditorArguments> = try parse(arguments)
      guard case .run(let parsed, _) = outcome else {
        preconditionFailure("the editor declares --help itself")
      }
      return parsed
    } catch {
      throw Error(message: message(for: error))
    }
  }

  /// The editor's words for a refused command line.
  static func message(for error: UsageError) -> String {
    switch error.problem {
    case .unknownOption(let name): "unknown option '\(name)'"
    case .missingValue(let name): "\(name) needs a value"
    case .invalidValue(let name, let value, let expected):
      "\(name) needs \(expected), got '\(value)'"
    case .argumentCount(let given) where given.count > 1:
      "one image at most ('\(given[0])' and '\(given[1])')"
    default: error.message
    }
  }
}

extension ValueParser<Int> {
  /// A whole number above 0.
  fileprivate static var positive: Self {
    Int.argumentParser.atLeast(1).expecting("a positive integer")
  }
  /// A whole number from 0.
  fileprivate static var nonNegative: Self {
    Int.argumentParser.atLeast(0).expecting("a non-negative integer")
  }
  /// A display index from 0.
  fileprivate static var displayNumber: Self {
    Int.argumentParser.atLeast(0).expecting("a display number from 0")
  }
}

extension ValueParser<PixelSize> {
  /// `WxH` (or `wXh`), each side 1…8192.
  fileprivate static var windowSize: Self {
    PixelSize.parser(sides: 1...8192).expecting("WxH within 1…8192")
  }
}

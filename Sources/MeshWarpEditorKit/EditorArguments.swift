/// The command line of `meshwarp-editor`, parsed.
package struct EditorArguments: Hashable, Sendable {
  /// Window size in pixels (`--size WxH`, default 800×600).
  package var width = 800
  package var height = 600
  /// A picture (PNG, JPEG, WebP, GIF) or a video (MP4, MOV, MKV, WebM, …,
  /// played looping) to warp instead of the checkerboard.
  package var imagePath: String?
  /// A script file, or "-" for stdin (`--script`).
  package var scriptPath: String?
  /// Quit after this many frames (`--frames N`).
  package var frameLimit: Int?
  /// Folder for frames saved with S (`--save-dir`, default ".").
  package var saveDirectory = "."
  /// Frame rate cap (`--fps N`); `nil` follows the display's refresh rate,
  /// 0 renders as fast as possible (for measuring).
  package var fps: Int?
  /// Render threads (`--threads N`, 0 = every core, the default).
  package var threads = 0
  /// Start with the animation paused (`--paused`).
  package var paused = false
  /// A mesh JSON to open (`--mesh FILE`); saves go back to it.
  package var meshPath: String?
  /// A gradient JSON to open in gradient mode (`--gradient FILE`).
  package var gradientPath: String?
  /// The display for full screen (`--display N`, from 0); giving it
  /// starts full screen.
  package var display: Int?
  /// Render this many frames without a window, print the median frame
  /// time and exit (`--benchmark-frames N`).
  package var benchmarkFrames: Int?
  /// Print the help and exit (`--help`).
  package var showUsage = false

  package init() {}

  /// Every option, declared once: ``parse(_:)`` reads the command line
  /// through these and ``usage`` lists them, in this order.
  static var options: [EditorOption] {
    [
      .value("--size", "WxH", .windowSize, help: ["window size in pixels (default 800x600)"]) {
        ($0.width, $0.height) = $1
      },
      .value(
        "--script", "FILE", .text,
        help: [
          "inject input from a script file ('-' reads stdin);",
          "lines: drag X1 Y1 X2 Y2 [STEPS], click X Y,",
          "down|move|up X Y, key NAME, save PATH, wait FRAMES,",
          "sleep MS, quit",
        ]
      ) { $0.scriptPath = $1 },
      .value("--frames", "N", .positive, help: ["quit after N frames"]) { $0.frameLimit = $1 },
      .value(
        "--save-dir", "DIR", .text,
        help: ["where S and P save frames, J and X new files (default .)"]
      ) { $0.saveDirectory = $1 },
      .value(
        "--fps", "N", .nonNegative,
        help: ["cap the frame rate (default: the display's, 0: no cap)"]
      ) { $0.fps = $1 },
      .value("--threads", "N", .nonNegative, help: ["render threads (default 0: every core)"]) {
        $0.threads = $1
      },
      .flag("--paused", help: ["start with the animation paused"]) { $0.paused = true },
      .value("--mesh", "FILE", .text, help: ["open a mesh JSON (J saves back to it)"]) {
        $0.meshPath = $1
      },
      .value("--gradient", "FILE", .text, help: ["open a gradient JSON in gradient mode"]) {
        $0.gradientPath = $1
      },
      .value(
        "--display", "N", .displayNumber,
        help: ["full screen on display N (0 = first); F toggles"]
      ) { $0.display = $1 },
      .value(
        "--benchmark-frames", "N", .positive,
        help: [
          "no window: render N frames of a 9x9 smooth wavy mesh",
          "(or --mesh FILE) at --size while dragging, idle, and",
          "dragging with the minification filter off; print the",
          "median times",
        ]
      ) { $0.benchmarkFrames = $1 },
      .flag("--help", "-h", help: ["this text"]) { $0.showUsage = true },
    ]
  }

  /// The `--help` text (also printed after an argument error): the
  /// synopsis, the options as ``options`` declares them, the keys.
  package static var usage: String {
    var lines = [
      "usage: meshwarp-editor [IMAGE|VIDEO] [options]",
      "",
      "The mesh editor. Warps the checkerboard (or a PNG/JPEG/WebP/GIF picture,",
      "or a video such as clip.mp4, looping) through a 3x3 control grid, live.",
      "Drag the points; click the ON/OFF toggle where it appears after the warp;",
      "save the mesh, export SwiftUI code; Tab edits a mesh gradient instead.",
      "",
      "options:",
    ]
    lines += options.flatMap(\.usageLines)
    lines += [
      "",
      "keys: drag/arrows move points, 2-9 density, R reset, E edge policy,",
      "      K smooth warp, A anti-aliasing, G genie, T gradient text, Space pause,",
      "      Ctrl+Z undo, Ctrl+Y redo, J save JSON, X export SwiftUI code, S save PNG,",
      "      P save PNG without overlay, O overlay, F full screen, Tab gradient",
      "      mode (1-9 palette, Return hex, [ ] - = size, M smooth, C colour",
      "      space, B bezier handles), H help, Esc quit; drop a file to open it",
      "headless: SDL_VIDEODRIVER=offscreen meshwarp-editor --script FILE",
    ]
    return lines.joined(separator: "\n")
  }

  /// An argument error, with the usage to print.
  package struct Error: Swift.Error, CustomStringConvertible, Hashable, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { "meshwarp-editor: \(message)" }
  }

  /// Parses the arguments after the program name, through ``options``:
  /// an option's value is the next argument; any other word not starting
  /// with `-` (or `-` itself) is the image. A repeated option's last value
  /// wins.
  ///
  /// - Throws: ``Error`` naming the bad argument.
  package static func parse(_ arguments: [String]) throws -> EditorArguments {
    var result = EditorArguments()
    let options = Self.options
    var i = 0
    while i < arguments.count {
      let a = arguments[i]
      i += 1
      if let option = options.first(where: { $0.names.contains(a) }) {
        var value: String?
        if option.placeholder != nil {
          guard i < arguments.count else { throw Error(message: "\(a) needs a value") }
          value = arguments[i]
          i += 1
        }
        try option.apply(&result, a, value)
        continue
      }
      guard !a.hasPrefix("-") || a == "-" else { throw Error(message: "unknown option '\(a)'") }
      guard result.imagePath == nil else {
        throw Error(message: "one image at most ('\(result.imagePath!)' and '\(a)')")
      }
      result.imagePath = a
    }
    return result
  }
}

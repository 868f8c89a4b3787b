/// The command line of `meshwarp-demo`, parsed.
package struct DemoArguments: Hashable, Sendable {
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

  package static let usage = """
    usage: meshwarp-demo [IMAGE|VIDEO] [options]

    The mesh editor. Warps the checkerboard (or a PNG/JPEG/WebP/GIF picture,
    or a video such as clip.mp4, looping) through a 3x3 control grid, live. Drag the points; click the ON/OFF toggle where it
    appears after the warp; save the mesh, export SwiftUI code; Tab edits a
    mesh gradient instead.

    options:
      --size WxH        window size in pixels (default 800x600)
      --script FILE     inject input from a script file ('-' reads stdin);
                        lines: drag X1 Y1 X2 Y2 [STEPS], click X Y, down|move|up X Y,
                        key NAME, save PATH, wait FRAMES, sleep MS, quit
      --frames N        quit after N frames
      --save-dir DIR    where S saves meshwarp-demo-frame-N.png (default .)
      --fps N           cap the frame rate (default: the display's, 0: no cap)
      --threads N       render threads (default 0: every core)
      --paused          start with the animation paused
      --mesh FILE       open a mesh JSON (J saves back to it)
      --gradient FILE   open a gradient JSON in gradient mode
      --display N       full screen on display N (0 = first); F toggles
      --benchmark-frames N
                        no window: render N frames of a 9x9 smooth wavy mesh
                        (or --mesh FILE) at --size while dragging, idle, and
                        dragging with the minification filter off; print the
                        median times
      --help            this text

    keys: drag/arrows move points, 2-9 density, R reset, E edge policy,
          K smooth warp, A anti-aliasing, G genie, T gradient text, Space pause, Ctrl+Z undo,
          Ctrl+Y redo, J save JSON, X export SwiftUI code, S save PNG,
          P save PNG without overlay, O overlay, F full screen, Tab gradient
          mode (1-9 palette, Return hex, [ ] - = size, M smooth, C colour
          space, B bezier handles), H help, Esc quit; drop a file to open it
    headless: SDL_VIDEODRIVER=offscreen meshwarp-demo --script FILE
    """

  /// An argument error, with the usage to print.
  package struct Error: Swift.Error, CustomStringConvertible, Hashable, Sendable {
    package var message: String
    package init(message: String) { self.message = message }
    package var description: String { "meshwarp-demo: \(message)" }
  }

  /// Parses the arguments after the program name.
  ///
  /// - Throws: ``Error`` naming the bad argument.
  package static func parse(_ arguments: [String]) throws -> DemoArguments {
    var result = DemoArguments()
    var i = 0
    func value(_ flag: String) throws -> String {
      i += 1
      guard i < arguments.count else { throw Error(message: "\(flag) needs a value") }
      return arguments[i]
    }
    func positive(_ flag: String, _ text: String, allowZero: Bool = false) throws -> Int {
      guard let v = Int(text), v > 0 || (allowZero && v == 0) else {
        throw Error(
          message:
            "\(flag) needs a \(allowZero ? "non-negative" : "positive") integer, got '\(text)'")
      }
      return v
    }
    while i < arguments.count {
      let a = arguments[i]
      switch a {
      case "--size":
        let text = try value(a)
        let parts = text.lowercased().split(separator: "x")
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), w > 0, h > 0,
          w <= 8192, h <= 8192
        else { throw Error(message: "--size needs WxH within 1…8192, got '\(text)'") }
        (result.width, result.height) = (w, h)
      case "--script": result.scriptPath = try value(a)
      case "--frames": result.frameLimit = try positive(a, value(a))
      case "--save-dir": result.saveDirectory = try value(a)
      case "--fps": result.fps = try positive(a, value(a), allowZero: true)
      case "--threads": result.threads = try positive(a, value(a), allowZero: true)
      case "--paused": result.paused = true
      case "--mesh": result.meshPath = try value(a)
      case "--gradient": result.gradientPath = try value(a)
      case "--display":
        let text = try value(a)
        guard let n = Int(text), n >= 0 else {
          throw Error(message: "--display needs a display number from 0, got '\(text)'")
        }
        result.display = n
      case "--benchmark-frames": result.benchmarkFrames = try positive(a, value(a))
      case "--help", "-h": result.showUsage = true
      default:
        guard !a.hasPrefix("-") || a == "-" else { throw Error(message: "unknown option '\(a)'") }
        guard result.imagePath == nil else {
          throw Error(message: "one image at most ('\(result.imagePath!)' and '\(a)')")
        }
        result.imagePath = a
      }
      i += 1
    }
    return result
  }
}

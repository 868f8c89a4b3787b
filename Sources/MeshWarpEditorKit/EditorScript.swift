/// The demo's script format: lines of input for automation, which the
/// executable injects as window-system events one frame at a time, so a
/// script runs the same code paths as a person.
///
/// ```
/// # comment; blank lines are ignored; coordinates are window pixels
/// drag 400 300 480 360      # press, move in 8 steps (one per frame), release
/// drag 400 300 480 360 20   # … in 20 steps
/// click 231 171             # press and release
/// down X Y | move X Y | up X Y
/// key r                     # a key by SDL name: 1-9 r e a g t s h j x p o f m c space
///                           # escape tab return left right up down [ ] - =
/// key ctrl+z                # with modifiers: ctrl+, shift+
/// text FF8800               # typed text (SDL text input)
/// drop photo.png            # a file dropped on the window
/// save out/frame.png        # save the next frame to this path
/// wait 10                   # let 10 frames pass
/// sleep 250                 # let 250 ms pass
/// quit
/// ```
package enum EditorScript {
  /// One input to inject, in window terms.
  package enum Input: Hashable, Sendable {
    /// The primary button down / pointer motion / button up at a pixel.
    case mouseDown(x: Int, y: Int)
    case mouseMove(x: Int, y: Int)
    case mouseUp(x: Int, y: Int)
    /// A key press by SDL key name (`r`, `space`, `escape`, …).
    case key(String)
    /// Save the next frame at a path.
    case save(String)
    /// Typed text (an SDL text-input event).
    case text(String)
    /// A file dropped on the window (an SDL drop event).
    case drop(String)
    /// End the program.
    case quit
  }

  /// One step of a script: inputs injected in the same frame, or a pause.
  package enum Step: Hashable, Sendable {
    case inject([Input])
    case waitFrames(Int)
    case sleepMilliseconds(Int)
  }

  /// Drag steps when a `drag` line gives none (empirical: visibly smooth).
  package static let defaultDragSteps = 8

  /// A script line that cannot be read: its 1-based number and why.
  package struct ParseError: Error, CustomStringConvertible, Hashable, Sendable {
    package var line: Int
    package var message: String
    package var description: String { "script line \(line): \(message)" }
  }

  /// Parses a script into steps.
  ///
  /// - Throws: ``ParseError`` naming the first bad line.
  /// - Complexity: O(lines + drag steps).
  package static func parse(_ text: String) throws -> [Step] {
    var steps: [Step] = []
    for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line =
        raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first
        .map(String.init) ?? ""
      let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).map(
        String.init)
      guard let command = words.first?.lowercased() else { continue }
      let args = Array(words.dropFirst())
      func fail(_ message: String) -> ParseError { ParseError(line: n + 1, message: message) }
      func ints(_ count: ClosedRange<Int>) throws -> [Int] {
        guard count.contains(args.count) else {
          throw fail(
            "'\(command)' takes \(count.lowerBound == count.upperBound ? "\(count.lowerBound)" : "\(count.lowerBound)-\(count.upperBound)") numbers, got \(args.count)"
          )
        }
        return try args.map {
          guard let v = Int($0) else { throw fail("'\($0)' is not an integer") }
          return v
        }
      }
      switch command {
      case "drag":
        let v = try ints(4...5)
        let count = v.count == 5 ? v[4] : defaultDragSteps
        guard count >= 1 else { throw fail("drag steps must be at least 1") }
        steps.append(.inject([.mouseDown(x: v[0], y: v[1])]))
        for k in 1...count {
          let t = Double(k) / Double(count)
          let x = Int((Double(v[0]) + Double(v[2] - v[0]) * t).rounded())
          let y = Int((Double(v[1]) + Double(v[3] - v[1]) * t).rounded())
          steps.append(.inject([.mouseMove(x: x, y: y)]))
        }
        steps.append(.inject([.mouseUp(x: v[2], y: v[3])]))
      case "click":
        let v = try ints(2...2)
        steps.append(.inject([.mouseDown(x: v[0], y: v[1])]))
        steps.append(.inject([.mouseUp(x: v[0], y: v[1])]))
      case "down", "move", "up":
        let v = try ints(2...2)
        let input: Input =
          command == "down"
          ? .mouseDown(x: v[0], y: v[1])
          : command == "move" ? .mouseMove(x: v[0], y: v[1]) : .mouseUp(x: v[0], y: v[1])
        steps.append(.inject([input]))
      case "key":
        guard args.count == 1 else { throw fail("'key' takes one key name, got \(args.count)") }
        steps.append(.inject([.key(args[0])]))
      case "save":
        guard args.count == 1 else { throw fail("'save' takes one path (no spaces)") }
        steps.append(.inject([.save(args[0])]))
      case "text":
        guard args.count == 1 else { throw fail("'text' takes one word") }
        steps.append(.inject([.text(args[0])]))
      case "drop":
        guard args.count == 1 else { throw fail("'drop' takes one path (no spaces)") }
        steps.append(.inject([.drop(args[0])]))
      case "wait":
        let v = try ints(1...1)
        guard v[0] >= 0 else { throw fail("wait needs a frame count ≥ 0") }
        steps.append(.waitFrames(v[0]))
      case "sleep":
        let v = try ints(1...1)
        guard v[0] >= 0 else { throw fail("sleep needs milliseconds ≥ 0") }
        steps.append(.sleepMilliseconds(v[0]))
      case "quit":
        guard args.isEmpty else { throw fail("'quit' takes nothing") }
        steps.append(.inject([.quit]))
      default:
        throw fail(
          "unknown command '\(command)' (drag, click, down, move, up, key, text, drop, save, wait, sleep, quit)"
        )
      }
    }
    return steps
  }
}

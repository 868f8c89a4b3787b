import MeshWarpArguments
import MeshWarpFiles

/// The `meshwarp` tool: dispatches to subcommands, prints help and errors,
/// returns the exit code (0 success, 1 bad input or failure, 2 usage).
package enum MeshwarpTool {
  /// The tool's version, as `meshwarp --version` prints it.
  package static let version = "0.1.0"

  /// The status `run` returns when standard output's reader went away
  /// (128 + SIGPIPE, what a shell reports for a tool SIGPIPE killed); the
  /// program then ends by SIGPIPE itself, printing nothing.
  package static let brokenPipeStatus: Int32 = 128 + 13

  static var commands: [any ParsableCommand.Type] {
    [
      WarpCommand.self, ValidateCommand.self, GradientCommand.self, TextCommand.self,
      GenieCommand.self, ShaderDataCommand.self, MeshCommand.self, DemoCommand.self,
      MorphCommand.self, BenchCommand.self, CompletionsCommand.self, ManpageCommand.self,
    ]
  }

  /// The main help's and the man page's worked examples: what each does,
  /// then the command line. A test parses every one with the commands' own
  /// parsers.
  static let examples: [(what: String, command: String)] = [
    (
      "Write a 4 × 4 identity grid to edit (move its \"to\" points):",
      "meshwarp mesh grid 4x4 -o mesh.json"
    ),
    (
      "Warp a photo through it, as a smooth surface:",
      "meshwarp warp photo.jpg --mesh mesh.json --smooth -o warped.png"
    ),
    (
      "Warp a video frame by frame, keeping its audio:",
      "meshwarp warp clip.mp4 --mesh mesh.json -o warped.mp4"
    ),
    (
      "Render four seconds of the animated preset gradient:",
      "meshwarp gradient --preset meshing --duration 4 -o meshing.mp4"
    ),
    ("Draw text filled with that gradient:", "meshwarp text Meshing -o title.png"),
    ("Check a mesh file and list its problems:", "meshwarp validate mesh.json"),
    (
      "The genie effect of a picture into a dock slot, as an animation:",
      "meshwarp genie window.png -o genie.apng"
    ),
    ("Enable bash completion for this shell:", "meshwarp completions bash"),
  ]

  /// `meshwarp --help`.
  static var overview: String {
    var lines = [
      "meshwarp: warp images through 2D meshes and render mesh gradients.", "",
      "Usage: meshwarp COMMAND [OPTIONS]", "", "Commands:",
    ]
    for c in commands {
      let name = c.configuration.name
      lines.append(
        "  " + name.padding(toLength: 12, withPad: " ", startingAt: 0) + c.configuration.summary)
    }
    lines += [
      "", "Options:", "  --help, -h   Show this help.",
      "  --version    Print the version (also 'meshwarp version').", "",
      "Run 'meshwarp COMMAND --help' for a command's options and examples.",
    ]
    lines += HelpText.exampleLines(examples) + [""]
    return lines.joined(separator: "\n")
  }

  /// The two lines for a command that does not exist: the nearest name,
  /// if one is near, and where the list is (not the whole help).
  static func unknownCommand(_ name: String) -> String {
    let names = commands.map { $0.configuration.name } + ["help", "version"]
    return
      "meshwarp: unknown command '\(name)'\(NearestName.hint(for: name, among: names))\nRun 'meshwarp --help' for the list of commands."
  }

  /// Runs the tool with `arguments` (without the program name).
  package static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
    guard let name = arguments.first else {
      console.error(overview)
      return 2
    }
    if name == "--version" || name == "version" {
      try? console.print("meshwarp \(version)")
      return 0
    }
    if name == "--help" || name == "-h" || name == "help" {
      if arguments.count > 1 {
        guard let c = commands.first(where: { $0.configuration.name == arguments[1] }) else {
          console.error(unknownCommand(arguments[1]))
          return 2
        }
        try? console.print(c.helpText)
      } else {
        try? console.print(overview)
      }
      return 0
    }
    guard let command = commands.first(where: { $0.configuration.name == name }) else {
      console.error(unknownCommand(name))
      return 2
    }
    return run(command, Array(arguments.dropFirst()), console: console)
  }

  private static func run<C: ParsableCommand>(
    _ type: C.Type, _ arguments: [String], console: Console
  ) -> Int32 {
    let name = C.configuration.name
    do {
      let outcome: ParseOutcome<C>
      do {
        outcome = try C.parse(arguments)
      } catch {
        throw CLIError(error)
      }
      switch outcome {
      case .help:
        try console.print(C.helpText)
      case .run(let command, let warnings):
        for w in warnings { console.error("meshwarp \(name): \(w)") }
        if let batch = command as? WarpCommand, batch.isBatch {
          return batch.runBatch(arguments, console: console) { run(C.self, $0, console: console) }
        }
        if let writer = command as? any WritesOutput {
          try OutputSafety.check(writer, console: console)
        }
        try command.run(console: console)
      }
      return 0
    } catch FileError.brokenPipe {
      // The reader has what it wanted (`| head -c 10`): end quietly, as a
      // tool killed by SIGPIPE does (the caller re-raises it).
      return brokenPipeStatus
    } catch let error as CLIError {
      console.error("meshwarp \(name): \(error)")
      return error.exitCode
    } catch {
      console.error("meshwarp \(name): \(InputFiles.describe(error))")
      return 1
    }
  }
}

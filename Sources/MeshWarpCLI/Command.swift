/// One `meshwarp` subcommand.
protocol Command {
  static var spec: CommandSpec { get }
  static func run(_ arguments: ParsedArguments, console: Console) throws
}

/// The `meshwarp` tool: dispatches to subcommands, prints help and errors,
/// returns the exit code (0 success, 1 bad input or failure, 2 usage).
public enum MeshwarpTool {
  static let commands: [any Command.Type] = [
    WarpCommand.self, ValidateCommand.self, GradientCommand.self, TextCommand.self,
    GenieCommand.self, ShaderDataCommand.self, DemoCommand.self, BenchCommand.self,
  ]

  static var overview: String {
    var lines = [
      "meshwarp: warp images through 2D meshes and render mesh gradients.", "",
      "Usage: meshwarp COMMAND [OPTIONS]", "", "Commands:",
    ]
    for c in commands {
      lines.append(
        "  " + c.spec.name.padding(toLength: 12, withPad: " ", startingAt: 0) + c.spec.summary)
    }
    lines += ["", "Run 'meshwarp COMMAND --help' for a command's options.", ""]
    return lines.joined(separator: "\n")
  }

  /// Runs the tool with `arguments` (without the program name).
  public static func run(_ arguments: [String], console: Console = .standard) -> Int32 {
    guard let name = arguments.first else {
      console.error(overview)
      return 2
    }
    if name == "--help" || name == "-h" || name == "help" {
      if arguments.count > 1, let c = commands.first(where: { $0.spec.name == arguments[1] }) {
        try? console.print(c.spec.help)
      } else {
        try? console.print(overview)
      }
      return 0
    }
    guard let command = commands.first(where: { $0.spec.name == name }) else {
      console.error("meshwarp: unknown command '\(name)'\n\n" + overview)
      return 2
    }
    do {
      let parsed = try ParsedArguments(Array(arguments.dropFirst()), spec: command.spec)
      if parsed.helpRequested {
        try console.print(command.spec.help)
        return 0
      }
      try command.run(parsed, console: console)
      return 0
    } catch let error as CLIError {
      console.error("meshwarp \(name): \(error)")
      return error.exitCode
    } catch {
      console.error("meshwarp \(name): \(InputFiles.describe(error))")
      return 1
    }
  }
}

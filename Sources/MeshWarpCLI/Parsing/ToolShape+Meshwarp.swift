import MeshWarpArguments

extension ToolShape {
  /// Every `meshwarp` command, then the words the tool itself takes:
  /// `help [COMMAND]` and `version`; and its options before a command.
  static var meshwarp: ToolShape {
    let commands = MeshwarpTool.commands.map(CommandShape.init)
    let help = CommandShape(
      name: "help", summary: "Show the help of meshwarp or of a command.", options: [],
      positionals: [
        CommandShape.Positional(
          placeholder: "COMMAND", help: "The command.", isRequired: false,
          completion: .words(commands.map(\.name)))
      ])
    let version = CommandShape(
      name: "version", summary: "Print the version (also --version).", options: [],
      positionals: [])
    let options = [
      CommandShape.helpOption,
      CommandShape.Option(
        long: "--version", short: nil, aliases: [], placeholder: "", help: "Print the version.",
        takesValue: false, completion: .none),
    ]
    return ToolShape(name: "meshwarp", commands: commands + [help, version], options: options)
  }
}

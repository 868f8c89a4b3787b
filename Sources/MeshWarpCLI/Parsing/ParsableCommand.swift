import MeshWarpArguments

/// One `meshwarp` subcommand: a command line that MeshWarpArguments parses
/// (options declared as properties, see MeshWarpArguments.swift), and what
/// it does with the values.
protocol ParsableCommand: ParsableCommandLine {
  func run(console: Console) throws
}

extension ParsableCommand {
  /// `meshwarp warp`: how usage, help and messages name the command.
  static var commandName: String { "meshwarp \(configuration.name)" }
}

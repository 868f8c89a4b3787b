/// A tool of several commands as its completion scripts and man page
/// describe it: its name, its commands, and the options it takes before one.
package struct ToolShape: Sendable {
  /// The program (`meshwarp`).
  package var name: String
  /// Each command, with the words the tool itself takes as commands
  /// (`help`, `version`).
  package var commands: [CommandShape]
  /// The options before a command (`--help`, `--version`).
  package var options: [CommandShape.Option]

  package init(name: String, commands: [CommandShape], options: [CommandShape.Option]) {
    self.name = name
    self.commands = commands
    self.options = options
  }

  /// The name as a shell identifier, for the scripts' functions
  /// (`meshwarp-editor` -> `meshwarp_editor`).
  var identifier: String {
    String(name.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
  }
}

/// The command line as completion scripts and the man page describe it:
/// every command with its options and arguments, read from the same
/// declarations the parser and `--help` use, so none of them can drift.
struct CommandShape {
  /// One option: its spellings, help and what its value is.
  struct Option {
    var long: String
    var short: String?
    /// Deprecated spellings: accepted, never offered.
    var aliases: [String]
    var placeholder: String
    var help: String
    var takesValue: Bool
    var completion: ValueCompletion

    /// Every spelling the parser accepts.
    var spellings: [String] { [long] + (short.map { [$0] } ?? []) + aliases }
  }

  /// One positional argument.
  struct Positional {
    var placeholder: String
    var help: String
    var isRequired: Bool
    var completion: ValueCompletion
    /// The last positional, taking every remaining argument (`FILE...`).
    var isRepeating = false
  }

  var name: String
  var summary: String
  var options: [Option]
  var positionals: [Positional]

  /// `--help, -h`, which every command takes.
  static let helpOption = Option(
    long: "--help", short: "-h", aliases: [], placeholder: "", help: "Show this help.",
    takesValue: false, completion: .none)

  /// `command`'s declarations, `--help` last.
  init(_ command: any ParsableCommand.Type) {
    let table = command.argumentTable
    name = command.configuration.name
    summary = command.configuration.summary
    options =
      table.options.map { entry in
        Option(
          long: entry.name, short: entry.short, aliases: entry.deprecatedAliases,
          placeholder: entry.info.placeholder, help: entry.fullHelp,
          takesValue: entry.info.kind == .option, completion: entry.info.completion)
      } + [Self.helpOption]
    positionals = table.positionals.map { entry in
      Positional(
        placeholder: entry.name, help: entry.info.help, isRequired: entry.info.isRequired,
        completion: entry.info.completion, isRepeating: entry.info.isRepeating)
    }
  }

  init(name: String, summary: String, options: [Option], positionals: [Positional]) {
    self.name = name
    self.summary = summary
    self.options = options
    self.positionals = positionals
  }

  /// Every `meshwarp` command, then the words the tool itself takes:
  /// `help [COMMAND]` and `version`.
  static var all: [CommandShape] {
    let commands = MeshwarpTool.commands.map(CommandShape.init)
    let help = CommandShape(
      name: "help", summary: "Show the help of meshwarp or of a command.", options: [],
      positionals: [
        Positional(
          placeholder: "COMMAND", help: "The command.", isRequired: false,
          completion: .words(commands.map(\.name)))
      ])
    let version = CommandShape(
      name: "version", summary: "Print the version (also --version).", options: [],
      positionals: [])
    return commands + [help, version]
  }

  /// The options `meshwarp` takes before a command.
  static let toolOptions = [
    helpOption,
    Option(
      long: "--version", short: nil, aliases: [], placeholder: "", help: "Print the version.",
      takesValue: false, completion: .none),
  ]
}

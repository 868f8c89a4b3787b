/// The command line as completion scripts and the man page describe it:
/// every command with its options and arguments, read from the same
/// declarations the parser and `--help` use, so none of them can drift.
package struct CommandShape: Sendable {
  /// One option: its spellings, help and what its value is.
  package struct Option: Sendable {
    package var long: String
    package var short: String?
    /// Deprecated spellings: accepted, never offered.
    package var aliases: [String]
    package var placeholder: String
    package var help: String
    package var takesValue: Bool
    package var completion: ValueCompletion

    package init(
      long: String, short: String?, aliases: [String], placeholder: String, help: String,
      takesValue: Bool, completion: ValueCompletion
    ) {
      self.long = long
      self.short = short
      self.aliases = aliases
      self.placeholder = placeholder
      self.help = help
      self.takesValue = takesValue
      self.completion = completion
    }

    /// Every spelling the parser accepts.
    package var spellings: [String] { [long] + (short.map { [$0] } ?? []) + aliases }
  }

  /// One positional argument.
  package struct Positional: Sendable {
    package var placeholder: String
    package var help: String
    package var isRequired: Bool
    package var completion: ValueCompletion
    /// The last positional, taking every remaining argument (`FILE...`).
    package var isRepeating = false

    package init(
      placeholder: String, help: String, isRequired: Bool, completion: ValueCompletion,
      isRepeating: Bool = false
    ) {
      self.placeholder = placeholder
      self.help = help
      self.isRequired = isRequired
      self.completion = completion
      self.isRepeating = isRepeating
    }
  }

  package var name: String
  package var summary: String
  package var options: [Option]
  package var positionals: [Positional]

  /// `--help, -h`, which every command takes.
  package static let helpOption = Option(
    long: "--help", short: "-h", aliases: [], placeholder: "", help: "Show this help.",
    takesValue: false, completion: .none)

  /// `command`'s declarations, `--help` last (the parser's, unless the
  /// command declares its own).
  package init(_ command: any ParsableCommandLine.Type) {
    let table = command.argumentTable
    name = command.configuration.name
    summary = command.configuration.summary
    options =
      table.options.map { entry in
        Option(
          long: entry.name, short: entry.short, aliases: entry.deprecatedAliases,
          placeholder: entry.info.placeholder, help: entry.fullHelp,
          takesValue: entry.info.kind == .option, completion: entry.info.completion)
      } + (table.declaresHelp ? [] : [Self.helpOption])
    positionals = table.positionals.map { entry in
      Positional(
        placeholder: entry.name, help: entry.info.help, isRequired: entry.info.isRequired,
        completion: entry.info.completion, isRepeating: entry.info.isRepeating)
    }
  }

  package init(
    name: String, summary: String, options: [Option], positionals: [Positional]
  ) {
    self.name = name
    self.summary = summary
    self.options = options
    self.positionals = positionals
  }
}

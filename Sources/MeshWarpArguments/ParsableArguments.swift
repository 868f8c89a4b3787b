/// A set of options and arguments: a command, or a group that commands
/// share through `@OptionGroup`.
package protocol ParsableArguments {
  init()
  /// Checks the options against each other after parsing; what it throws
  /// becomes a `UsageError` (its message the error's description).
  func validate() throws
}

extension ParsableArguments {
  package func validate() throws {}
}

/// A whole command line: a command's declarations and its texts, from
/// which come its parse (ArgumentParser.swift), usage and help
/// (HelpText.swift). What the command does with the values is the tool's.
package protocol ParsableCommandLine: ParsableArguments {
  static var configuration: CommandConfiguration { get }
  /// The words that start the command line, as usage, help and messages
  /// name it: `meshwarp warp`, `meshwarp-editor`. The configuration's name
  /// unless the tool says otherwise.
  static var commandName: String { get }
}

extension ParsableCommandLine {
  package static var commandName: String { configuration.name }
}

/// A command's name and texts that are not options.
package struct CommandConfiguration: Sendable {
  /// What a second use of the same option does.
  package enum RepeatedOptions: Sendable {
    /// A usage error: `option '--size' given more than once`.
    case refused
    /// The last value wins (as most X11 and SDL programs read theirs).
    case lastWins
  }

  /// The subcommand's name (`warp`), or the program's for a tool of one
  /// command (`meshwarp-editor`).
  package var name: String
  /// One line for the command list and the top of the help.
  package var summary: String
  /// Paragraphs after the options in the help.
  package var details: String
  /// Worked examples, last in the help and in the man page: what each does,
  /// then the command line.
  package var examples: [(what: String, command: String)]
  package var repeatedOptions: RepeatedOptions

  package init(
    name: String, summary: String, details: String = "",
    examples: [(what: String, command: String)] = [], repeatedOptions: RepeatedOptions = .refused
  ) {
    self.name = name
    self.summary = summary
    self.details = details
    self.examples = examples
    self.repeatedOptions = repeatedOptions
  }
}

/// What the command line asked for: the command ready to run, or its help.
package enum ParseOutcome<Command> {
  case run(Command, warnings: [String])
  case help
}

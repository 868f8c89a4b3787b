// The parse: a command line read through a command's declarations
// (ArgumentTable.swift), into the command's properties.

extension ParsableCommandLine {
  /// Parses `arguments` (without the program and command names) into a
  /// command whose properties hold the values.
  ///
  /// Grammar: `--name value`, `--name=value`, `-o value`, `-ovalue`; a
  /// flag takes no value; an unknown name is answered with the nearest
  /// known one; `--` ends the options; `-` and negative numbers are
  /// positional. `--help` and `-h` ask for the help, unless the command
  /// declares them itself (then they are its flag, read like any other).
  package static func parse(_ arguments: [String]) throws(UsageError) -> ParseOutcome<Self> {
    let command = Self()
    let table = ArgumentTable(of: command)
    var positionals: [String] = []
    var warnings: [String] = []
    var optionsEnded = false
    var i = 0
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if optionsEnded || arg == "-" || !arg.hasPrefix("-") || Double(arg) != nil {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        optionsEnded = true
        continue
      }
      if (arg == "--help" || arg == "-h") && table.entry(named: arg) == nil { return .help }
      var name = arg
      var inline: String? = nil
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      } else if !arg.hasPrefix("--"), arg.count > 2, table.entry(named: arg) == nil,
        let short = table.entry(named: String(arg.prefix(2))), short.info.kind == .option
      {
        // getopt's attached value: `-j2`, `-oout.png`.
        name = String(arg.prefix(2))
        inline = String(arg.dropFirst(2))
      }
      guard let entry = table.entry(named: name) else {
        let hint = NearestName.hint(for: name, among: table.options.map(\.name) + ["--help"])
        throw UsageError(
          .unknownOption(name),
          "unknown option '\(name)' for '\(commandName)'\(hint) (see '\(commandName) --help')")
      }
      if let earlier = entry.slot.givenAs, configuration.repeatedOptions == .refused {
        let spelling = earlier == name ? "'\(name)'" : "'\(entry.name)' ('\(earlier)', '\(name)')"
        throw UsageError(.repeatedOption(name), "option \(spelling) given more than once")
      }
      if entry.deprecatedAliases.contains(name) {
        warnings.append("warning: '\(name)' is deprecated; use '\(entry.name)'")
      }
      switch entry.info.kind {
      case .flag:
        if inline != nil {
          throw UsageError(.unexpectedValue(option: name), "option '\(name)' takes no value")
        }
        _ = entry.slot.assign(nil, as: name)
      case .option:
        let text: String
        if let inline {
          text = inline
        } else {
          guard i < arguments.count else {
            throw UsageError(
              .missingValue(option: name),
              "option '\(name)' needs a value: \(entry.info.valueSummary)")
          }
          text = arguments[i]
          i += 1
        }
        guard entry.slot.assign(text, as: name) else {
          throw entry.info.rejection(of: text, as: name)
        }
      case .positional:
        preconditionFailure("positionals have no names")
      }
    }
    try table.assignPositionals(positionals, command: commandName, usage: usage)
    for entry in table.options where entry.info.isRequired && entry.slot.givenAs == nil {
      throw UsageError(
        .missingOption(entry.name),
        "missing \(entry.name) \(entry.info.placeholder): \(entry.info.help.trimmingTrailingPeriod.lowercasingFirst)\nUsage: \(usage)"
      )
    }
    do {
      try table.validateGroups()
      try command.validate()
    } catch let error as UsageError {
      throw error
    } catch {
      throw UsageError(.refusedByValidation, "\(error)", underlying: error)
    }
    return .run(command, warnings: warnings)
  }
}

extension ParsableArguments {
  /// The long name of one of this value's declarations (`$maxPixels`),
  /// derived as the parser and the help derive it (`--max-pixels`).
  package func longName(of declaration: some ArgumentDeclaration) -> String {
    guard let entry = ArgumentTable(of: self).options.first(where: { $0.slot === declaration.slot })
    else { preconditionFailure("not an option of this value: \(declaration.info.placeholder)") }
    return entry.name
  }

  /// How a message names one of this value's declarations: as the command
  /// line spelled it (`-d`), else by its long name.
  package func spelling(of declaration: some ArgumentDeclaration) -> String {
    declaration.slot.givenAs ?? longName(of: declaration)
  }
}

extension String {
  /// `Where to write.` -> `Where to write`.
  package var trimmingTrailingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
  /// `Where` -> `where`.
  package var lowercasingFirst: String { prefix(1).lowercased() + dropFirst() }
}

// The `meshwarp` command line, declared once and parsed from the declarations
// (the shape of swift-argument-parser, written here because no package can
// be fetched).
//
// HOW TO ADD AN OPTION: one line in the command (or in a shared group in
// Sources/MeshWarpCLI/Options when several commands take it), then use the
// property:
//
//   @Option(range: 1...100, help: "Encoder quality.") var quality: Int = 90
//   @Option(placeholder: "SECONDS", help: "Length of the animation.") var duration: Double?
//   @Option(short: "m", placeholder: "MESH.json", help: "The warp mesh.") var mesh: String
//   @Flag(help: "Skip the minification filter.") var noFilter: Bool
//   @OptionGroup var output: OutputOptions      // a shared group: -o, ...
//
// The long name comes from the property (`noFilter` -> `--no-filter`;
// `name: "--x"` overrides it); `short:` adds a one-letter spelling and
// `aliases:` deprecated spellings (each use warns). A property with an
// initial value has that default (help shows it, or `defaultHelp:`); an
// optional type may be absent; any other type is required. Values parse
// through `ExpressibleByArgument` (ArgumentValues.swift): Int, Double,
// String, PixelSize (WxH), CanvasRect (X,Y,W,H) and enums listed by
// `ArgumentChoices`. Usage, help, and every usage error (unknown option,
// missing or bad value, exit code 2) are generated from these declarations.
// A command or group that checks options against each other implements
// `validate()`.

/// A set of options and arguments: a command, or a group that commands
/// share through `@OptionGroup`.
protocol ParsableArguments {
  init()
  /// Checks the options against each other after parsing; throw
  /// `CLIError.usage` when they do not fit.
  func validate() throws
}

extension ParsableArguments {
  func validate() throws {}
}

/// A command's name and texts that are not options.
struct CommandConfiguration: Sendable {
  /// The subcommand's name (`warp`).
  var name: String
  /// One line for the command list and the top of the help.
  var summary: String
  /// Paragraphs after the options in the help.
  var details: String = ""
  /// Worked examples, last in the help and in the man page: what each does,
  /// then the command line (a test parses each with the command's parser).
  var examples: [(what: String, command: String)] = []
}

/// One `meshwarp` subcommand.
protocol ParsableCommand: ParsableArguments {
  static var configuration: CommandConfiguration { get }
  func run(console: Console) throws
}

/// What the command line asked for: the command ready to run, or its help.
enum ParseOutcome<Command> {
  case run(Command, warnings: [String])
  case help
}

extension ParsableCommand {
  /// Parses `arguments` (without the program and command names) into a
  /// command whose properties hold the values.
  ///
  /// Grammar: `--name value`, `--name=value`, `-o value`, `-ovalue`; a
  /// flag takes no value; an unknown name is answered with the nearest
  /// known one; `--` ends the options; `-` and negative numbers are positional.
  static func parse(_ arguments: [String]) throws(CLIError) -> ParseOutcome<Self> {
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
      if arg == "--help" || arg == "-h" { return .help }
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
        let hint = NearestName.hint(
          for: name, among: table.options.map(\.name) + ["--help"])
        throw .usage(
          "unknown option '\(name)' for 'meshwarp \(configuration.name)'\(hint) (see 'meshwarp \(configuration.name) --help')"
        )
      }
      if let earlier = entry.slot.givenAs {
        let spelling = earlier == name ? "'\(name)'" : "'\(entry.name)' ('\(earlier)', '\(name)')"
        throw .usage("option \(spelling) given more than once")
      }
      if entry.deprecatedAliases.contains(name) {
        warnings.append("warning: '\(name)' is deprecated; use '\(entry.name)'")
      }
      switch entry.info.kind {
      case .flag:
        if inline != nil { throw .usage("option '\(name)' takes no value") }
        _ = entry.slot.assign(nil, as: name)
      case .option:
        let text: String
        if let inline {
          text = inline
        } else {
          guard i < arguments.count else {
            throw .usage("option '\(name)' needs a value: \(entry.info.valueSummary)")
          }
          text = arguments[i]
          i += 1
        }
        guard entry.slot.assign(text, as: name) else {
          throw .usage(entry.info.rejection(of: text, as: name))
        }
      case .positional:
        preconditionFailure("positionals have no names")
      }
    }
    try table.assignPositionals(positionals, command: configuration.name, usage: usage)
    for entry in table.options where entry.info.isRequired && entry.slot.givenAs == nil {
      throw .usage(
        "missing \(entry.name) \(entry.info.placeholder): \(entry.info.help.trimmingTrailingPeriod.lowercasingFirst)\nUsage: \(usage)"
      )
    }
    do {
      try table.validateGroups()
      try command.validate()
    } catch let error as CLIError {
      throw error
    } catch {
      throw .usage("\(error)")
    }
    return .run(command, warnings: warnings)
  }
}

extension ParsableArguments {
  /// The long name of one of this value's declarations (`$maxPixels`),
  /// derived as the parser and the help derive it (`--max-pixels`).
  func longName(of declaration: some ArgumentDeclaration) -> String {
    guard let entry = ArgumentTable(of: self).options.first(where: { $0.slot === declaration.slot })
    else { preconditionFailure("not an option of this value: \(declaration.info.placeholder)") }
    return entry.name
  }

  /// How a message names one of this value's declarations: as the command
  /// line spelled it (`-d`), else by its long name.
  func spelling(of declaration: some ArgumentDeclaration) -> String {
    declaration.slot.givenAs ?? longName(of: declaration)
  }
}

extension ParsableCommand {
  /// The command's declarations (for help and checks).
  static var argumentTable: ArgumentTable { ArgumentTable(of: Self()) }
}

/// The declarations of a command, found by reflection, with their names.
struct ArgumentTable {
  struct Entry {
    /// The long name (`--font-size`), or the placeholder for a positional.
    var name: String
    var short: String?
    var deprecatedAliases: [String]
    var info: ArgumentInfo
    var slot: any ArgumentSlot

    var spellings: [String] { [name] + (short.map { [$0] } ?? []) + deprecatedAliases }
  }

  var options: [Entry] = []
  var positionals: [Entry] = []
  var groups: [any ParsableArguments] = []

  init(of value: any ParsableArguments) {
    collect(value)
  }

  private mutating func collect(_ value: Any) {
    for child in Mirror(reflecting: value).children {
      if let group = child.value as? any OptionGroupWrapper {
        collect(group.group)
        groups.append(group.group)
        continue
      }
      guard let declaration = child.value as? any ArgumentDeclaration else { continue }
      let info = declaration.info
      let property = String((child.label ?? "").drop(while: { $0 == "_" }))
      let entry = Entry(
        name: info.kind == .positional
          ? info.placeholder : (info.name ?? "--" + Self.kebabCase(property)),
        short: info.short.map { "-\($0)" }, deprecatedAliases: info.deprecatedAliases,
        info: info, slot: declaration.slot)
      if info.kind == .positional { positionals.append(entry) } else { options.append(entry) }
    }
  }

  /// `fontSize` -> `font-size`.
  static func kebabCase(_ name: String) -> String {
    var out = ""
    for c in name {
      if c.isUppercase {
        out += "-" + c.lowercased()
      } else {
        out.append(c)
      }
    }
    return out
  }

  func entry(named name: String) -> Entry? {
    options.first { $0.spellings.contains(name) }
  }

  func assignPositionals(_ values: [String], command: String, usage: String) throws(CLIError) {
    let required = positionals.filter(\.info.isRequired).count
    let repeating = positionals.last?.info.isRepeating == true
    guard (required...(repeating ? Int.max : positionals.count)).contains(values.count) else {
      let expected =
        repeating
        ? "\(required) or more"
        : required == positionals.count ? "\(required)" : "\(required) to \(positionals.count)"
      let names = positionals.map { $0.name + ($0.info.isRepeating ? "..." : "") }
        .joined(separator: " ")
      throw .usage(
        "'meshwarp \(command)' takes \(expected) argument\(positionals.count == 1 && !repeating ? "" : "s") (\(names)), got \(values.count)\(values.isEmpty ? "" : ": " + values.joined(separator: " "))\nUsage: \(usage)"
      )
    }
    for (i, value) in values.enumerated() {
      // Values beyond the declarations go to the repeating last one.
      let entry = positionals[min(i, positionals.count - 1)]
      guard entry.slot.assign(value, as: entry.name) else {
        throw .usage(entry.info.rejection(of: value, as: entry.name))
      }
    }
  }

  func validateGroups() throws {
    for group in groups { try group.validate() }
  }
}

extension String {
  var trimmingTrailingPeriod: String { hasSuffix(".") ? String(dropLast()) : self }
  var lowercasingFirst: String { prefix(1).lowercased() + dropFirst() }
}

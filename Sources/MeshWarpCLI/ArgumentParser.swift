/// One option a command accepts.
struct OptionSpec: Sendable {
  /// Spellings, long first: `["--output", "-o"]`.
  var names: [String]
  /// The value's placeholder (`"WxH"`), or `nil` for a flag without value.
  var value: String?
  /// One line of help.
  var help: String

  var name: String { names[0] }
}

/// A command's interface: name, synopsis, options, how many positionals.
struct CommandSpec: Sendable {
  var name: String
  var summary: String
  var usage: String
  var options: [OptionSpec]
  var positionals: ClosedRange<Int>
  /// Extra paragraphs after the options.
  var details: String = ""

  /// The `--help` text.
  var help: String {
    var lines = ["\(summary)", "", "Usage: \(usage)", ""]
    if !options.isEmpty {
      lines.append("Options:")
      let all =
        options + [OptionSpec(names: ["--help", "-h"], value: nil, help: "Show this help.")]
      let labels = all.map { o in
        o.names.joined(separator: ", ") + (o.value.map { " \($0)" } ?? "")
      }
      let width = min(30, labels.map(\.count).max() ?? 0)
      for (label, o) in zip(labels, all) {
        let pad = String(repeating: " ", count: max(1, width - label.count + 2))
        lines.append("  \(label)\(pad)\(o.help)")
      }
    }
    if !details.isEmpty { lines += ["", details] }
    return lines.joined(separator: "\n") + "\n"
  }
}

/// Parsed command-line arguments: positionals, option values, flags.
///
/// Grammar: `--name value`, `--name=value`, `-o value`; a flag takes no
/// value; `--` ends the options; a lone `-` is a positional (stdin/stdout).
/// Unknown options, missing values and repeated options are usage errors
/// that name the option and the command.
struct ParsedArguments: Sendable {
  var positionals: [String] = []
  var values: [String: String] = [:]
  var flags: Set<String> = []
  var helpRequested = false
  let command: String

  init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
    command = spec.name
    var byName: [String: OptionSpec] = [:]
    for o in spec.options { for n in o.names { byName[n] = o } }
    var i = 0
    var optionsEnded = false
    while i < arguments.count {
      let arg = arguments[i]
      i += 1
      if optionsEnded || arg == "-" || !arg.hasPrefix("-") || Self.isNumber(arg) {
        positionals.append(arg)
        continue
      }
      if arg == "--" {
        optionsEnded = true
        continue
      }
      if arg == "--help" || arg == "-h" {
        helpRequested = true
        continue
      }
      var name = arg
      var inline: String? = nil
      if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
        name = String(arg[..<eq])
        inline = String(arg[arg.index(after: eq)...])
      }
      guard let option = byName[name] else {
        throw .usage(
          "unknown option '\(name)' for 'meshwarp \(spec.name)' (see 'meshwarp \(spec.name) --help')"
        )
      }
      if values[option.name] != nil || flags.contains(option.name) {
        throw .usage("option '\(option.name)' given more than once")
      }
      if let placeholder = option.value {
        if let inline {
          values[option.name] = inline
        } else {
          guard i < arguments.count else {
            throw .usage("option '\(name)' needs a value (\(placeholder))")
          }
          values[option.name] = arguments[i]
          i += 1
        }
      } else {
        if inline != nil { throw .usage("option '\(name)' takes no value") }
        flags.insert(option.name)
      }
    }
    if !helpRequested && !spec.positionals.contains(positionals.count) {
      let expected =
        spec.positionals.lowerBound == spec.positionals.upperBound
        ? "\(spec.positionals.lowerBound)"
        : "\(spec.positionals.lowerBound) to \(spec.positionals.upperBound)"
      throw .usage(
        "'meshwarp \(spec.name)' takes \(expected) argument\(spec.positionals.upperBound == 1 ? "" : "s"), got \(positionals.count)\(positionals.isEmpty ? "" : ": " + positionals.joined(separator: " "))\nUsage: \(spec.usage)"
      )
    }
  }

  static func isNumber(_ s: String) -> Bool { Double(s) != nil }

  func flag(_ name: String) -> Bool { flags.contains(name) }

  func string(_ name: String) -> String? { values[name] }

  /// An integer option within `range`.
  func int(_ name: String, in range: ClosedRange<Int>) throws(CLIError) -> Int? {
    guard let text = values[name] else { return nil }
    guard let v = Int(text) else { throw .usage("\(name) expects a whole number, got '\(text)'") }
    guard range.contains(v) else {
      throw .usage("\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(v)")
    }
    return v
  }

  /// A finite number option within `range`.
  func double(_ name: String, in range: ClosedRange<Double>) throws(CLIError) -> Double? {
    guard let text = values[name] else { return nil }
    guard let v = Double(text), v.isFinite else {
      throw .usage("\(name) expects a number, got '\(text)'")
    }
    guard range.contains(v) else {
      throw .usage(
        "\(name) must be between \(range.lowerBound) and \(range.upperBound), got \(text)")
    }
    return v
  }

  /// A `WxH` size option; each side 1…65535.
  func size(_ name: String) throws(CLIError) -> (width: Int, height: Int)? {
    guard let text = values[name] else { return nil }
    return try Self.parseSize(text, option: name)
  }

  static func parseSize(_ text: String, option: String) throws(CLIError) -> (
    width: Int, height: Int
  ) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]) else {
      throw .usage("\(option) expects WIDTHxHEIGHT in pixels (e.g. 800x600), got '\(text)'")
    }
    guard (1...65535).contains(w), (1...65535).contains(h) else {
      throw .usage("\(option): each side must be 1 to 65535 pixels, got \(w)x\(h)")
    }
    return (w, h)
  }

  /// One of an enum's raw values.
  func choice<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws(CLIError)
    -> T?
  where T.RawValue == String {
    guard let text = values[name] else { return nil }
    guard let v = T(rawValue: text) else {
      let all = T.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("\(name) must be one of \(all); got '\(text)'")
    }
    return v
  }
}

/// Usage lines and `--help` text, generated from a command's declarations.
extension ParsableCommandLine {
  /// `meshwarp warp IN.png --mesh MESH.json -o OUT.png [--size WxH] ...`,
  /// wrapped at 80 columns.
  package static var usage: String {
    let table = ArgumentTable(of: Self())
    var words = [commandName]
    words += table.positionals.map {
      let name = $0.name + ($0.info.isRepeating ? "..." : "")
      return $0.info.isRequired ? name : "[\(name)]"
    }
    // A command's own `--help` is left out, as the parser's is.
    let options = table.options.filter { $0.name != "--help" }
    for o in options.filter(\.info.isRequired) + options.filter({ !$0.info.isRequired }) {
      let spelled = o.info.kind == .flag ? o.name : "\(o.name) \(o.info.placeholder)"
      words.append(o.info.isRequired ? spelled : "[\(spelled)]")
    }
    var lines: [String] = []
    var line = ""
    for word in words {
      if !line.isEmpty && line.count + 1 + word.count > 73 {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines.joined(separator: "\n       ")
  }

  /// The whole `--help` text: the summary, the usage, the arguments and
  /// options, the details and the examples.
  package static var helpText: String {
    let table = ArgumentTable(of: Self())
    var lines = [configuration.summary, "", "Usage: \(usage)"]
    func section(_ title: String, _ rows: [(String, String)]) {
      guard !rows.isEmpty else { return }
      lines += ["", title]
      let width = min(30, rows.map(\.0.count).max() ?? 0)
      let indent = String(repeating: " ", count: width + 4)
      for (label, help) in rows {
        let pad = String(repeating: " ", count: max(1, width - label.count + 2))
        let first = "  \(label)\(pad)"
        let wrapped = HelpText.wrap(help, width: 80 - max(first.count, indent.count))
        lines.append(first + wrapped[0])
        lines += wrapped.dropFirst().map { indent + $0 }
      }
    }
    section("Arguments:", table.positionals.map { ($0.name, $0.info.help) })
    var rows = table.options.map { o -> (String, String) in
      let names = ([o.name] + (o.short.map { [$0] } ?? [])).joined(separator: ", ")
      return (o.info.kind == .flag ? names : "\(names) \(o.info.placeholder)", o.fullHelp)
    }
    if !table.declaresHelp { rows.append(("--help, -h", "Show this help.")) }
    section("Options:", rows)
    if !configuration.details.isEmpty { lines += ["", configuration.details] }
    lines += HelpText.exampleLines(configuration.examples)
    return lines.joined(separator: "\n") + "\n"
  }
}

/// The pieces of help text that are not one command's.
package enum HelpText {
  /// The help's `Examples:` section: what each does, then its command line
  /// indented below it; nothing when there are none.
  package static func exampleLines(_ examples: [(what: String, command: String)]) -> [String] {
    guard !examples.isEmpty else { return [] }
    var lines = ["", "Examples:"]
    for (i, example) in examples.enumerated() {
      if i > 0 { lines.append("") }
      lines += wrap(example.what, width: 78).map { "  " + $0 }
      lines.append("    " + example.command)
    }
    return lines
  }

  /// `text` in lines of at most `width` characters, broken at spaces.
  package static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ") {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = ""
      }
      line += (line.isEmpty ? "" : " ") + word
    }
    lines.append(line)
    return lines
  }
}

extension ArgumentTable.Entry {
  /// The option's help with what help adds: required or the default, and
  /// its deprecated spellings (`--help` and the man page).
  package var fullHelp: String {
    var help = info.help
    if info.isRequired {
      help = help.trimmingTrailingPeriod + " (required)."
    } else if let d = info.defaultDescription {
      help = help.trimmingTrailingPeriod + " (default: \(d))."
    }
    if !deprecatedAliases.isEmpty {
      help += " Deprecated spelling: \(deprecatedAliases.joined(separator: ", "))."
    }
    return help
  }
}

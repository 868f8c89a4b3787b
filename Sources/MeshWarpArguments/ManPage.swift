import Foundation

/// A tool's manual page in roff (the `man` macros), generated from its
/// `ToolShape` and each command's usage and details: every command and
/// option as `--help` shows them, the exit statuses and examples.
package enum ManPage {
  /// One word of a synopsis line: the program or a literal word in bold,
  /// a placeholder in italics, or an optional placeholder in brackets.
  package enum Word: Sendable {
    case literal(String)
    case placeholder(String)
    case optional(String)
  }

  /// The page, ready for `man -l -`.
  ///
  /// - Parameters:
  ///   - tool: the tool's commands and options.
  ///   - commandLines: the commands whose usage, details and examples the
  ///     page shows, by their shapes' names.
  ///   - version: the version the page's header names.
  ///   - purpose: what the tool does, in a few words (the NAME section).
  ///   - synopsis: lines of the SYNOPSIS.
  ///   - description: the DESCRIPTION section.
  ///   - exitStatuses: each exit status (`0`, `128+N`) and what it means.
  ///   - examples: the page's worked examples: what each does, then the
  ///     command line.
  ///   - seeAlso: related pages, `name (section)`.
  package static func text(
    tool: ToolShape, commandLines: [any ParsableCommandLine.Type], version: String,
    purpose: String, synopsis: [[Word]], description: String,
    exitStatuses: [(status: String, meaning: String)],
    examples: [(what: String, command: String)], seeAlso: [String]
  ) -> String {
    let name = tool.name
    var out = [
      ".TH \(name.uppercased()) 1 \"\" \"\(name) \(version)\" \"User Commands\"",
      ".nh",
      ".ad l",
      ".SH NAME",
      "\(name) \\- \(Self.escaped(purpose))",
      ".SH SYNOPSIS",
    ]
    for (i, line) in synopsis.enumerated() {
      if i > 0 { out.append(".br") }
      for word in line {
        switch word {
        case .literal(let text): out.append(".B " + Self.escaped(text))
        case .placeholder(let text): out.append(".I " + Self.escaped(text))
        case .optional(let text): out.append(".RI [ " + Self.escaped(text) + " ]")
        }
      }
    }
    out += [".SH DESCRIPTION", Self.escaped(description), ".SH COMMANDS"]
    for shape in tool.commands {
      out.append(".SS \"\(name) \(shape.name)\"")
      out.append(Self.escaped(shape.summary))
      if let command = commandLines.first(where: { $0.configuration.name == shape.name }) {
        out += [".PP", ".nf"]
        out += command.usage.split(separator: "\n").map { Self.escaped(String($0)) }
        out.append(".fi")
        if !command.configuration.details.isEmpty {
          out.append(".PP")
          out += Self.paragraph(command.configuration.details)
        }
        for example in command.configuration.examples {
          out += Self.example(example)
        }
      }
      for positional in shape.positionals {
        out += [
          ".TP", "\\fI\(Self.escaped(positional.placeholder))\\fR", Self.escaped(positional.help),
        ]
      }
      for option in shape.options {
        var label = "\\fB\(Self.escaped(option.long))\\fR"
        if let short = option.short { label += ", \\fB\(Self.escaped(short))\\fR" }
        if option.takesValue { label += " \\fI\(Self.escaped(option.placeholder))\\fR" }
        out += [".TP", label, Self.escaped(option.help)]
      }
    }
    out.append(".SH EXIT STATUS")
    for (status, meaning) in exitStatuses {
      out += [".TP", ".B " + Self.escaped(status), Self.escaped(meaning)]
    }
    out.append(".SH EXAMPLES")
    for example in examples { out += Self.example(example) }
    out.append(".SH SEE ALSO")
    out += seeAlso.map { ".BR " + Self.escaped($0) }
    return out.joined(separator: "\n") + "\n"
  }

  /// An example as roff: what it does, then the command line indented.
  static func example(_ example: (what: String, command: String)) -> [String] {
    [".PP", escaped(example.what), ".RS", ".nf", escaped(example.command), ".fi", ".RE"]
  }

  /// Help's details as roff: lines filled into a paragraph, except indented
  /// lines (commands to type), which stay as they are.
  static func paragraph(_ text: String) -> [String] {
    var out: [String] = []
    var literal = false
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let indented = line.hasPrefix(" ")
      if indented != literal {
        out += indented ? [".RS", ".nf"] : [".fi", ".RE"]
        literal = indented
      }
      out.append(escaped(line.trimmingCharacters(in: .whitespaces)))
    }
    if literal { out += [".fi", ".RE"] }
    return out
  }

  /// `text` as one roff text line: backslashes and hyphens escaped (a
  /// hyphen in an option must copy as a hyphen), a leading `.` or `'`
  /// guarded, and characters outside ASCII as `\[uXXXX]`.
  package static func escaped(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": out += "\\e"
      case "-": out += "\\-"
      case _ where scalar.isASCII: out.unicodeScalars.append(scalar)
      default: out += "\\[u" + hex(scalar.value) + "]"
      }
    }
    if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
    return out
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

import Foundation

/// The manual page meshwarp(1) in roff (the `man` macros), generated from
/// `CommandShape.all` and each command's usage and details: every command
/// and option as `--help` shows them, the exit statuses and examples.
enum ManPage {
  static func text(
    commands: [CommandShape] = CommandShape.all,
    parsable: [any ParsableCommand.Type] = MeshwarpTool.commands,
    version: String = MeshwarpTool.version
  ) -> String {
    var out = [
      ".TH MESHWARP 1 \"\" \"meshwarp \(version)\" \"User Commands\"",
      ".nh",
      ".ad l",
      ".SH NAME",
      "meshwarp \\- warp images and video through 2D meshes, render mesh gradients",
      ".SH SYNOPSIS",
      ".B meshwarp",
      ".I COMMAND",
      ".RI [ OPTIONS ]",
      ".br",
      ".B meshwarp help",
      ".RI [ COMMAND ]",
      ".br",
      ".B meshwarp \\-\\-version",
      ".SH DESCRIPTION",
      escaped(
        "meshwarp warps pictures (PNG, JPEG, WebP, GIF) and video through a mesh of control points, renders mesh gradients as SwiftUI's MeshGradient does, and draws text filled with them. Video needs ffmpeg. Each command below lists its options; 'meshwarp COMMAND --help' prints the same."
      ),
      ".SH COMMANDS",
    ]
    for shape in commands {
      out.append(".SS \"meshwarp \(shape.name)\"")
      out.append(escaped(shape.summary))
      if let command = parsable.first(where: { $0.configuration.name == shape.name }) {
        out += [".PP", ".nf"]
        out += command.usage.split(separator: "\n").map { escaped(String($0)) }
        out.append(".fi")
        if !command.configuration.details.isEmpty {
          out.append(".PP")
          out += paragraph(command.configuration.details)
        }
        for example in command.configuration.examples {
          out += [
            ".PP", escaped(example.what), ".RS", ".nf", escaped(example.command), ".fi", ".RE",
          ]
        }
      }
      for positional in shape.positionals {
        out += [".TP", "\\fI\(escaped(positional.placeholder))\\fR", escaped(positional.help)]
      }
      for option in shape.options {
        var label = "\\fB\(escaped(option.long))\\fR"
        if let short = option.short { label += ", \\fB\(escaped(short))\\fR" }
        if option.takesValue { label += " \\fI\(escaped(option.placeholder))\\fR" }
        out += [".TP", label, escaped(option.help)]
      }
    }
    out += [
      ".SH EXIT STATUS",
      ".TP", ".B 0", "Success.",
      ".TP", ".B 1",
      escaped(
        "Bad input or a failure: a file that cannot be read, decoded or written, a mesh with errors, ffmpeg failing."
      ),
      ".TP", ".B 2",
      escaped("A usage error: an unknown command or option, a missing or invalid value."),
      ".TP", ".B 128+N",
      escaped("Interrupted by signal N (130 for Ctrl-C)."),
      ".SH EXAMPLES",
    ]
    for example in MeshwarpTool.examples {
      out += [".PP", escaped(example.what), ".RS", ".nf", escaped(example.command), ".fi", ".RE"]
    }
    out += [".SH SEE ALSO", ".BR ffmpeg (1)"]
    return out.joined(separator: "\n") + "\n"
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
  static func escaped(_ text: String) -> String {
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

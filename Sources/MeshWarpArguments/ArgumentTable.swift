/// The declarations of a command, found by reflection, with their names.
package struct ArgumentTable {
  package struct Entry {
    /// The long name (`--font-size`), or the placeholder for a positional.
    package var name: String
    package var short: String?
    package var deprecatedAliases: [String]
    package var info: ArgumentInfo
    package var slot: any ArgumentSlot

    /// Every spelling the parser accepts.
    package var spellings: [String] { [name] + (short.map { [$0] } ?? []) + deprecatedAliases }
  }

  package var options: [Entry] = []
  package var positionals: [Entry] = []
  var groups: [any ParsableArguments] = []

  package init(of value: any ParsableArguments) {
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
  package static func kebabCase(_ name: String) -> String {
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

  /// The option spelled `name`, under any of its spellings.
  package func entry(named name: String) -> Entry? {
    options.first { $0.spellings.contains(name) }
  }

  /// Whether the command declares `--help` itself (then it is a flag of
  /// the command, not the parser's).
  var declaresHelp: Bool { entry(named: "--help") != nil }

  func assignPositionals(_ values: [String], command: String, usage: String) throws(UsageError) {
    let required = positionals.filter(\.info.isRequired).count
    let repeating = positionals.last?.info.isRepeating == true
    guard (required...(repeating ? Int.max : positionals.count)).contains(values.count) else {
      let expected =
        repeating
        ? "\(required) or more"
        : required == positionals.count ? "\(required)" : "\(required) to \(positionals.count)"
      let names = positionals.map { $0.name + ($0.info.isRepeating ? "..." : "") }
        .joined(separator: " ")
      throw UsageError(
        .argumentCount(given: values),
        "'\(command)' takes \(expected) argument\(positionals.count == 1 && !repeating ? "" : "s") (\(names)), got \(values.count)\(values.isEmpty ? "" : ": " + values.joined(separator: " "))\nUsage: \(usage)"
      )
    }
    for (i, value) in values.enumerated() {
      // Values beyond the declarations go to the repeating last one.
      let entry = positionals[min(i, positionals.count - 1)]
      guard entry.slot.assign(value, as: entry.name) else {
        throw entry.info.rejection(of: value, as: entry.name)
      }
    }
  }

  func validateGroups() throws {
    for group in groups { try group.validate() }
  }
}

extension ParsableCommandLine {
  /// The command's declarations (for help and checks).
  package static var argumentTable: ArgumentTable { ArgumentTable(of: Self()) }
}

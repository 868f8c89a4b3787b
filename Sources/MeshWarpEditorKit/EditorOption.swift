/// One option of `meshwarp-editor`, declared once in
/// `EditorArguments.options`: the parser reads the command line through it
/// and the usage text lists it.
struct EditorOption {
  /// Its spellings, the first one the name the usage shows first
  /// (`--help`, `-h`).
  let names: [String]
  /// The value's placeholder in the usage (`WxH`); `nil` for a flag, which
  /// takes no value.
  let placeholder: String?
  /// What it does, one usage line per element.
  let help: [String]
  /// Reads the value (`nil` for a flag) given with the spelling `name` and
  /// stores it.
  let apply: (inout EditorArguments, _ name: String, _ value: String?) throws -> Void

  /// An option with a value, read by `reader` and handed to `store`.
  static func value<Value>(
    _ name: String, _ placeholder: String, _ reader: EditorValueReader<Value>, help: [String],
    store: @escaping (inout EditorArguments, Value) -> Void
  ) -> EditorOption {
    EditorOption(names: [name], placeholder: placeholder, help: help) { arguments, name, text in
      let value = try reader.read(name, text ?? "")
      store(&arguments, value)
    }
  }

  /// A flag: `set` runs when it is given.
  static func flag(
    _ names: String..., help: [String], set: @escaping (inout EditorArguments) -> Void
  ) -> EditorOption {
    EditorOption(names: names, placeholder: nil, help: help) { arguments, _, _ in set(&arguments) }
  }

  /// The usage's rows for this option: `  --size WxH        window size…`,
  /// help from column 21, on a line of its own under a label too long to
  /// leave two spaces before it.
  var usageLines: [String] {
    let label = ([names.joined(separator: ", ")] + (placeholder.map { [$0] } ?? []))
      .joined(separator: " ")
    let column = 16
    let indent = String(repeating: " ", count: column + 4)
    let first =
      label.count <= column
      ? ["  " + label + String(repeating: " ", count: column - label.count + 2) + help[0]]
      : ["  " + label, indent + help[0]]
    return first + help.dropFirst().map { indent + $0 }
  }
}

/// How a `meshwarp-editor` option's text becomes its value; the error names
/// the option as it was spelled.
struct EditorValueReader<Value> {
  let read: (_ name: String, _ text: String) throws -> Value
}

extension EditorValueReader where Value == String {
  /// Any text (a path, `-` for standard input).
  static var text: Self { Self { _, text in text } }
}

extension EditorValueReader where Value == Int {
  /// A whole number above 0.
  static var positive: Self { integer(from: 1, "a positive integer") }
  /// A whole number from 0.
  static var nonNegative: Self { integer(from: 0, "a non-negative integer") }
  /// A display index from 0.
  static var displayNumber: Self { integer(from: 0, "a display number from 0") }

  /// A whole number ≥ `minimum`, else "`name` needs `expected`, got …".
  private static func integer(from minimum: Int, _ expected: String) -> Self {
    Self { name, text in
      guard let n = Int(text), n >= minimum else {
        throw EditorArguments.Error(message: "\(name) needs \(expected), got '\(text)'")
      }
      return n
    }
  }
}

extension EditorValueReader where Value == (width: Int, height: Int) {
  /// `WxH` (or `wXh`), each side 1…8192.
  static var windowSize: Self {
    Self { name, text in
      let parts = text.lowercased().split(separator: "x")
      guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]), (1...8192).contains(w),
        (1...8192).contains(h)
      else {
        throw EditorArguments.Error(message: "\(name) needs WxH within 1…8192, got '\(text)'")
      }
      return (w, h)
    }
  }
}

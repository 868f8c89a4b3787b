/// A type a command-line value can be.
package protocol ExpressibleByArgument {
  static var argumentParser: ValueParser<Self> { get }
  /// The value as a user would type it (for defaults in help).
  var argumentDescription: String { get }
}

extension ExpressibleByArgument {
  package var argumentDescription: String { "\(self)" }
}

/// Any text; shells offer file paths, as most text values name files.
extension String: ExpressibleByArgument {
  package static var argumentParser: ValueParser<String> {
    ValueParser(placeholder: "VALUE", expectation: "", parse: { $0 }, completion: .paths)
  }
}

extension Int: ExpressibleByArgument {
  package static var argumentParser: ValueParser<Int> {
    ValueParser(placeholder: "N", expectation: "a whole number", parse: { Int($0) })
  }
}

extension Double: ExpressibleByArgument {
  package static var argumentParser: ValueParser<Double> {
    ValueParser(
      placeholder: "X", expectation: "a number",
      parse: { text in Double(text).flatMap { $0.isFinite ? $0 : nil } })
  }

  /// `600` rather than `600.0`; `0.01` as is.
  package var argumentDescription: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
  }
}

/// A value out of a fixed list of words (an enum).
package protocol ArgumentChoices: ExpressibleByArgument {
  /// Each word and its value, in the order help lists them.
  static var choices: [(word: String, value: Self)] { get }
  /// Other words accepted for a value, not listed.
  static var synonyms: [(word: String, value: Self)] { get }
}

extension ArgumentChoices {
  package static var synonyms: [(word: String, value: Self)] { [] }

  package static var argumentParser: ValueParser<Self> {
    let words = choices.map(\.word)
    return ValueParser(
      placeholder: words.joined(separator: "|"),
      expectation: "one of " + words.joined(separator: ", "),
      parse: { text in (choices + synonyms).first { $0.word == text }?.value },
      completion: .words(words))
  }
}

extension ArgumentChoices where Self: Equatable {
  package var argumentDescription: String {
    Self.choices.first { $0.value == self }?.word ?? "\(self)"
  }
}

extension ArgumentChoices where Self: CaseIterable & RawRepresentable, RawValue == String {
  package static var choices: [(word: String, value: Self)] { allCases.map { ($0.rawValue, $0) } }
}

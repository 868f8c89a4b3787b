/// What the parser and the help know of one declaration, whatever its type.
package struct ArgumentInfo: Sendable {
  package enum Kind: Sendable { case option, flag, positional }
  package var kind: Kind
  /// The long name when it is not derived from the property.
  package var name: String?
  /// One letter, spelled `-x`.
  package var short: Character?
  /// Old spellings still accepted with a warning.
  package var deprecatedAliases: [String] = []
  /// The value's placeholder in usage and help (`WxH`).
  package var placeholder: String
  /// One line of help.
  package var help: String
  /// What a valid value is (`a whole number from 1 to 16`), for errors.
  package var expectation: String
  /// The default as help shows it, if any.
  package var defaultDescription: String?
  package var isRequired: Bool
  /// What a shell offers for the value.
  package var completion: ValueCompletion = .none
  /// A last positional that takes every remaining argument (`FILE...`).
  package var isRepeating = false

  /// `N (a whole number from 1 to 256)`, or just the placeholder when any
  /// text will do.
  package var valueSummary: String {
    expectation.isEmpty ? placeholder : "\(placeholder) (\(expectation))"
  }

  /// The usage error for a value that did not parse: what is expected,
  /// and the nearest word when the value is one of a list.
  func rejection(of text: String, as name: String) -> UsageError {
    var hint = ""
    if case .words(let words) = completion { hint = NearestName.hint(for: text, among: words) }
    return UsageError(
      .invalidValue(option: name, value: text, expected: expectation),
      "\(name) expects \(expectation), got '\(text)'\(hint)")
  }
}

/// A property the parser fills: `@Option`, `@Flag` or `@Argument`.
package protocol ArgumentDeclaration {
  var info: ArgumentInfo { get }
  var slot: any ArgumentSlot { get }
}

/// `@OptionGroup`: a property whose options are a shared group's.
protocol OptionGroupWrapper {
  var group: any ParsableArguments { get }
}

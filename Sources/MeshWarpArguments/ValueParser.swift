/// How one command-line value is read: its placeholder, what a valid value
/// is (for errors), and the parse itself.
package struct ValueParser<T> {
  package var placeholder: String
  /// `a whole number`, `one of transparent, clamp, origin`; empty when any
  /// text will do.
  package var expectation: String
  package var parse: (String) -> T?
  /// What a shell may offer for the value (completions, man page).
  package var completion: ValueCompletion

  package init(
    placeholder: String, expectation: String, parse: @escaping (String) -> T?,
    completion: ValueCompletion = .none
  ) {
    self.placeholder = placeholder
    self.expectation = expectation
    self.parse = parse
    self.completion = completion
  }

  /// The same parser, saying what a valid value is in other words (the
  /// editor's `a positive integer`).
  package func expecting(_ expectation: String) -> ValueParser<T> {
    var parser = self
    parser.expectation = expectation
    return parser
  }

  /// The same parser, refusing values that `accepts` refuses.
  func filtered(expectation: String, _ accepts: @escaping (T) -> Bool) -> ValueParser<T> {
    let parse = self.parse
    return ValueParser(
      placeholder: placeholder, expectation: expectation,
      parse: { text in parse(text).flatMap { accepts($0) ? $0 : nil } }, completion: completion)
  }
}

/// What a shell completes for a value: nothing (a number, a size), a file
/// path, or one of a fixed list of words.
package enum ValueCompletion: Sendable, Equatable {
  case none
  case paths
  case words([String])
}

extension ValueParser where T: Comparable & ExpressibleByArgument {
  /// The same parser, refusing values outside `range`.
  package func `in`(_ range: ClosedRange<T>) -> ValueParser<T> {
    filtered(
      expectation:
        "\(expectation) from \(range.lowerBound.argumentDescription) to \(range.upperBound.argumentDescription)"
    ) { range.contains($0) }
  }

  /// The same parser, refusing values below `minimum`.
  package func atLeast(_ minimum: T) -> ValueParser<T> {
    filtered(expectation: "\(expectation) from \(minimum.argumentDescription)") { $0 >= minimum }
  }
}

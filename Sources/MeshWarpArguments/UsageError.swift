/// A command line the parser refuses (a usage error: exit code 2 in both
/// tools): the message in `meshwarp`'s words, and what went wrong, for a
/// tool that words its messages otherwise.
package struct UsageError: Error, CustomStringConvertible {
  /// What went wrong, with the words of the command line it concerns.
  package enum Problem: Equatable, Sendable {
    /// An option the command does not take, as spelled.
    case unknownOption(String)
    /// An option given a second time (under `.refused`), as spelled then.
    case repeatedOption(String)
    /// A flag given a value (`--json=yes`).
    case unexpectedValue(option: String)
    /// An option last on the line, without its value.
    case missingValue(option: String)
    /// A value that does not parse: the option (or positional) as spelled,
    /// the text, and what a valid value is (`a whole number from 1 to 16`).
    case invalidValue(option: String, value: String, expected: String)
    /// Too few or too many positional arguments: those given.
    case argumentCount(given: [String])
    /// A required option not given: its long name.
    case missingOption(String)
    /// `validate()` refused the values; `UsageError.underlying` is its error.
    case refusedByValidation
  }

  package var problem: Problem
  /// The whole message, as `meshwarp` prints it after its name.
  package var message: String
  /// The error `validate()` threw, for a tool to report as its own.
  package var underlying: (any Error)?

  package init(_ problem: Problem, _ message: String, underlying: (any Error)? = nil) {
    self.problem = problem
    self.message = message
    self.underlying = underlying
  }

  package var description: String { message }
}

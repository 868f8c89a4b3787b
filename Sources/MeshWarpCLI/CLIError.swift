/// A failure the tool reports on stderr and turns into an exit code.
package enum CLIError: Error, CustomStringConvertible, Equatable {
  /// The command line is wrong (unknown flag, missing value, bad number):
  /// exit code 2.
  case usage(String)
  /// The input is wrong or an operation failed (bad file, invalid mesh,
  /// unwritable output): exit code 1.
  case failure(String)

  package var description: String {
    switch self {
    case .usage(let m), .failure(let m): m
    }
  }

  /// 2 for usage errors, 1 for failures.
  package var exitCode: Int32 {
    switch self {
    case .usage: 2
    case .failure: 1
    }
  }
}

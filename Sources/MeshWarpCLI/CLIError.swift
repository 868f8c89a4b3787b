import MeshWarpArguments
import MeshWarpDocuments
import MeshWarpImageIO

/// A failure the tool reports on stderr and turns into an exit code.
package enum CLIError: Error, CustomStringConvertible, Equatable {
  /// The command line is wrong (unknown flag, missing value, bad number):
  /// exit code 2.
  case usage(String)
  /// The input is wrong or an operation failed (bad file, invalid mesh,
  /// unwritable output): exit code 1.
  case failure(String)
  /// SIGINT, SIGTERM, SIGHUP or SIGQUIT stopped an export (nothing was
  /// left behind): exit code 128 + the signal (130, 143, 129, 131), as
  /// shells report it.
  case interrupted(signal: Int32)

  package var description: String {
    switch self {
    case .usage(let m), .failure(let m): m
    case .interrupted(let signal):
      "stopped by \([1: "SIGHUP", 2: "SIGINT", 3: "SIGQUIT", 15: "SIGTERM"][signal] ?? "signal \(signal)"); no output written"
    }
  }

  /// 2 for usage errors, 1 for failures, 128 + signal when interrupted.
  package var exitCode: Int32 {
    switch self {
    case .usage: 2
    case .failure: 1
    case .interrupted(let signal): 128 + signal
    }
  }
}

extension CLIError {
  /// A command line the parser refused: a usage error (exit code 2), or,
  /// when a command's `validate()` threw a `CLIError`, that error as it is.
  init(_ error: UsageError) {
    self = error.underlying as? CLIError ?? .usage(error.message)
  }

  /// Runs `body`, turning the library jobs' errors into the tool's: a
  /// usage error (exit 2) for options that do not go together or an
  /// output above `--max-pixels`, else a failure (exit 1).
  static func reporting<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as WarpSourceError {
      throw error.isRequestError ? CLIError.usage("\(error)") : CLIError.failure("\(error)")
    } catch let error as ImageWarpError {
      switch error {
      case .outputTooLarge: throw CLIError.usage("\(error) (raise it with --max-pixels)")
      case .nothingDrawn: throw CLIError.failure("\(error)")
      case .effectDoesNotHold(let place, let error):
        throw CLIError.usage("the effect: \(place)\(EffectOptions.message(for: error))")
      }
    }
  }
}

import MeshWarpFiles
import MeshWarpVideo
import Synchronization

/// A library export run on the command line: a progress line on a
/// terminal, notes on stderr, Ctrl-C, SIGTERM, SIGHUP or SIGQUIT as its cancellation (exit
/// 128 + the signal, no output left), and the library's errors in the
/// tool's words.
enum ConsoleExport {
  /// Plans and runs `job`; returns the plan and what was written. The
  /// signals are caught from the start: planning already runs ffprobe and
  /// starts the decoder.
  @discardableResult
  static func run(_ job: VideoWarp, console: Console) throws -> (
    plan: VideoWarpPlan, result: VideoWarpResult
  ) {
    try SignalGuard.run { signals in
      let plan: VideoWarpPlan
      do {
        plan = try job.plan()
      } catch VideoError.unsupportedOutput(_, let reason) {
        throw CLIError.usage("\(job.output.path): \(reason)")
      } catch {
        throw commandError(error)
      }
      let result = try reporting(
        total: plan.totalFrames, output: job.output.path, console: console, signals: signals
      ) {
        progress, note, isCancelled in
        do {
          return try plan.run(progress: progress, note: note, isCancelled: isCancelled)
        } catch {
          throw commandError(error)
        }
      }
      return (plan, result)
    }
  }

  /// Runs `body`, which writes `output`, with a progress meter for
  /// `total` frames, notes printed as `note: …`, and SIGINT, SIGTERM,
  /// SIGHUP or SIGQUIT as its cancellation.
  static func run<T>(
    total: Int?, output: String, console: Console,
    _ body: (
      _ progress: @escaping @Sendable (ExportProgress) -> Void,
      _ note: @escaping @Sendable (String) -> Void, _ isCancelled: @escaping @Sendable () -> Bool
    ) throws -> T
  ) throws -> T {
    try SignalGuard.run { signals in
      try reporting(total: total, output: output, console: console, signals: signals, body)
    }
  }

  /// `body` given a progress meter's update, the console's notes and
  /// `signals` as its cancellation, after our stale temporary files beside
  /// `output` are removed with a note (``StaleTemporaryFiles``).
  private static func reporting<T>(
    total: Int?, output: String, console: Console, signals: SignalGuard,
    _ body: (
      _ progress: @escaping @Sendable (ExportProgress) -> Void,
      _ note: @escaping @Sendable (String) -> Void, _ isCancelled: @escaping @Sendable () -> Bool
    ) throws -> T
  ) throws -> T {
    if let note = StaleTemporaryFiles.note(StaleTemporaryFiles.sweep(beside: output)) {
      console.error("note: " + note)
    }
    let meter = ProgressMeter(console: console, total: total)
    let written = Mutex(0)
    defer { meter.finish(written.withLock { $0 }) }
    return try body(
      { progress in
        written.withLock { $0 = progress.framesWritten }
        meter.update(progress.framesWritten, encoded: progress.framesEncoded)
      }, { console.error("note: " + $0) }, { signals.signal != nil })
  }

  /// The library's errors as the tool reports them: an unreadable video
  /// and an undecodable one are failures (exit 1), an output above
  /// `--max-pixels` a usage error (exit 2).
  static func commandError(_ error: any Error) -> any Error {
    switch error {
    case let error as VideoInputError: CLIError.failure(error.description)
    case VideoWarpError.outputTooLarge:
      CLIError.usage("\(error) (raise it with --max-pixels)")
    case VideoWarpError.effectDoesNotHold(let place, let error):
      CLIError.usage("the effect: \(place)\(EffectOptions.message(for: error))")
    case let error as VideoWarpError: CLIError.failure(error.description)
    default: error
    }
  }
}

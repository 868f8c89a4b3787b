import CChildSpawn
import Foundation
import MeshWarpFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A child process (ffmpeg, ffprobe) started so that it dies with us:
/// `mw_spawn` (C, `CChildSpawn`) sets `PR_SET_PDEATHSIG` to SIGKILL in the
/// child before exec, so even a `kill -9` of this process, which no signal
/// handler sees, stops the encoders instead of leaving them writing
/// temporary files. Foundation's `Process` cannot do that (posix_spawn
/// has no such attribute, and Swift cannot run code between fork and exec).
///
/// Started children are recorded in ``RunningTools`` until reaped.
/// ``wait()`` blocks in `waitpid` (no polling, no run loop: Foundation's
/// `waitUntilExit()` spins a thread whose run loop has no sources).
final class SpawnedProcess: @unchecked Sendable {
  /// How a child ended.
  struct Ending: Equatable {
    /// true: exited with ``status``; false: killed by signal ``status``.
    var exited: Bool
    var status: Int32
    var succeeded: Bool { exited && status == 0 }
    var text: String { exited ? "exit status \(status)" : "killed by signal \(status)" }
  }

  let processIdentifier: pid_t
  private let state = NSLock()  // guards `ending`
  private let reaping = NSLock()  // one waitpid at a time
  private var ending: Ending?

  /// Starts `executable` with `arguments` (without the program name); its
  /// standard streams on the given descriptors (nil: /dev/null), which the
  /// caller keeps and closes.
  ///
  /// - Throws: `VideoError.toolUnavailable` naming `tool` when it
  ///   cannot be started.
  init(
    tool: String, executable: String, arguments: [String], input: Int32? = nil,
    output: Int32? = nil, error: Int32? = nil
  ) throws {
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for pointer in argv { free(pointer) } }
    let pid = (argv + [nil]).withUnsafeBufferPointer { pointers in
      mw_spawn(executable, pointers.baseAddress, input ?? -1, output ?? -1, error ?? -1)
    }
    guard pid > 0 else {
      throw VideoError.toolUnavailable(
        tool: tool, reason: "could not start \(executable): \(String(cString: strerror(-pid)))")
    }
    processIdentifier = pid
    RunningTools.add(pid)
  }

  /// Whether the child has not been reaped yet.
  var isRunning: Bool { state.withLock { ending == nil } }

  /// Sends `signal` unless the child has been reaped (its pid may then
  /// belong to another process).
  func send(_ signal: Int32) {
    state.withLock {
      if ending == nil { _ = kill(processIdentifier, signal) }
    }
  }

  /// Waits for the child to end and reaps it; at once on later calls (from
  /// any thread).
  @discardableResult
  func wait() -> Ending {
    reaping.lock()
    defer { reaping.unlock() }
    if let ending = state.withLock({ ending }) { return ending }
    var status: Int32 = 0
    var result: pid_t
    repeat { result = waitpid(processIdentifier, &status, 0) } while result < 0 && errno == EINTR
    // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
    let signal = status & 0x7F
    let ended =
      result < 0
      ? Ending(exited: true, status: 127)
      : signal == 0
        ? Ending(exited: true, status: (status >> 8) & 0xFF) : Ending(exited: false, status: signal)
    state.withLock { ending = ended }
    RunningTools.remove(processIdentifier)
    return ended
  }
}

import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The ffmpeg and ffprobe processes this process has running, so that a
/// signal handler can stop them all (``stopAll()``) before the process
/// exits: a Ctrl-C must not leave encoders behind writing files.
public enum RunningTools {
  private static let processes = Mutex<Set<Int32>>([])

  /// Records a started child.
  static func add(_ pid: Int32) { processes.withLock { _ = $0.insert(pid) } }

  /// Forgets a child that has been reaped.
  static func remove(_ pid: Int32) { processes.withLock { _ = $0.remove(pid) } }

  /// The children running now.
  public static var identifiers: Set<Int32> { processes.withLock { $0 } }

  /// Sends SIGKILL to every running child (safe from any thread). Their
  /// pipes then end, so readers and writers blocked on them return and
  /// clean up (temporary outputs are removed by their `cancel()`).
  public static func stopAll() {
    for pid in identifiers { kill(pid, SIGKILL) }
  }
}

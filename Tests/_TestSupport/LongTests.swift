import Foundation

/// The long tests (the fuzz corpus replayed through every entry, its
/// mutants, every truncation of the PNG seeds): minutes on two cores, so
/// `swift test` skips them (shown as skipped) and CI runs them as a step
/// of their own with `MESHWARP_LONG_TESTS=1`.
public enum LongTests {
  /// Whether `MESHWARP_LONG_TESTS=1` asks for them.
  public static let enabled = ProcessInfo.processInfo.environment["MESHWARP_LONG_TESTS"] == "1"
  /// The skip's reason, as Swift Testing shows it.
  public static let reason =
    "a long test: MESHWARP_LONG_TESTS=1 runs it (CI does, in a step of its own)"
}

import Foundation
import MeshWarpFiles

/// ffmpeg and ffprobe on PATH, when there: the video tests run only where
/// both are (`.enabled(if: VideoTools.available)`, so a missing tool shows
/// as a skip; CI installs them).
public enum VideoTools {
  /// This process's environment, where the tools are looked up.
  public static let environment = ProcessInfo.processInfo.environment
  /// The `ffmpeg` found on PATH, or nil.
  public static let ffmpeg = ExecutableLocator.find("ffmpeg", environment: environment)
  /// The `ffprobe` found on PATH, or nil.
  public static let ffprobe = ExecutableLocator.find("ffprobe", environment: environment)
  /// Whether both are there.
  public static var available: Bool { ffmpeg != nil && ffprobe != nil }

  /// Whether this ffmpeg has the encoder `name` (e.g. "libx265"), from
  /// `ffmpeg -encoders`.
  public static func hasEncoder(_ name: String) -> Bool {
    guard ffmpeg != nil,
      let listed = try? ToolProcess.run(ffmpeg!, ["-hide_banner", "-encoders"]).output
    else { return false }
    return String(decoding: listed, as: UTF8.self).split(separator: "\n").contains {
      $0.split(separator: " ").dropFirst().first == Substring(name)
    }
  }

  /// What `ffmpeg ARGUMENTS` writes to standard output (its errors go to
  /// the test log); for tests enabled only where ``ffmpeg`` is found.
  public static func output(_ arguments: [String]) throws -> [UInt8] {
    try ToolProcess.run(ffmpeg!, arguments, showsErrors: true).output
  }
}

import Foundation

/// The Python the tests' independent references run under: Debian's
/// `/usr/bin/python3` (with `python3-numpy`, `python3-pil` and
/// `python3-opencv`, which `Scripts/install-deps.sh` installs) where it
/// exists, so that a `python3` earlier on `PATH` (a pyenv or a virtual
/// environment without those packages) does not turn the references off;
/// otherwise whatever `python3` is on `PATH`.
public enum TestPython {
  /// The arguments that start the interpreter: `["/usr/bin/python3"]`, or
  /// `["python3"]` for `/usr/bin/env` to find.
  public static let command: [String] =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/python3")
    ? ["/usr/bin/python3"] : ["python3"]

  /// A process that runs `command` followed by `arguments`, through
  /// `/usr/bin/env` (which also takes an absolute path).
  public static func process(_ arguments: [String]) -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = command + arguments
    return process
  }

  /// Whether the interpreter imports every module in `modules`.
  public static func imports(_ modules: String...) -> Bool {
    let process = process(["-c", "import " + modules.joined(separator: ", ")])
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return false }
    process.waitUntilExit()
    return process.terminationStatus == 0
  }
}

import Foundation

/// Runs an external program (ffmpeg, ffprobe, a script) to its end, for
/// tests that check the library against tools that know the formats.
public enum ToolProcess {
  /// A program that exited with a status other than 0.
  public struct Failed: Error, CustomStringConvertible {
    public var command: [String]
    public var status: Int32
    public var description: String { "\(command.joined(separator: " ")) exited with \(status)" }
  }

  /// Runs `executable` with `arguments`, `input` on its standard input;
  /// returns its exit status and standard output. Its standard error goes
  /// to the test log when `showsErrors`, else nowhere.
  public static func run(
    _ executable: String, _ arguments: [String], input: [UInt8]? = nil, showsErrors: Bool = false
  ) throws -> (status: Int32, output: [UInt8]) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let stdout = Pipe()
    process.standardOutput = stdout
    if !showsErrors { process.standardError = FileHandle.nullDevice }
    let stdin = input.map { _ in Pipe() }
    if let stdin { process.standardInput = stdin }
    try process.run()
    if let stdin, let input {
      stdin.fileHandleForWriting.write(Data(input))
      try? stdin.fileHandleForWriting.close()
    }
    let data = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, [UInt8](data))
  }

  /// The standard output of `executable ARGUMENTS`.
  ///
  /// - Throws: ``Failed`` when it exits with a status other than 0.
  @discardableResult
  public static func output(_ executable: String, _ arguments: [String]) throws -> [UInt8] {
    let (status, output) = try run(executable, arguments)
    guard status == 0 else { throw Failed(command: [executable] + arguments, status: status) }
    return output
  }
}

import Foundation

/// Families `fc-list` reports for installed fonts that have `scalar` (an
/// independent look at what is installed; empty when fc-list cannot run).
public func fontFamilies(with scalar: Unicode.Scalar) -> [String] {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["fc-list", ":charset=\(String(scalar.value, radix: 16))", "family"]
  let pipe = Pipe()
  process.standardOutput = pipe
  process.standardError = FileHandle.nullDevice
  guard (try? process.run()) != nil else { return [] }
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
}

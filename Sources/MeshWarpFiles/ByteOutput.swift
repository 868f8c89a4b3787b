/// Where an encoder streams its bytes: an atomically written file, memory,
/// or standard output (through memory, since standard output cannot seek).
package protocol ByteOutput: AnyObject {
  /// Appends bytes.
  func write(_ bytes: [UInt8]) throws
  /// Replaces bytes already written, at `offset` from the start.
  func overwrite(_ bytes: [UInt8], at offset: Int) throws
  /// Completes the output (renames the file, sends memory to stdout).
  func commit() throws
  /// Abandons the output; an existing file is kept.
  func discard()
}

extension AtomicFileWriter: ByteOutput {}

/// Bytes collected in memory; `commit()` sends them to standard output when
/// asked to.
package final class MemoryByteOutput: ByteOutput {
  package private(set) var bytes: [UInt8] = []
  package let sendsToStandardOutput: Bool

  package init(sendsToStandardOutput: Bool = false) {
    self.sendsToStandardOutput = sendsToStandardOutput
  }

  package func write(_ bytes: [UInt8]) throws { self.bytes.append(contentsOf: bytes) }

  package func overwrite(_ bytes: [UInt8], at offset: Int) throws {
    self.bytes.replaceSubrange(offset..<(offset + bytes.count), with: bytes)
  }

  package func commit() throws {
    if sendsToStandardOutput { try StandardOutput.write(bytes) }
  }

  package func discard() { bytes = [] }
}

/// The output for `path`: standard output for `"-"`, else an atomic file.
package func makeByteOutput(path: String) throws -> any ByteOutput {
  path == StandardOutput.path
    ? MemoryByteOutput(sendsToStandardOutput: true) : try AtomicFileWriter(path: path)
}

import Dispatch
import Foundation

/// Writes each frame to its own numbered PNG file (`frame_0000.png`, …),
/// each file atomically. Frames are encoded in batches of
/// `concurrentFrames`, in parallel (libpng's simplified API keeps no
/// shared state), and written in order.
///
/// After an error or `cancel()`, the frames already written stay; files of
/// later frames are not touched.
public final class PNGSequenceWriter: FrameSink {
  public let destination: String
  public let pattern: FrameNumberPattern
  public let startNumber: Int
  public let speed: PNGEncoder.Speed
  public let concurrentFrames: Int

  private var expectedSize: (width: Int, height: Int)?
  private var pending: [RGBAImage] = []
  private var framesWritten = 0
  private var state: State = .open
  private enum State { case open, finished, cancelled }

  /// The pattern used inside a directory: `frame_%05d.png` (five digits:
  /// an hour at 25 fps fits).
  public static let directoryFileName = "frame_%05d.png"

  /// - Parameters:
  ///   - pattern: e.g. `out/frame_%04d.png`.
  ///   - startNumber: the number of the first frame (≥ 0).
  ///   - width, height: when given, every frame must have this size.
  public init(
    pattern: FrameNumberPattern, startNumber: Int = 0, width: Int? = nil, height: Int? = nil,
    speed: PNGEncoder.Speed = .balanced,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.destination = pattern.pattern
    self.pattern = pattern
    self.startNumber = max(0, startNumber)
    self.speed = speed
    self.concurrentFrames = max(1, concurrentFrames)
    if let width, let height { expectedSize = (width, height) }
  }

  /// A sequence inside `directory` (created, with its parents, if missing),
  /// named `frame_00000.png`, ….
  public convenience init(
    directory: String, startNumber: Int = 0, width: Int? = nil, height: Int? = nil,
    speed: PNGEncoder.Speed = .balanced,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw MeshWarpIOError.fileSystem(
          path: directory, operation: .create, reason: "not a directory")
      }
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw MeshWarpIOError.fileSystem(
          path: directory, operation: .create, reason: (error as NSError).localizedDescription)
      }
    }
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    try self.init(
      pattern: FrameNumberPattern(base + Self.directoryFileName), startNumber: startNumber,
      width: width, height: height, speed: speed, concurrentFrames: concurrentFrames)
  }

  public func append(_ image: RGBAImage) throws {
    guard state == .open else { throw closedError() }
    if let expectedSize, expectedSize != (image.width, image.height) {
      cancel()
      throw MeshWarpIOError.frameMismatch(
        destination: destination,
        reason:
          "frame \(framesWritten + pending.count) is \(image.width)×\(image.height), expected \(expectedSize.width)×\(expectedSize.height)"
      )
    }
    expectedSize = (image.width, image.height)
    pending.append(image)
    if pending.count >= concurrentFrames { try flush() }
  }

  public func finish() throws {
    guard state == .open else { throw closedError() }
    try flush()
    guard framesWritten > 0 else {
      cancel()
      throw MeshWarpIOError.unsupportedOutput(path: destination, reason: "no frames to write")
    }
    state = .finished
  }

  public func cancel() {
    guard state == .open else { return }
    pending = []
    state = .cancelled
  }

  /// Paths of the frames written so far.
  public var writtenPaths: [String] {
    (0..<framesWritten).map { pattern.path(for: startNumber + $0) }
  }

  private func flush() throws {
    guard !pending.isEmpty else { return }
    let batch = pending
    pending = []
    let speed = self.speed
    let first = startNumber + framesWritten
    let pattern = self.pattern
    var encoded = [Result<[UInt8], any Error>?](repeating: nil, count: batch.count)
    encoded.withUnsafeMutableBufferPointer { slots in
      nonisolated(unsafe) let slots = slots
      DispatchQueue.concurrentPerform(iterations: batch.count) { i in
        slots[i] = Result {
          try PNGEncoder.encode(batch[i], speed: speed, destination: pattern.path(for: first + i))
        }
      }
    }
    for (i, result) in encoded.enumerated() {
      do {
        try AtomicFile.write(try result!.get(), to: pattern.path(for: first + i))
      } catch {
        cancel()
        throw error
      }
      framesWritten += 1
    }
  }

  private func closedError() -> MeshWarpIOError {
    .unsupportedOutput(
      path: destination,
      reason: state == .finished ? "the sequence is already finished" : "the export was cancelled")
  }
}

/// A sink for exactly one frame, written as a PNG at `finish()`.
public final class SinglePNGWriter: FrameSink {
  public let destination: String
  public let speed: PNGEncoder.Speed
  private var frame: RGBAImage?
  private var done = false

  /// - Parameter path: the PNG file, or `"-"` for standard output.
  public init(path: String, speed: PNGEncoder.Speed = .balanced) {
    self.destination = path
    self.speed = speed
  }

  public func append(_ image: RGBAImage) throws {
    guard !done else {
      throw MeshWarpIOError.unsupportedOutput(path: destination, reason: "already finished")
    }
    guard frame == nil else {
      cancel()
      throw MeshWarpIOError.unsupportedOutput(
        path: destination,
        reason:
          "a .png file holds one frame; for an animation write .apng (or ask for animated PNG), .mp4, a pattern like frame_%04d.png or a directory"
      )
    }
    frame = image
  }

  public func finish() throws {
    guard !done else {
      throw MeshWarpIOError.unsupportedOutput(path: destination, reason: "already finished")
    }
    done = true
    guard let frame else {
      throw MeshWarpIOError.unsupportedOutput(path: destination, reason: "no frame to write")
    }
    try PNGEncoder.write(frame, to: destination, speed: speed)
  }

  public func cancel() {
    frame = nil
    done = true
  }
}

import Foundation
import MeshWarpFiles
import MeshWarpImageIO
import MeshWarpRender

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes each frame to its own numbered PNG file (`frame_0000.png`, …; or
/// JPEG: ``init(jpegPattern:quality:background:startNumber:width:height:concurrentFrames:replacesExistingFrames:)``),
/// each file atomically. Frames are encoded in batches of
/// `concurrentFrames`, in parallel (`FrameBatch`; libpng's simplified API
/// keeps no shared state), and written in order.
///
/// Frames are written into a hidden folder beside the target
/// (`.meshwarp-frames-…`) and moved into place by ``finish()``: after an
/// error, `cancel()` or Ctrl-C no frame of the run is left at the target,
/// and the hidden folder is removed.
///
/// A folder that already holds frames of the pattern is refused (a shorter
/// run would leave the old ones beyond its end mixed in), unless
/// `replacesExistingFrames`: then ``finish()`` removes them once the new
/// frames are in place, and a failed run keeps them.
public final class PNGSequenceWriter: FrameSink {
  public let destination: String
  public let pattern: FrameNumberPattern
  public let startNumber: Int
  public let speed: PNGEncoder.Speed
  public let concurrentFrames: Int
  /// Whether frames of the pattern already on disk are replaced (removed
  /// by ``finish()``) rather than refused.
  public let replacesExistingFrames: Bool

  private var batch: FrameBatch<PixelImage>
  private var framesWritten = 0
  /// Encodes one frame for its file (PNG, 16-bit for a deep frame; or
  /// JPEG for a `.jpg` pattern).
  private var encode: @Sendable (PixelImage, String) throws -> [UInt8]
  /// Whether deep frames are written at 16 bits (PNG), else rounded.
  private var keepsDeepFrames = true
  /// The hidden folder the frames wait in until ``finish()``; created at
  /// the first write.
  private let staging: String
  private var stagingCreated = false
  private let lifecycle: FrameWriterLifecycle

  /// The pattern used inside a directory: `frame_%05d.png` (five digits:
  /// an hour at 25 fps fits).
  public static let directoryFileName = "frame_%05d.png"

  /// - Parameters:
  ///   - pattern: e.g. `out/frame_%04d.png`.
  ///   - startNumber: the number of the first frame (≥ 0).
  ///   - width: when given, every frame must have this width in pixels.
  ///   - height: when given, every frame must have this height in pixels.
  ///   - speed: the PNG encoder's speed and size trade-off.
  ///   - concurrentFrames: frames encoded at once (≥ 1; default one per
  ///     core).
  ///   - replacesExistingFrames: false (default): refuse a folder that
  ///     already holds frames of the pattern; true: remove them at
  ///     ``finish()``.
  /// - Throws: `FileError.fileSystem` when the pattern's folder does not
  ///   exist (naming the first missing one); `VideoError.unsupportedOutput`
  ///   naming an existing frame of the pattern (and how many there are)
  ///   unless `replacesExistingFrames`.
  public init(
    pattern: FrameNumberPattern, startNumber: Int = 0, width: Int? = nil, height: Int? = nil,
    speed: PNGEncoder.Speed = .balanced,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount,
    replacesExistingFrames: Bool = false
  ) throws {
    if let reason = Self.missingFolder(pattern) {
      throw FileError.fileSystem(path: pattern.pattern, operation: .create, reason: reason)
    }
    if !replacesExistingFrames, let error = Self.existingFramesError(pattern) { throw error }
    self.replacesExistingFrames = replacesExistingFrames
    self.destination = pattern.pattern
    self.pattern = pattern
    self.startNumber = max(0, startNumber)
    self.speed = speed
    self.concurrentFrames = max(1, concurrentFrames)
    self.batch = FrameBatch(capacity: concurrentFrames)
    // One thread a frame: the frames of a batch are what runs in parallel,
    // so that `concurrentFrames` bounds the threads of the whole export.
    self.encode = { image, path in
      switch image {
      case .rgba8(let image):
        try PNGEncoder.encode(image, speed: speed, destination: path, threads: 1)
      case .rgba16(let image):
        try PNGEncoder.encode(image, destination: path, threads: 1)
      }
    }
    let folder = (pattern.pattern as NSString).deletingLastPathComponent
    self.staging =
      (folder.isEmpty ? "." : folder) + "/.meshwarp-frames-" + UUID().uuidString.prefix(8)
    let size = width.flatMap { width in height.map { (width, $0) } }
    self.lifecycle = FrameWriterLifecycle(
      destination: pattern.pattern, noun: "sequence", frameSize: size)
  }

  /// A sequence inside `directory` (created, with its parents, if missing),
  /// named `frame_00000.png`, …; `replacesExistingFrames` as for
  /// ``init(pattern:startNumber:width:height:speed:concurrentFrames:replacesExistingFrames:)``.
  public convenience init(
    directory: String, startNumber: Int = 0, width: Int? = nil, height: Int? = nil,
    speed: PNGEncoder.Speed = .balanced,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount,
    replacesExistingFrames: Bool = false
  ) throws {
    let base = directory.hasSuffix("/") ? directory : directory + "/"
    let pattern = try FrameNumberPattern(base + Self.directoryFileName)
    if !replacesExistingFrames, let error = Self.existingFramesError(pattern) { throw error }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw FileError.fileSystem(
          path: directory, operation: .create, reason: "not a directory")
      }
    } else {
      do {
        try FileManager.default.createDirectory(
          atPath: directory, withIntermediateDirectories: true)
      } catch {
        throw FileError.fileSystem(
          path: directory, operation: .create, reason: (error as NSError).localizedDescription)
      }
    }
    try self.init(
      pattern: pattern, startNumber: startNumber, width: width, height: height, speed: speed,
      concurrentFrames: concurrentFrames, replacesExistingFrames: replacesExistingFrames)
  }

  /// A sequence of JPEG files (a pattern such as `frame_%04d.jpg`), each
  /// composited over `background`.
  ///
  /// - Parameters:
  ///   - pattern: e.g. `out/frame_%04d.jpg`.
  ///   - quality: the JPEG quality, 1 … 100.
  ///   - background: under transparent pixels (JPEG has no alpha).
  ///   - startNumber: the number of the first frame (≥ 0).
  ///   - width: when given, every frame must have this width in pixels.
  ///   - height: when given, every frame must have this height in pixels.
  ///   - concurrentFrames: frames encoded at once (≥ 1; default one per
  ///     core).
  ///   - replacesExistingFrames: as for
  ///     ``init(pattern:startNumber:width:height:speed:concurrentFrames:replacesExistingFrames:)``.
  public convenience init(
    jpegPattern pattern: FrameNumberPattern, quality: Int, background: RGBA8,
    startNumber: Int = 0, width: Int? = nil, height: Int? = nil,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount,
    replacesExistingFrames: Bool = false
  ) throws {
    try self.init(
      pattern: pattern, startNumber: startNumber, width: width, height: height,
      concurrentFrames: concurrentFrames, replacesExistingFrames: replacesExistingFrames)
    let options = ImageEncodingOptions(
      format: .jpeg, quality: quality, background: background, threads: 1)
    encode = { image, path in
      try ImageEncoder.encode(image, options: options, destination: path).bytes
    }
    keepsDeepFrames = false
  }

  public func append(_ image: RGBAImage) throws {
    try lifecycle.accept(image, cancel: cancel)
    if batch.add(.rgba8(image)) { try flush() }
  }

  /// A deep frame: a 16-bit PNG in a PNG sequence, rounded to 8 bits in a
  /// JPEG one.
  public func append(_ image: RGBA16Image, duration: Double) throws {
    guard keepsDeepFrames else { return try append(image.rounded8()) }
    try lifecycle.accept(width: image.width, height: image.height, cancel: cancel)
    if batch.add(.rgba16(image)) { try flush() }
  }

  public func finish() throws {
    try lifecycle.checkFinish(cancel: cancel)
    try flush()
    try lifecycle.cancelling(cancel) {
      for number in startNumber..<(startNumber + framesWritten) {
        let target = pattern.path(for: number)
        // rename(2) replaces an existing file atomically.
        guard rename(stagedPath(target), target) == 0 else {
          throw FileError.fileSystem(
            path: target, operation: .write, reason: String(cString: strerror(errno)))
        }
      }
      if replacesExistingFrames { try removeStaleFrames() }
    }
    try? FileManager.default.removeItem(atPath: staging)
    lifecycle.markFinished()
  }

  /// Why the folder of `pattern` cannot take its frames (it does not
  /// exist, or a part of its path is a file), in words; nil when it can.
  package static func missingFolder(_ pattern: FrameNumberPattern) -> String? {
    let folder = (pattern.pattern as NSString).deletingLastPathComponent
    return AtomicFileWriter.missingFolder(folder.isEmpty ? "." : folder)
  }

  /// Why a pattern whose folder already holds frames of it is refused,
  /// naming the first and the count, then `remedy` (how to replace them);
  /// nil when it holds none.
  package static func existingFramesReason(_ pattern: FrameNumberPattern, remedy: String)
    -> String?
  {
    let existing = pattern.existingFrames()
    guard let first = existing.first else { return nil }
    let count =
      existing.count == 1
      ? "a frame of this sequence already exists"
      : "\(existing.count) frames of this sequence already exist"
    return
      "\(count) (\(first.path)); a new run would mix with them: \(remedy), or choose another name or folder"
  }

  /// The refusal of a pattern whose folder already holds frames of it
  /// (``existingFramesReason(_:remedy:)``); nil when it holds none.
  package static func existingFramesError(_ pattern: FrameNumberPattern) -> VideoError? {
    existingFramesReason(pattern, remedy: "pass replacesExistingFrames to replace them").map {
      .unsupportedOutput(path: pattern.pattern, reason: $0)
    }
  }

  /// Removes the frames of the pattern that this run did not write (after
  /// its own have replaced theirs): no old frame is left mixed in.
  private func removeStaleFrames() throws {
    let written = startNumber..<(startNumber + framesWritten)
    for (number, path) in pattern.existingFrames() where !written.contains(number) {
      guard unlink(path) == 0 || errno == ENOENT else {
        throw FileError.fileSystem(
          path: path, operation: .write, reason: String(cString: strerror(errno)))
      }
    }
  }

  public func cancel() {
    guard lifecycle.markCancelled() else { return }
    batch.removeAll()
    if stagingCreated { try? FileManager.default.removeItem(atPath: staging) }
  }

  /// Where frame file `target` waits until ``finish()``.
  private func stagedPath(_ target: String) -> String {
    staging + "/" + (target as NSString).lastPathComponent
  }

  /// Encodes the batch in parallel, then writes its files in order.
  private func flush() throws {
    let first = startNumber + framesWritten
    let pattern = self.pattern
    let encode = self.encode
    let results = batch.encodeAll { frames, i in
      try encode(frames[i], pattern.path(for: first + i))
    }
    try lifecycle.cancelling(cancel) {
      if !stagingCreated {
        do {
          try FileManager.default.createDirectory(
            atPath: staging, withIntermediateDirectories: false)
        } catch {
          throw FileError.fileSystem(
            path: staging, operation: .create, reason: (error as NSError).localizedDescription)
        }
        stagingCreated = true
      }
      for (i, result) in results.enumerated() {
        try AtomicFile.write(try result.get(), to: stagedPath(pattern.path(for: first + i)))
        framesWritten += 1
      }
    }
  }
}

/// A sink for exactly one frame, written as a PNG at `finish()`; its life
/// (finished, cancelled, one frame at most) is `FrameWriterLifecycle`'s, as
/// every frame writer's.
public final class SinglePNGWriter: FrameSink {
  public let destination: String
  public let speed: PNGEncoder.Speed
  private var frame: RGBAImage?
  private let lifecycle: FrameWriterLifecycle

  /// - Parameters:
  ///   - path: the PNG file, or `"-"` for standard output.
  ///   - speed: the PNG encoder's speed and size trade-off.
  public init(path: String, speed: PNGEncoder.Speed = .balanced) {
    self.destination = path
    self.speed = speed
    self.lifecycle = FrameWriterLifecycle(
      destination: path, noun: "image",
      frameLimit: (
        1,
        "a .png file holds one frame; for an animation write .apng (or ask for animated PNG), .mp4, a pattern like frame_%04d.png or a directory"
      ))
  }

  public func append(_ image: RGBAImage) throws {
    try lifecycle.accept(image, cancel: cancel)
    frame = image
  }

  public func finish() throws {
    try lifecycle.checkFinish(cancel: cancel)
    guard let frame else { preconditionFailure("a frame was accepted but not kept") }
    try lifecycle.cancelling(cancel) {
      try PNGEncoder.write(frame, to: destination, speed: speed)
    }
    lifecycle.markFinished()
  }

  public func cancel() {
    guard lifecycle.markCancelled() else { return }
    frame = nil
  }
}

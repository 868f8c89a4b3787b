import Foundation
import MeshWarpVideo

/// Fuzz entry for what the video reader parses from ffmpeg and ffprobe.
///
/// The whole input is first read as ffprobe's JSON report
/// (``VideoProbe/parse(_:path:)``). Then the first three bytes choose a
/// frame size (1…8 × 1…8 pixels) and a frame rate, and the rest is cut into
/// raw RGBA frames by a ``RawVideoFrameParser`` twice: all at once
/// (`frames(in:)`) and through `nextFrame(read:)` with reads of uneven
/// sizes (as a pipe delivers them), the sizes taken from the bytes.
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes).
/// - Note: traps with a message when the two parses disagree, a frame's
///   pixels are not the stream's bytes, or a stream that is not a whole
///   number of frames is accepted.
public func fuzzVideo(_ bytes: [UInt8]) {
  if let info = try? VideoProbe.parse(bytes, path: "fuzz input") {
    guard info.width > 0, info.height > 0 else {
      fatalError("fuzzVideo: ffprobe output parsed to a \(info.width)×\(info.height) video")
    }
    _ = info.estimatedFrameCount
  }
  guard bytes.count >= 3 else { return }
  let width = Int(bytes[0] % 8) + 1
  let height = Int(bytes[1] % 8) + 1
  let rate = Double(bytes[2]) / 4  // 0 is refused: that is exercised too
  let stream = Array(bytes[3...])
  guard
    var whole = try? RawVideoFrameParser(
      width: width, height: height, framesPerSecond: rate, source: "fuzz input")
  else { return }
  var pieces = whole
  let frameBytes = width * height * 4
  let wholeFrames = try? whole.frames(in: stream)
  let fits = stream.count % frameBytes == 0
  if fits != (wholeFrames != nil) {
    fatalError("fuzzVideo: \(stream.count) bytes of \(frameBytes)-byte frames parsed: \(!fits)")
  }
  // Uneven reads: each read returns 1…7 bytes, the count taken from the
  // stream itself.
  var offset = 0
  var piecesFrames: [VideoFrame] = []
  do {
    while let frame = try pieces.nextFrame(read: { buffer in
      guard offset < stream.count else { return 0 }
      let n = min(buffer.count, stream.count - offset, Int(stream[offset] % 7) + 1)
      for i in 0..<n { buffer[i] = stream[offset + i] }
      offset += n
      return n
    }) {
      piecesFrames.append(frame)
    }
  } catch {
    guard !fits else { fatalError("fuzzVideo: uneven reads refused a whole stream: \(error)") }
    return
  }
  guard let wholeFrames, wholeFrames.count == piecesFrames.count else {
    fatalError("fuzzVideo: uneven reads gave another number of frames")
  }
  for (k, (a, b)) in zip(wholeFrames, piecesFrames).enumerated() {
    let expected = Array(stream[(k * frameBytes)..<((k + 1) * frameBytes)])
    guard a.index == k, b.index == k, a.image.pixels == expected, b.image.pixels == expected,
      a.image.width == width, a.image.height == height
    else { fatalError("fuzzVideo: frame \(k) is not the stream's bytes") }
  }
}

/// ``fuzzVideo(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzVideo(_ buffer: UnsafeRawBufferPointer) {
  fuzzVideo([UInt8](buffer))
}

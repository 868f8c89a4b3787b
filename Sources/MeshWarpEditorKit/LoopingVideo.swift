import Foundation
import MeshWarpRender
import MeshWarpVideo

/// A video file as the editor's content: decoded on a background thread
/// through ``VideoReader`` (ffmpeg) and played in a loop, in real time.
///
/// The decoding thread stays at most ``lookahead`` frames ahead of what is
/// shown and then waits, so memory stays at a few frames whatever the
/// video's length; at the end of the file it starts a new reader from the
/// beginning. Frames carry a running number across loops (loop k's frame i
/// is `k · frameCount + i`), so the frame for play time t is simply
/// ⌊t · fps⌋ and looping needs no duration. The render thread asks for a
/// frame number (``frame(number:)``) and never waits: it gets the newest
/// decoded frame not after that number (the previous one while decoding lags).
package final class LoopingVideo: @unchecked Sendable {
  /// The file as given.
  package let path: String
  /// Frame size in pixels (after ffmpeg's rotation).
  package let width: Int
  package let height: Int
  /// The constant rate frames are delivered at.
  package let framesPerSecond: Double
  /// Frames decoded ahead of the one shown (empirical: absorbs a slow
  /// frame of the decoder without holding much memory, 4 × 3.7 MB at 720p).
  package static let lookahead = 4

  let feed: Feed

  /// Opens `path` and decodes its first frame before returning (so the
  /// content has its picture from the start), then decodes on in the
  /// background.
  ///
  /// - Throws: ``VideoReader``'s errors (no ffmpeg, not a video, …), or
  ///   ``EditorFileError`` when the video has no frame.
  package init(
    path: String, environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws {
    let reader = try VideoReader(path: path, environment: environment)
    guard let first = try reader.nextFrame() else {
      throw EditorFileError(message: "\(path): the video has no frames")
    }
    self.path = path
    width = first.image.width
    height = first.image.height
    framesPerSecond = reader.info.framesPerSecond
    feed = Feed(first: first.image)
    let feed = feed
    let box = ReaderBox(reader: reader)
    let thread = Thread {
      feed.decode(path: path, environment: environment, reader: box.reader)
    }
    thread.name = "meshwarp-editor video"
    thread.start()
  }

  deinit { feed.stop() }

  /// The newest decoded frame whose number is at most `number` (the first
  /// frame for numbers ≤ 0). Never waits for the decoder.
  package func frame(number: Int) -> RGBAImage { feed.take(upTo: number) }

  /// The frame number shown at `seconds` of play time: ⌊seconds · fps⌋.
  package func frameNumber(atSeconds seconds: Double) -> Int {
    Int((max(seconds, 0) * framesPerSecond).rounded(.down))
  }

  /// Frames decoded so far over all loops, and loops started (for tests).
  package var decodedFrames: Int { feed.withLock { $0.decoded } }
  /// The decoder's error, if it stopped on one (the last frame stays shown).
  package var decodeError: String? { feed.withLock { $0.error } }

  /// Moves a reader (not `Sendable`: one thread at a time) to the
  /// decoding thread, which is its only user from then on.
  struct ReaderBox: @unchecked Sendable { var reader: VideoReader }

  /// The state shared by the render thread and the decoding thread, under
  /// one condition lock.
  final class Feed: @unchecked Sendable {
    struct State {
      /// Decoded frames not yet shown, by running number, oldest first.
      var queue: [(number: Int, image: RGBAImage)] = []
      /// The frame shown now.
      var current: RGBAImage
      var currentNumber = 0
      var decoded = 1
      var stopped = false
      var error: String?
    }
    let condition = NSCondition()
    var state: State

    init(first: RGBAImage) { state = State(current: first) }

    func withLock<T>(_ body: (inout State) -> T) -> T {
      condition.lock()
      defer { condition.unlock() }
      return body(&state)
    }

    func stop() {
      withLock { $0.stopped = true }
      condition.broadcast()
    }

    func take(upTo number: Int) -> RGBAImage {
      let image = withLock { s -> RGBAImage in
        while let next = s.queue.first, next.number <= number {
          s.current = next.image
          s.currentNumber = next.number
          s.queue.removeFirst()
        }
        return s.current
      }
      condition.broadcast()
      return image
    }

    /// The decoding thread's loop: read frames, queue them while fewer
    /// than ``LoopingVideo/lookahead`` wait, start over at the end.
    func decode(path: String, environment: [String: String], reader first: VideoReader) {
      var reader = first
      var base = 0  // running number of the reader's frame 0
      var readThisLoop = 1  // the first frame was read by init
      while true {
        condition.lock()
        while !state.stopped && state.queue.count >= LoopingVideo.lookahead { condition.wait() }
        let stopped = state.stopped
        condition.unlock()
        if stopped {
          reader.cancel()
          return
        }
        do {
          if let frame = try reader.nextFrame() {
            readThisLoop += 1
            withLock {
              $0.queue.append((base + frame.index, frame.image))
              $0.decoded += 1
            }
          } else {
            guard readThisLoop > 0 else { throw EditorFileError(message: "no frames on replay") }
            base += reader.framesRead
            readThisLoop = 0
            reader = try VideoReader(path: path, environment: environment)
          }
        } catch {
          withLock { $0.error = "\(error)" }
          return
        }
      }
    }
  }
}

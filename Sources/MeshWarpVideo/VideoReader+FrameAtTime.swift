/// One moment of a video: the frame on screen at a time.
extension VideoReader {
  /// Reads frames up to `time` and returns the one shown then: the last
  /// whose timestamp is at most `time` (within half a microsecond); the
  /// first frame for a time before it, the last for a time past the end.
  /// The reader is left after that frame (``cancel()`` it when done).
  ///
  /// - Parameter time: seconds from the first frame.
  /// - Returns: the frame; nil when the video decodes to no frame.
  /// - Throws: the decoder's errors (``VideoInputError``).
  public func frame(at time: Double) throws -> VideoFrame? {
    guard var shown = try nextFrame() else { return nil }
    while shown.timestamp < time - 5e-7, let next = try nextFrame() {
      if next.timestamp > time + 5e-7 { break }
      shown = next
    }
    return shown
  }
}

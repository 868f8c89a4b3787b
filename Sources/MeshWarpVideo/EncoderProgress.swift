/// How far ffmpeg's encoder has got, from its `-progress` report (blocks
/// of `key=value` lines, one block every half second, the last ending in
/// `progress=end`). Its `frame=` counts frames handed to the encoder,
/// including those x264 holds in its look-ahead (40 at `medium`); its
/// `out_time_us=` is how far the written file reaches. Frames written
/// are those that start before that time (to within a frame).
enum EncoderProgress {
  /// The frames the encoder has written to the file, by the latest
  /// `out_time_us` in `report`, given each frame's start in seconds
  /// (`starts`, ascending, one per frame sent); all of them once the
  /// report says `progress=end`; nil when the report has no time yet.
  static func framesWritten(report: Substring, starts: [Double]) -> Int? {
    var written: Int?
    for line in report.split(whereSeparator: \.isNewline) {
      if line == "progress=end" { return starts.count }
      guard line.hasPrefix("out_time_us="), let micro = Int(line.dropFirst(12)) else { continue }
      // (ffmpeg adds a few tens of microseconds to the time it reports.)
      let end = Double(micro) / 1e6 - 5e-4
      // Binary search: the first start after `end`.
      var low = 0
      var high = starts.count
      while low < high {
        let middle = (low + high) / 2
        if starts[middle] < end { low = middle + 1 } else { high = middle }
      }
      written = low
    }
    return written
  }
}

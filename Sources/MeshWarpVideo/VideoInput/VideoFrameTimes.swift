import Foundation

/// When each frame of a video stream is shown, as the container says:
/// presentation times and durations in seconds, from its packets
/// (`ffprobe -show_entries packet=pts_time,duration_time,flags`: demuxing
/// only, no decoding).
///
/// Phone footage and GIFs are rarely evenly spaced: a GIF's delays of 50,
/// 200 and 300 ms, a phone's frames at 1/30 s with gaps where it dropped
/// some. Resampled to one rate, frames move in time (by up to 0.4 s in a
/// 33-frame phone clip) and the copied audio drifts; kept, every output
/// frame has its input timestamp and duration.
public struct VideoFrameTimes: Sendable, Equatable {
  /// Seconds from the first frame (0) to each frame, ascending.
  public var timestamps: [Double]
  /// How long each frame shows, in seconds (> 0): the gap to the next
  /// frame; for the last, its packet's duration, else the one before.
  public var durations: [Double]

  /// Sorts the packets' presentation times (`pts`, seconds; decode order
  /// is not display order with B-frames), drops repeated ones, and derives
  /// the durations. `lastDuration`: the final packet's duration when the
  /// container states one. Nil for fewer than one time.
  public init?(presentationTimes pts: [Double], lastDuration: Double? = nil) {
    var sorted = pts.filter(\.isFinite).sorted()
    sorted = sorted.enumerated().filter { $0.offset == 0 || $0.element > sorted[$0.offset - 1] }
      .map(\.element)
    guard let first = sorted.first else { return nil }
    timestamps = sorted.map { $0 - first }
    durations = zip(sorted.dropFirst(), sorted).map { $0 - $1 }
    let last = lastDuration.flatMap { $0 > 0 && $0.isFinite ? $0 : nil } ?? durations.last ?? 0
    durations.append(last)
  }

  /// Whether every frame shows for the same time, within 1.5 ms (a
  /// millisecond time base rounds 1/30 s to 33 or 34 ms): then a constant
  /// rate describes the stream and nothing need be kept per frame.
  public var isConstant: Bool {
    guard let first = durations.first else { return true }
    let body = durations.count > 1 ? durations.dropLast() : durations[...]
    return body.allSatisfy { abs($0 - first) <= 0.0015 }
  }

  /// The timestamp of frame `index`; past the known frames, the last one's
  /// end plus whole durations of it.
  public func timestamp(at index: Int) -> Double {
    if index < timestamps.count { return timestamps[index] }
    let last = timestamps.count - 1
    return timestamps[last] + Double(index - last) * durations[last]
  }

  /// The duration of frame `index` (the last one's past the known frames).
  public func duration(at index: Int) -> Double { durations[min(index, durations.count - 1)] }

  /// Reads the packets of stream `streamIndex` of `path` with ffprobe.
  /// Packets flagged discard (`D`: before an edit list's start) are left
  /// out. Nil when ffprobe fails or finds no timed packet.
  static func probe(path: String, streamIndex: Int, ffprobePath: String) -> VideoFrameTimes? {
    guard
      let child = try? ChildProcess(
        tool: "ffprobe", executable: ffprobePath,
        arguments: [
          "-hide_banner", "-loglevel", "error", "-select_streams", "\(streamIndex)",
          "-show_entries", "packet=pts_time,duration_time,flags", "-of", "csv=p=0",
        ] + InputDemuxer.options(path: path) + [ChildProcess.inputURL(path)])
    else { return nil }
    var output: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while let n = try? chunk.withUnsafeMutableBytes({ try child.read(into: $0) }), n > 0 {
      output += chunk[0..<n]
    }
    guard child.wait().succeeded else { return nil }
    var pts: [Double] = []
    var last: (pts: Double, duration: Double?)?
    for line in String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline) {
      let fields = line.split(separator: ",", omittingEmptySubsequences: false)
      guard fields.count >= 3, let time = Double(fields[0]), !fields[2].contains("D") else {
        continue
      }
      pts.append(time)
      if last == nil || time >= last!.pts { last = (time, Double(fields[1])) }
    }
    return VideoFrameTimes(presentationTimes: pts, lastDuration: last?.duration)
  }
}

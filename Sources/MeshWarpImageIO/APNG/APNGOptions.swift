import Foundation  // ProcessInfo

/// Settings of the animated PNG writer.
public struct APNGOptions: Sendable, Equatable {
  /// The zlib level the writer uses unless told otherwise: 4.
  ///
  /// Measured (empirical) on 60 animated 1000×250 frames — a full-frame
  /// smooth gradient and gradient letters on transparency — release build,
  /// adaptive filter, CPU ms per frame / KB per frame:
  ///
  /// | level | gradient      | letters      |
  /// | ----- | ------------- | ------------ |
  /// | 1     | 10.6 / 198    | 7.2 / 124    |
  /// | 2     | 13.8 / 183    | 8.0 / 116    |
  /// | 3     | 22.8 / 167    | 13.3 / 104   |
  /// | 4     | 19.0 / 143    | 12.3 / 92    |
  /// | 6     | 53.5 / 117    | 33.4 / 76    |
  ///
  /// Level 4 is zlib's first lazy-matching level with short hash chains:
  /// faster *and* smaller than level 3, 2.7–2.8× faster than level 6 for
  /// 21–22% more bytes. Level 1 is the choice when speed matters more than
  /// size (1.7× faster than 4, 35–39% larger).
  public static let defaultCompressionLevel = 4

  /// Frames per second (> 0); each frame's delay is `1/framesPerSecond`,
  /// stored as the nearest fraction (see `APNGDelay`).
  public var framesPerSecond: Double
  /// How many times the animation plays; 0 (the default) loops forever.
  public var loopCount: Int
  /// zlib level, 0 (store) … 9 (smallest); see `defaultCompressionLevel`.
  public var compressionLevel: Int
  /// Row filter choice; `.adaptive` by default (best size for photographs
  /// and gradients at little cost).
  public var filter: PNGFilterStrategy
  /// When true (default), each frame after the first stores only the
  /// smallest rectangle that differs from the previous frame (`fcTL` region,
  /// blend `SOURCE`, dispose `NONE`): identical pixels outside it are kept.
  /// The decoded frames are the same either way.
  public var cropsUnchangedRegions: Bool
  /// How many frames are compressed at once, on that many threads (≥ 1).
  /// Also the number of raw frames held in memory. Default: the number of
  /// active processors.
  public var concurrentFrames: Int
  /// The colour description written before the frames (`iCCP`, or
  /// `sRGB`, `gAMA`, `cHRM`): an APNG input's, so that it travels to the
  /// output; empty (default): none.
  public var color = ColorDescription()

  public init(
    framesPerSecond: Double = 30, loopCount: Int = 0,
    compressionLevel: Int = APNGOptions.defaultCompressionLevel,
    filter: PNGFilterStrategy = .adaptive, cropsUnchangedRegions: Bool = true,
    concurrentFrames: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.framesPerSecond = framesPerSecond
    self.loopCount = loopCount
    self.compressionLevel = compressionLevel
    self.filter = filter
    self.cropsUnchangedRegions = cropsUnchangedRegions
    self.concurrentFrames = concurrentFrames
  }
}

import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpRender

/// A still picture warped through a mesh and written: the library's job
/// for stills, as `VideoWarp` (MeshWarpVideo) is for frames over time.
///
/// ```swift
/// let job = ImageWarp(
///   input: .file(path: "photo.jpg"),
///   warp: .source(WarpSource(mesh: try DocumentFile.read("mesh.json"))),
///   output: try StillOutput(path: "warped.png"))
/// let plan = try job.plan()          // decodes, reads the mesh, writes nothing
/// for note in plan.notes { print("note:", note) }
/// try plan.run()
/// ```
///
/// ``plan(note:)`` decodes the picture, reads and checks the mesh for its size
/// and says what will be written and why (``ImageWarpPlan``);
/// ``ImageWarpPlan/run(note:)`` renders, encodes and writes.
public struct ImageWarp: Sendable {
  /// What is warped.
  public enum Input: Sendable {
    /// A picture file (PNG, JPEG, WebP, GIF, recognised by its bytes);
    /// `"-"`: standard input.
    case file(path: String)
    /// A picture already decoded.
    case decoded(DecodedImage)
  }

  /// What the picture is warped through.
  public enum Warp: Sendable {
    /// A mesh, still or keyframed (taken at ``ImageWarp/time``).
    case mesh(MeshAnimation)
    /// Warp documents, read for the picture's size: pixel-unit meshes
    /// against it, point sets into the spline's mesh at the output's size.
    case source(WarpSource)
  }

  /// What is warped.
  public var input: Input
  /// What it is warped through.
  public var warp: Warp
  /// Seconds into a keyframed mesh (≥ 0); 0 for a still one.
  public var time: Double
  /// The renderer's settings; their `width` and `height` are replaced by
  /// the output's.
  public var options: WarpOptions
  /// The output width in pixels (> 0); nil: the input's, or with only
  /// ``height`` given, the width that keeps the input's aspect ratio.
  public var width: Int?
  /// The output height in pixels (> 0); nil: the input's, or with only
  /// ``width`` given, the height that keeps the input's aspect ratio.
  public var height: Int?
  /// Where and how the result is written.
  public var output: StillOutput
  /// The largest input picture and output (times the supersampling) in
  /// pixels, checked before either is allocated.
  public var maxPixels: Int
  /// Decoder threads (0: every core).
  public var threads: Int

  /// A warp of `input` through `warp` into `output`.
  ///
  /// - Parameters:
  ///   - input: a picture file or a decoded picture.
  ///   - warp: a mesh, or the documents to read it from.
  ///   - time: seconds into a keyframed mesh (default 0).
  ///   - options: the renderer's settings (default `WarpOptions()`).
  ///   - width: the output width; nil (default): the input's (with only
  ///     `height` given: the input's aspect ratio kept).
  ///   - height: the output height; nil (default): the input's (with only
  ///     `width` given: the input's aspect ratio kept).
  ///   - output: where and how the result is written.
  ///   - maxPixels: the largest input and output (default
  ///     `DecodeLimits.defaultMaxPixels`).
  ///   - threads: decoder threads (default 0: every core).
  public init(
    input: Input, warp: Warp, time: Double = 0, options: WarpOptions = WarpOptions(),
    width: Int? = nil, height: Int? = nil, output: StillOutput,
    maxPixels: Int = DecodeLimits.defaultMaxPixels, threads: Int = 0
  ) {
    self.input = input
    self.warp = warp
    self.time = time
    self.options = options
    self.width = width
    self.height = height
    self.output = output
    self.maxPixels = maxPixels
    self.threads = threads
  }

  /// Decodes the input, reads and checks the mesh for its size, and says
  /// what will be written; writes nothing.
  ///
  /// - Parameter note: the mesh's warnings, as they are found.
  /// - Throws: ``ImageWarpError``, the decoder's `ImageCodecError`,
  ///   `FileError`, or MeshWarpDocuments' `WarpSourceError` and
  ///   `DocumentError`.
  public func plan(note: (String) -> Void = { _ in }) throws -> ImageWarpPlan {
    try ImageWarpPlan(self, note: note)
  }

  /// ``plan(note:)``, calling `stage` as each step starts (decoding, then
  /// preparing the warp), so that a caller can show progress on long work.
  public func plan(note: (String) -> Void = { _ in }, stage: (ImageWarpStage) -> Void) throws
    -> ImageWarpPlan
  {
    try ImageWarpPlan(self, note: note, stage: stage)
  }

  /// Plans and runs: ``plan(note:)``, the plan's notes to `note`, then
  /// ``ImageWarpPlan/run(note:)``.
  ///
  /// - Returns: the bytes for standard output (``StillOutput/Destination/bytes``), else nil.
  @discardableResult
  public func run(note: (String) -> Void = { _ in }) throws -> [UInt8]? {
    let plan = try plan(note: note)
    for line in plan.notes { note(line) }
    return try plan.run(note: note)
  }
}

/// A step of a still warp, as ``ImageWarp/plan(note:stage:)`` and
/// ``ImageWarpPlan/run(note:stage:)`` report them.
public enum ImageWarpStage: String, Sendable, CaseIterable {
  case decoding
  case preparingWarp = "preparing the warp"
  case rendering
  case encoding
}

/// Why a still warp cannot run (beside the codecs', documents' and file
/// system's own errors).
public enum ImageWarpError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The output (`width × height`, times the supersampling) has more
  /// pixels than `maxPixels`.
  case outputTooLarge(width: Int, height: Int, maxPixels: Int)
  /// No face of the mesh reaches into the picture and the outside stays
  /// transparent: nothing would be drawn. `detail` says where the mesh is.
  case nothingDrawn(source: String, detail: String)
  /// An effect's parameters do not hold at the output's size (they fold
  /// the picture); `place` says which keyframe ("" for a still effect).
  case effectDoesNotHold(place: String, error: MeshEffectError)

  public var description: String {
    switch self {
    case .outputTooLarge(let width, let height, let maxPixels):
      "output \(width)x\(height) = \(width * height) pixels exceeds the limit of \(maxPixels)"
    case .nothingDrawn(let source, let detail):
      "\(source): nothing would be drawn: \(detail)"
    case .effectDoesNotHold(let place, let error):
      "the effect: \(place)\(error)"
    }
  }
}

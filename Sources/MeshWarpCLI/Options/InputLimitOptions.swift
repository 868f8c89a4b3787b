import MeshWarpArguments
import MeshWarpImageIO

/// `--max-pixels N`: the largest image a command reads or makes.
struct InputLimitOptions: ParsableArguments {
  @Option(
    range: 1...Int(Int32.max),
    help: "The most pixels of a picture read or made: input images, video frames, the output.")
  var maxPixels: Int = DecodeLimits.defaultMaxPixels

  /// Refuses an output size above the pixel limit before allocating it.
  func checkOutputSize(_ width: Int, _ height: Int) throws {
    guard width * height <= maxPixels else {
      throw CLIError.usage(
        "output \(width)x\(height) = \(width * height) pixels exceeds the limit of \(maxPixels) (raise it with \(spelling(of: $maxPixels)))"
      )
    }
  }
}

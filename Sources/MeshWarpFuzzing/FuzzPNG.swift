import MeshWarpImageIO
import MeshWarpRender

/// Fuzz entry for PNG decoding.
///
/// Reads `bytes` with both PNG readers, each refusing more than
/// ``FuzzLimits/pngMaxPixels``:
/// - ``APNGReader`` (chunk parsing, CRCs, inflate and unfiltering in Swift):
///   every frame it returns must have the canvas size;
/// - ``PNGDecoder`` (libpng): when it succeeds, the image is encoded with
///   ``PNGEncoder`` and decoded again, and the second image must equal the
///   first byte for byte (the encoder writes 8-bit sRGB RGBA, which the
///   decoder reads back unchanged).
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes + frames · pixels), pixels ≤ ``FuzzLimits/pngMaxPixels``.
/// - Note: traps with a message naming the invariant when one fails: each
///   is a bug.
public func fuzzPNG(_ bytes: [UInt8]) {
  if let animation = try? APNGReader.read(bytes, maxPixels: FuzzLimits.pngMaxPixels) {
    for (i, frame) in animation.frames.enumerated()
    where frame.image.width != animation.width || frame.image.height != animation.height {
      fatalError(
        "fuzzPNG: APNG frame \(i) is \(frame.image.width)×\(frame.image.height) on a \(animation.width)×\(animation.height) canvas"
      )
    }
  }
  guard let image = try? PNGDecoder.decode(bytes, maxPixels: FuzzLimits.pngMaxPixels) else {
    return
  }
  guard image.width > 0, image.height > 0,
    image.pixels.count == image.width * image.height * 4
  else {
    fatalError(
      "fuzzPNG: the decoder returned a \(image.width)×\(image.height) image with \(image.pixels.count) bytes"
    )
  }
  let encoded: [UInt8]
  do {
    encoded = try PNGEncoder.encode(image, speed: .fast)
  } catch {
    fatalError(
      "fuzzPNG: the encoder refused a decoded \(image.width)×\(image.height) image: \(error)")
  }
  let again: RGBAImage
  do {
    again = try PNGDecoder.decode(encoded, maxPixels: FuzzLimits.pngMaxPixels)
  } catch {
    fatalError("fuzzPNG: the decoder refused the encoder's own output: \(error)")
  }
  guard again == image else {
    let firstDifference = zip(again.pixels, image.pixels).enumerated()
      .first { $0.element.0 != $0.element.1 }?.offset
    fatalError(
      "fuzzPNG: round trip changed a \(image.width)×\(image.height) image (now \(again.width)×\(again.height)); first differing byte \(firstDifference.map(String.init) ?? "none")"
    )
  }
}

/// ``fuzzPNG(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzPNG(_ buffer: UnsafeRawBufferPointer) {
  fuzzPNG([UInt8](buffer))
}

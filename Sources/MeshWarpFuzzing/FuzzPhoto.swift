import MeshWarpImageIO

/// Fuzz entries for JPEG, WebP, GIF, TIFF and HEIF (HEIC, AVIF) decoding.
///
/// Each decodes `bytes` with its decoder (refusing more than
/// ``FuzzLimits/pngMaxPixels``); when that succeeds, the image must have
/// the size it says, and a lossless re-encode (PNG) must decode back to the
/// same pixels. The front ``ImageDecoder`` (format detection) sees the same
/// bytes and must agree with the format decoder on success when it
/// recognises them as that format.
///
/// - Parameter bytes: anything.
/// - Note: traps with a message naming the invariant when one fails: each
///   is a bug.
public func fuzzJPEG(_ bytes: [UInt8]) {
  checkDecoded(
    try? JPEGDecoder.decode(bytes, maxPixels: FuzzLimits.pngMaxPixels), bytes: bytes,
    entry: "fuzzJPEG")
}

/// ``fuzzJPEG(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzJPEG(_ buffer: UnsafeRawBufferPointer) { fuzzJPEG([UInt8](buffer)) }

/// The WebP entry; see ``fuzzJPEG(_:)-([UInt8])``.
public func fuzzWebP(_ bytes: [UInt8]) {
  checkDecoded(
    try? WebPDecoder.decode(bytes, maxPixels: FuzzLimits.pngMaxPixels), bytes: bytes,
    entry: "fuzzWebP")
}

/// ``fuzzWebP(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzWebP(_ buffer: UnsafeRawBufferPointer) { fuzzWebP([UInt8](buffer)) }

private func checkDecoded(_ decoded: DecodedImage?, bytes: [UInt8], entry: String) {
  let front = try? ImageDecoder.decode(bytes: bytes, maxPixels: FuzzLimits.pngMaxPixels)
  guard let decoded else { return }
  let image = decoded.image
  guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height * 4
  else {
    fatalError("\(entry): a \(image.width)×\(image.height) image with \(image.pixels.count) bytes")
  }
  // libwebp also takes a bare VP8/VP8L stream, which detection (RIFF
  // container only) does not claim: compare only what the front recognises.
  if ImageFormat.detect(bytes) == decoded.format {
    guard let front, front.image == image else {
      fatalError("\(entry): the format-detecting front disagrees with the decoder")
    }
  }
  do {
    let png = try PNGEncoder.encode(image, speed: .fast, color: decoded.color)
    guard try PNGDecoder.decode(png, maxPixels: FuzzLimits.pngMaxPixels) == image else {
      fatalError("\(entry): a PNG round trip changed the decoded image")
    }
  } catch {
    fatalError("\(entry): PNG round trip failed: \(error)")
  }
}

/// The GIF entry (giflib, first frame on the logical screen); see
/// ``fuzzJPEG(_:)-([UInt8])``.
public func fuzzGIF(_ bytes: [UInt8]) {
  checkDecoded(
    try? GIFDecoder.decode(bytes, maxPixels: FuzzLimits.pngMaxPixels), bytes: bytes,
    entry: "fuzzGIF")
}

/// ``fuzzGIF(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzGIF(_ buffer: UnsafeRawBufferPointer) { fuzzGIF([UInt8](buffer)) }

/// The TIFF entry (libtiff, first image); see ``fuzzJPEG(_:)-([UInt8])``.
public func fuzzTIFF(_ bytes: [UInt8]) {
  checkDecoded(
    try? TIFFDecoder.decode(bytes, maxPixels: FuzzLimits.pngMaxPixels), bytes: bytes,
    entry: "fuzzTIFF")
}

/// ``fuzzTIFF(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzTIFF(_ buffer: UnsafeRawBufferPointer) { fuzzTIFF([UInt8](buffer)) }

/// The HEIF entry (libheif: HEIC and AVIF, the primary image); see
/// ``fuzzJPEG(_:)-([UInt8])``.
public func fuzzHEIF(_ bytes: [UInt8]) {
  checkDecoded(
    try? HEIFDecoder.decode(
      bytes, format: ImageFormat.detect(bytes) ?? .heic, maxPixels: FuzzLimits.pngMaxPixels),
    bytes: bytes, entry: "fuzzHEIF")
}

/// ``fuzzHEIF(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzHEIF(_ buffer: UnsafeRawBufferPointer) { fuzzHEIF([UInt8](buffer)) }

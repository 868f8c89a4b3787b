import CTurboJPEG

/// Encodes `RGBAImage` to baseline JPEG through libjpeg-turbo's TurboJPEG
/// API: 4:2:0 chroma subsampling (what Pillow and most cameras write), or
/// one grey component; alpha is ignored (composite first, see
/// `ImageEncoder`).
public enum JPEGEncoder {
  /// The default quality, 90: Pillow's and most photo tools' "high".
  public static let defaultQuality = 90

  /// Encodes an image to JPEG bytes.
  ///
  /// - Parameters:
  ///   - image: width and height ≥ 1; alpha is dropped.
  ///   - quality: 1…100 (libjpeg's scale).
  ///   - greyscale: write one grey component (the red channel) instead.
  ///   - iccProfile: written as APP2 segments when given.
  ///   - destination: how errors name the output.
  /// - Throws: `MeshWarpIOError.encodingFailed`.
  public static func encode(
    _ image: RGBAImage, quality: Int = defaultQuality, greyscale: Bool = false,
    iccProfile: [UInt8]? = nil, destination: String = "JPEG data"
  ) throws -> [UInt8] {
    func failure(_ reason: String) -> MeshWarpIOError {
      .encodingFailed(destination: destination, reason: reason)
    }
    guard image.width > 0, image.height > 0 else {
      throw failure("a JPEG must be at least 1×1 (got \(image.width)×\(image.height))")
    }
    guard image.width <= 65535, image.height <= 65535 else {
      throw failure("\(image.width)×\(image.height) is larger than JPEG's 65535×65535")
    }
    guard (1...100).contains(quality) else { throw failure("quality \(quality) is not in 1…100") }
    guard let handle = tjInitCompress() else { throw failure("cannot start libjpeg-turbo") }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let sampling = greyscale ? TJSAMP_GRAY : TJSAMP_420
    let status = image.pixels.withUnsafeBufferPointer {
      tjCompress2(
        handle, $0.baseAddress, Int32(image.width), 0, Int32(image.height),
        Int32(TJPF_RGBA.rawValue), &output, &size, Int32(sampling.rawValue), Int32(quality), 0)
    }
    defer { tjFree(output) }
    guard status == 0, let output else {
      throw failure(tjGetErrorStr2(handle).map { String(cString: $0) } ?? "libjpeg-turbo failed")
    }
    let jpeg = Array(UnsafeBufferPointer(start: output, count: Int(size)))
    guard let iccProfile, !iccProfile.isEmpty else { return jpeg }
    return JPEGMarkers.insertingICCProfile(iccProfile, into: jpeg)
  }
}

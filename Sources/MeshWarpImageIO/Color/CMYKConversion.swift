import CLittleCMS
import MeshWarpFiles
import MeshWarpRender

/// A CMYK picture's samples to sRGB RGBA, in place.
///
/// Through an ICC profile with LittleCMS when there is one: the file's own
/// CMYK profile, else Ghostscript's default CMYK profile (Debian's
/// `libgs-common`), to LittleCMS's sRGB with the perceptual intent (as
/// Pillow's `ImageCms.profileToProfile` converts). Without either, the
/// naive formula R = (255−C)(255−K)/255 (and G, B from M, Y), rounded.
enum CMYKConversion {
  /// Ghostscript's default CMYK profile, as Debian installs it.
  static let defaultProfilePath = "/usr/share/color/icc/ghostscript/default_cmyk.icc"

  /// How the samples were converted.
  enum Method: Equatable {
    /// Through the file's own CMYK profile.
    case embeddedProfile
    /// Through the default profile at ``defaultProfilePath``.
    case defaultProfile
    /// R = (255−C)(255−K)/255: no usable profile.
    case naive
  }

  /// Converts `pixels` (C, M, Y, K a pixel; `inverted`: stored 0 = full
  /// ink, as Adobe's JPEGs with an APP14 segment store them) to opaque
  /// sRGB RGBA, in row bands on `threads` threads (0: every core).
  ///
  /// - Parameters:
  ///   - embedded: the file's ICC profile; used when it is a CMYK one.
  ///   - defaultProfile: read when `embedded` is not usable; nil: the
  ///     naive formula (the tests pass nil to reach it).
  /// - Returns: which profile, if any, was used.
  static func convert(
    _ pixels: inout [UInt8], width: Int, height: Int, inverted: Bool, embedded: [UInt8]?,
    defaultProfile: String? = defaultProfilePath, threads: Int
  ) -> Method {
    if let embedded, ICCProfileSpace(embedded) == .cmyk,
      let transform = transform(embedded, inverted: inverted)
    {
      run(transform, on: &pixels, width: width, height: height, threads: threads)
      return .embeddedProfile
    }
    if let defaultProfile, let bytes = try? FileInput.readBytes(path: defaultProfile),
      let transform = transform(bytes, inverted: inverted)
    {
      run(transform, on: &pixels, width: width, height: height, threads: threads)
      return .defaultProfile
    }
    naive(&pixels, width: width, height: height, inverted: inverted, threads: threads)
    return .naive
  }

  private static func transform(_ profile: [UInt8], inverted: Bool) -> cmsHTRANSFORM? {
    profile.withUnsafeBytes {
      meshwarp_cms_cmyk_to_srgb($0.baseAddress, cmsUInt32Number($0.count), inverted ? 1 : 0)
    }
  }

  /// Runs `transform` (then frees it) over every row, in place, and sets
  /// alpha to 255 (LittleCMS leaves the fourth output byte, which held K).
  private static func run(
    _ transform: cmsHTRANSFORM, on pixels: inout [UInt8], width: Int, height: Int, threads: Int
  ) {
    defer { cmsDeleteTransform(transform) }
    let handle = SharedTransform(raw: transform)
    pixels.withUnsafeMutableBufferPointer { buffer in
      let base = SharedPointer(buffer.baseAddress!)
      forEachRowBand(rows: height, threads: threads, minimumRowsPerBand: 64) { rows in
        let start = base.base + rows.lowerBound * width * 4
        let count = rows.count * width
        cmsDoTransform(handle.raw, start, start, cmsUInt32Number(count))
        for i in 0..<count { start[i * 4 + 3] = 255 }
      }
    }
  }

  /// R = (255−C)(255−K)/255, rounded, and G, B from M, Y.
  private static func naive(
    _ pixels: inout [UInt8], width: Int, height: Int, inverted: Bool, threads: Int
  ) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      let base = SharedPointer(buffer.baseAddress!)
      forEachRowBand(rows: height, threads: threads, minimumRowsPerBand: 64) { rows in
        let p = base.base
        for i in stride(from: rows.lowerBound * width * 4, to: rows.upperBound * width * 4, by: 4) {
          var c = Int(p[i])
          var m = Int(p[i + 1])
          var y = Int(p[i + 2])
          var k = Int(p[i + 3])
          if inverted { (c, m, y, k) = (255 - c, 255 - m, 255 - y, 255 - k) }
          let white = 255 - k
          p[i] = UInt8(((255 - c) * white + 127) / 255)
          p[i + 1] = UInt8(((255 - m) * white + 127) / 255)
          p[i + 2] = UInt8(((255 - y) * white + 127) / 255)
          p[i + 3] = 255
        }
      }
    }
  }
}

/// A LittleCMS transform handed to the row bands' threads: made with
/// `cmsFLAGS_NOCACHE`, it holds no state that a call changes.
struct SharedTransform: @unchecked Sendable {
  let raw: cmsHTRANSFORM
}

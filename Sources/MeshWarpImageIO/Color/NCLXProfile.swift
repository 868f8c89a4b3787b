import CLittleCMS

/// An ICC profile made with LittleCMS for the colour an `nclx` box (HEIF,
/// AVIF; the code points of ITU-T H.273) describes, so that an output
/// written from a HEIC says what its pixels are, as an ICC profile read
/// from the file would.
///
/// The primaries and white point are the box's (libheif decodes them from
/// the H.273 code); the transfer is H.273's: 13 the sRGB curve (IEC
/// 61966-2-1: g 2.4, a 1/1.055, b 0.055/1.055, c 1/12.92, d 0.04045), 1, 6,
/// 14 and 15 the BT.709 curve inverted (g 1/0.45, a 1/1.099, b
/// 0.099/1.099, c 1/4.5, d 0.081), 4 gamma 2.2, 5 gamma 2.8, 8 linear.
/// PQ (16), HLG (18) and the rest have no profile here: the values travel
/// unconverted and the caller says so.
enum NCLXProfile {
  /// The ICC parametric curve (type, parameters) for an H.273 transfer
  /// characteristic, or nil.
  static func curve(transfer: Int) -> (type: Int32, params: [Double], name: String)? {
    switch transfer {
    case 13: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045], "sRGB transfer")
    case 1, 6, 14, 15: (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081], "BT.709 transfer")
    case 4: (1, [2.2], "gamma 2.2")
    case 5: (1, [2.8], "gamma 2.8")
    case 8: (1, [1.0], "linear")
    default: nil
    }
  }

  /// The name of H.273 colour primaries, for the profile's description.
  static func primariesName(_ code: Int) -> String {
    switch code {
    case 1: "BT.709/sRGB primaries"
    case 9: "BT.2020 primaries"
    case 11: "DCI-P3 primaries"
    case 12: "Display P3 primaries"
    default: "H.273 primaries \(code)"
    }
  }

  /// The ICC profile's bytes for white point `white` and primaries
  /// `red`, `green`, `blue` (CIE xy) under H.273 transfer `transfer`, or
  /// nil when the transfer has no curve here or LittleCMS fails.
  static func profile(
    white: (Double, Double), red: (Double, Double), green: (Double, Double),
    blue: (Double, Double), primaries: Int, transfer: Int, description named: String? = nil
  ) -> [UInt8]? {
    guard let curve = curve(transfer: transfer) else { return nil }
    let description = named ?? "\(primariesName(primaries)), \(curve.name) (HEIF nclx)"
    guard
      let profile = curve.params.withUnsafeBufferPointer({ params in
        meshwarp_cms_rgb_profile(
          white.0, white.1, red.0, red.1, green.0, green.1, blue.0, blue.1, curve.type,
          params.baseAddress, description)
      })
    else { return nil }
    defer { cmsCloseProfile(profile) }
    var size: cmsUInt32Number = 0
    guard cmsSaveProfileToMem(profile, nil, &size) != 0, size > 0 else { return nil }
    var bytes = [UInt8](repeating: 0, count: Int(size))
    guard cmsSaveProfileToMem(profile, &bytes, &size) != 0 else { return nil }
    return Array(bytes.prefix(Int(size)))
  }
}

extension ColorDescription {
  /// Display P3: DCI-P3 primaries, the D65 white point and the sRGB curve
  /// (H.273 primaries 12, transfer 13), as an ICC profile LittleCMS makes;
  /// what Apple's displays and `Color(.displayP3, …)` use.
  public static let displayP3 = ColorDescription(
    iccProfile: NCLXProfile.profile(
      white: (0.3127, 0.3290), red: (0.680, 0.320), green: (0.265, 0.690), blue: (0.150, 0.060),
      primaries: 12, transfer: 13, description: "Display P3"))
}

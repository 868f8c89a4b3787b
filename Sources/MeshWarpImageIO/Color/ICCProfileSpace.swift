/// The colour space an ICC profile's pixels are in: the 4-byte signature at
/// bytes 16–19 of its 128-byte header (ICC.1:2022 §7.2.6: `RGB `, `GRAY`,
/// `CMYK`, …; the header is recognised by `acsp` at bytes 36–39, §7.2.9),
/// which decides whether the profile may travel with a picture's pixels.
enum ICCProfileSpace: Equatable {
  /// `RGB `: describes red, green and blue samples.
  case rgb
  /// `GRAY`: describes one grey sample.
  case gray
  /// `CMYK`: describes four ink samples.
  case cmyk
  /// Any other signature (`Lab `, `YCbr`, n-colour …).
  case other

  /// The space of `profile`'s header; nil when the bytes do not start
  /// with an ICC header.
  init?(_ profile: [UInt8]) {
    guard profile.count >= 128, profile[36..<40].elementsEqual("acsp".utf8) else { return nil }
    switch String(decoding: profile[16..<20], as: UTF8.self) {
    case "RGB ": self = .rgb
    case "GRAY": self = .gray
    case "CMYK": self = .cmyk
    default: self = .other
    }
  }
}

extension ColorDescription {
  /// This description for an output whose pixels are grey (`gray`) or RGB:
  /// an ICC profile of another colour space (a CMYK profile, a grey
  /// profile on RGB pixels, an RGB one on grey) is left out, since
  /// colour-managed readers reject it; the rest is kept, and so are bytes
  /// that are no ICC header (nothing says what they describe).
  func fitting(gray: Bool) -> ColorDescription {
    guard let profile = iccProfile, let space = ICCProfileSpace(profile),
      space != (gray ? .gray : .rgb)
    else { return self }
    var fitted = self
    fitted.iccProfile = nil
    return fitted
  }
}

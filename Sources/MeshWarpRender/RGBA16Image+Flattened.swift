extension RGBA16Image {
  /// The image composited over an opaque `background` (straight alpha,
  /// values as encoded): c·a + b·(1 − a) per value with a = alpha / 65535,
  /// rounded to nearest, alpha 65535; the image itself when `background`
  /// is nil or the image is opaque. (The deep counterpart of the 8-bit
  /// `flattened(over:)`, for outputs without alpha.)
  package func flattened(over background: RGBA16?) -> RGBA16Image {
    guard let background, !isOpaque else { return self }
    var out = self
    let under = [UInt32(background.r), UInt32(background.g), UInt32(background.b)]
    out.pixels.withUnsafeMutableBufferPointer { values in
      var i = 0
      while i < values.count {
        let a = UInt32(values[i + 3])
        for c in 0..<3 {
          let mixed = UInt64(values[i + c]) * UInt64(a) + UInt64(under[c]) * UInt64(65535 - a)
          values[i + c] = UInt16((mixed + 32767) / 65535)
        }
        values[i + 3] = 65535
        i += 4
      }
    }
    return out
  }
}

/// Colours written as text, the one parser for every place a colour is read:
/// gradient JSON, keyframe files and the command line's colour flags.
extension GradientColor {
  /// The forms ``init(text:)`` reads, for messages.
  public static let textForms = "#RGB, #RRGGBB, #RRGGBBAA, transparent, black or white"

  /// Reads `#RGB`, `#RRGGBB` or `#RRGGBBAA` (hexadecimal sRGB-encoded 8-bit
  /// components, straight alpha; `#RGB` means `#RRGGBB` with each digit
  /// doubled; the `#` may be left out of the longer forms, not of `#RGB`,
  /// so that words like "bad" are no colours) or one of the words `transparent`
  /// (also `clear`, `none`), `black` and `white`, ignoring case.
  ///
  /// Components come out as `digits / 255`, so 8-bit values survive a round
  /// trip exactly (``rgba8``).
  ///
  /// - Returns: nil for anything else.
  public init?(text: String) {
    switch text.lowercased() {
    case "transparent", "clear", "none":
      self = .clear
      return
    case "black":
      self = .black
      return
    case "white":
      self = .white
      return
    default: break
    }
    var digits = Array(text.hasPrefix("#") ? text.utf8.dropFirst() : text.utf8[...])
    guard digits.allSatisfy({ Self.hexValue($0) != nil }) else { return nil }
    switch digits.count {
    case 3 where text.hasPrefix("#"): digits = digits.flatMap { [$0, $0] } + Array("ff".utf8)
    case 6: digits += Array("ff".utf8)
    case 8: break
    default: return nil
    }
    var components: [Double] = []
    for i in stride(from: 0, to: 8, by: 2) {
      let value = Self.hexValue(digits[i])! * 16 + Self.hexValue(digits[i + 1])!
      components.append(Double(value) / 255)
    }
    self.init(red: components[0], green: components[1], blue: components[2], alpha: components[3])
  }

  /// The components as 8-bit values (red, green, blue, alpha), each clamped
  /// to 0…1 and rounded to the nearest of 0…255.
  public var rgba8: SIMD4<UInt8> {
    func byte(_ v: Double) -> UInt8 { UInt8((min(max(v.isNaN ? 0 : v, 0), 1) * 255).rounded()) }
    return SIMD4(byte(red), byte(green), byte(blue), byte(alpha))
  }

  /// `#RRGGBB` (or `#RRGGBBAA` when not opaque) of ``rgba8``.
  public var hexText: String {
    let c = rgba8
    let values = c.w == 255 ? [c.x, c.y, c.z] : [c.x, c.y, c.z, c.w]
    let digits = Array("0123456789ABCDEF")
    return "#" + String(values.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] })
  }

  private static func hexValue(_ byte: UInt8) -> Int? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
    default: nil
    }
  }
}

/// A colour of a mesh gradient: red, green, blue and alpha in 0…1,
/// sRGB-encoded (the numbers SwiftUI's `Color(red:green:blue:opacity:)`
/// takes), straight (not premultiplied) alpha.
///
/// Components outside 0…1 are kept (extended range) and clamped when
/// rendered; non-finite components are rejected by
/// ``GradientMesh/validate()``. Decoding from JSON refuses components above
/// 1 (see ``init(from:)``) and reads hex strings (``init(text:)``).
public struct GradientColor: Hashable, Sendable {
  /// Red, sRGB-encoded, 0…1.
  public var red: Double
  /// Green, sRGB-encoded, 0…1.
  public var green: Double
  /// Blue, sRGB-encoded, 0…1.
  public var blue: Double
  /// Opacity, 0 (transparent) … 1 (opaque); straight, not premultiplied.
  public var alpha: Double

  /// A colour from sRGB-encoded components, each 0…1.
  public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
    self.red = red
    self.green = green
    self.blue = blue
    self.alpha = alpha
  }

  /// A colour from a vector (red, green, blue, alpha).
  public init(_ vector: SIMD4<Double>) {
    self.init(red: vector.x, green: vector.y, blue: vector.z, alpha: vector.w)
  }

  /// The components as a vector (red, green, blue, alpha).
  public var vector: SIMD4<Double> { SIMD4(red, green, blue, alpha) }

  /// The components with red, green and blue multiplied by alpha.
  public var premultiplied: SIMD4<Double> {
    SIMD4(red * alpha, green * alpha, blue * alpha, alpha)
  }

  /// Whether every component is a finite number.
  public var isFinite: Bool {
    red.isFinite && green.isFinite && blue.isFinite && alpha.isFinite
  }

  /// Transparent black, SwiftUI's `Color.clear` (MeshGradient's default background).
  public static let clear = GradientColor(red: 0, green: 0, blue: 0, alpha: 0)
  /// Opaque black.
  public static let black = GradientColor(red: 0, green: 0, blue: 0)
  /// Opaque white.
  public static let white = GradientColor(red: 1, green: 1, blue: 1)
}

extension GradientColor: Codable {
  /// Decodes `[r, g, b, a]` or `[r, g, b]` (alpha 1), each component 0…1,
  /// or a string ``init(text:)`` reads (`"#FF8800"`, `"#F80"`,
  /// `"#FF880080"`, `"white"`).
  ///
  /// A component above 1 is an error (it is almost always a 0–255 value,
  /// which would render nearly white); the message names the point (the
  /// coding path's last index) and suggests the hex form.
  public init(from decoder: any Decoder) throws {
    func corrupt(_ message: String) -> DecodingError {
      .dataCorrupted(
        DecodingError.Context(codingPath: decoder.codingPath, debugDescription: message))
    }
    if let single = try? decoder.singleValueContainer(), let text = try? single.decode(String.self)
    {
      guard let color = GradientColor(text: text) else {
        throw corrupt(
          "\"\(text)\" is not a colour: expected \(Self.textForms), or [r, g, b, a] (0…1)")
      }
      self = color
      return
    }
    var container = try decoder.unkeyedContainer()
    var values: [Double] = []
    while !container.isAtEnd { values.append(try container.decode(Double.self)) }
    guard values.count == 3 || values.count == 4 else {
      throw corrupt(
        "a colour has \(plural(values.count, "number")), expected [r, g, b] or [r, g, b, a] (0…1, sRGB-encoded), or \(Self.textForms)"
      )
    }
    if let big = values.first(where: { $0 > 1 }) {
      let owner: String
      if let index = decoder.codingPath.last?.intValue {
        owner = "the colour of point \(index)"
      } else if let key = decoder.codingPath.last?.stringValue {
        owner = "\"\(key)\""
      } else {
        owner = "the colour"
      }
      var hint = "write 0–255 colours in hex, e.g. \"#FF8800\""
      if values.allSatisfy({ $0 >= 0 && $0 <= 255 && $0 == $0.rounded() }) {
        let scaled = values.map { $0 / 255 }
        let color = GradientColor(
          red: scaled[0], green: scaled[1], blue: scaled[2],
          alpha: values.count == 4 ? scaled[3] : 1)
        hint = "if these are 0–255 values, write \"\(color.hexText)\""
      }
      throw corrupt(
        "\(owner) has a component \(Self.number(big)) above 1: components run 0…1 (sRGB-encoded); \(hint)"
      )
    }
    self.init(
      red: values[0], green: values[1], blue: values[2], alpha: values.count == 4 ? values[3] : 1)
  }

  /// `255`, `1.5`: whole numbers without a fraction.
  private static func number(_ value: Double) -> String {
    value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
  }

  /// Encodes `[r, g, b, a]`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.unkeyedContainer()
    try container.encode(contentsOf: [red, green, blue, alpha])
  }
}

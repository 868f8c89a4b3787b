import Foundation
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpText

/// How one command-line value is read: its placeholder, what a valid value
/// is (for errors), and the parse itself.
struct ValueParser<T> {
  var placeholder: String
  /// `a whole number`, `one of transparent, clamp, origin`; empty when any
  /// text will do.
  var expectation: String
  var parse: (String) -> T?
  /// What a shell may offer for the value (completions, man page).
  var completion: ValueCompletion = .none
}

/// What a shell completes for a value: nothing (a number, a size), a file
/// path, or one of a fixed list of words.
enum ValueCompletion: Sendable, Equatable {
  case none
  case paths
  case words([String])
}

extension ValueParser where T: Comparable & ExpressibleByArgument {
  /// The same parser, refusing values outside `range`.
  func `in`(_ range: ClosedRange<T>) -> ValueParser<T> {
    let parse = self.parse
    return ValueParser(
      placeholder: placeholder,
      expectation:
        "\(expectation) from \(range.lowerBound.argumentDescription) to \(range.upperBound.argumentDescription)",
      parse: { text in parse(text).flatMap { range.contains($0) ? $0 : nil } },
      completion: completion)
  }
}

/// A type a command-line value can be.
protocol ExpressibleByArgument {
  static var argumentParser: ValueParser<Self> { get }
  /// The value as a user would type it (for defaults in help).
  var argumentDescription: String { get }
}

extension ExpressibleByArgument {
  var argumentDescription: String { "\(self)" }
}

/// Any text; shells offer file paths, as most text values name files.
extension String: ExpressibleByArgument {
  static var argumentParser: ValueParser<String> {
    ValueParser(placeholder: "VALUE", expectation: "", parse: { $0 }, completion: .paths)
  }
}

extension Int: ExpressibleByArgument {
  static var argumentParser: ValueParser<Int> {
    ValueParser(placeholder: "N", expectation: "a whole number", parse: { Int($0) })
  }
}

extension Double: ExpressibleByArgument {
  static var argumentParser: ValueParser<Double> {
    ValueParser(
      placeholder: "X", expectation: "a number",
      parse: { text in Double(text).flatMap { $0.isFinite ? $0 : nil } })
  }

  /// `600` rather than `600.0`; `0.01` as is.
  var argumentDescription: String {
    self == rounded() && abs(self) < 1e15 ? String(Int(self)) : "\(self)"
  }
}

/// `WIDTHxHEIGHT` in pixels, each side 1…65535 (`800x600`).
struct PixelSize: ExpressibleByArgument, Equatable, Sendable {
  var width: Int
  var height: Int

  static var argumentParser: ValueParser<PixelSize> {
    ValueParser(
      placeholder: "WxH",
      expectation: "WIDTHxHEIGHT in pixels, each side 1 to 65535 (e.g. 800x600)",
      parse: { text in
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          (1...65535).contains(w), (1...65535).contains(h)
        else { return nil }
        return PixelSize(width: w, height: h)
      })
  }

  var argumentDescription: String { "\(width)x\(height)" }
}

/// `X,Y,W,H`: a rectangle in canvas pixels, every value finite.
struct CanvasRect: ExpressibleByArgument, Sendable {
  var rect: CGRect

  static var argumentParser: ValueParser<CanvasRect> {
    ValueParser(
      placeholder: "X,Y,W,H", expectation: "X,Y,W,H in canvas pixels (e.g. 0,0,400,300)",
      parse: { text in
        let parts = text.split(separator: ",").map {
          Double($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let w = parts[2],
          let h = parts[3], [x, y, w, h].allSatisfy(\.isFinite)
        else { return nil }
        return CanvasRect(rect: CGRect(x: x, y: y, width: w, height: h))
      })
  }
}

/// A value out of a fixed list of words (an enum).
protocol ArgumentChoices: ExpressibleByArgument {
  /// Each word and its value, in the order help lists them.
  static var choices: [(word: String, value: Self)] { get }
  /// Other words accepted for a value, not listed.
  static var synonyms: [(word: String, value: Self)] { get }
}

extension ArgumentChoices {
  static var synonyms: [(word: String, value: Self)] { [] }

  static var argumentParser: ValueParser<Self> {
    let words = choices.map(\.word)
    return ValueParser(
      placeholder: words.joined(separator: "|"),
      expectation: "one of " + words.joined(separator: ", "),
      parse: { text in (choices + synonyms).first { $0.word == text }?.value },
      completion: .words(words))
  }
}

extension ArgumentChoices where Self: Equatable {
  var argumentDescription: String { Self.choices.first { $0.value == self }?.word ?? "\(self)" }
}

extension ArgumentChoices where Self: CaseIterable & RawRepresentable, RawValue == String {
  static var choices: [(word: String, value: Self)] { allCases.map { ($0.rawValue, $0) } }
}

extension EdgePolicy: ArgumentChoices {}
extension GenieEdge: ArgumentChoices {}
extension GradientPreset: ArgumentChoices {}
extension JPEGEncoder.ChromaSubsampling: ArgumentChoices {
  /// The ratios as written with colons.
  static var synonyms: [(word: String, value: Self)] {
    [("4:4:4", .chroma444), ("4:2:2", .chroma422), ("4:2:0", .chroma420)]
  }
}

extension FontWidth: ArgumentChoices {
  static var choices: [(word: String, value: FontWidth)] {
    [("expanded", .expanded), ("standard", .standard)]
  }
}

extension LineAlignment: ArgumentChoices {
  static var choices: [(word: String, value: LineAlignment)] {
    [("leading", .leading), ("center", .center), ("trailing", .trailing)]
  }
  static var synonyms: [(word: String, value: LineAlignment)] {
    [("left", .leading), ("centre", .center), ("right", .trailing)]
  }
}

extension MinificationQuality: ArgumentChoices {
  static var choices: [(word: String, value: MinificationQuality)] {
    [("draft", .off), ("standard", .standard), ("high", .high)]
  }
  static var synonyms: [(word: String, value: MinificationQuality)] { [("off", .off)] }
}

/// A colour: `#RGB`, `#RRGGBB`, `#RRGGBBAA`, `transparent`, `black` or
/// `white`, read by the one colour parser, `GradientColor(text:)`.
struct ArgumentColor: ExpressibleByArgument, Sendable {
  var rgba: RGBA8
  var text: String

  static var argumentParser: ValueParser<ArgumentColor> {
    ValueParser(
      placeholder: "COLOR", expectation: GradientColor.textForms,
      parse: { text in parse(text).map { ArgumentColor(rgba: $0, text: text) } })
  }

  var argumentDescription: String { text }

  static func parse(_ text: String) -> RGBA8? {
    guard let c = GradientColor(text: text)?.rgba8 else { return nil }
    return RGBA8(c.x, c.y, c.z, c.w)
  }
}

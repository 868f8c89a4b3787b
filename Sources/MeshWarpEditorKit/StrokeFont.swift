import MeshWarpCore
import MeshWarpRender

/// A tiny vector font of straight strokes, enough for the demo's labels and
/// key help without a font file: A–Z, 0–9, space and `- . , : / ( ) + = ×`.
/// Lower-case letters draw as capitals; other characters as a box.
///
/// Glyphs live on a grid 4 units wide and 6 high (y down, the baseline at 6);
/// the advance is 6 units. Each glyph is a list of polylines written as
/// "x y" digit pairs, polylines separated by `|` (our own design).
package enum StrokeFont {
  /// Grid units per glyph cell height (the cap height).
  package static let capUnits = 6.0
  /// Advance per character, in grid units.
  package static let advanceUnits = 6.0

  static let glyphSource: [Character: String] = [
    "A": "06 02 20 42 46|03 43",
    "[": "30 10 16 36",
    "]": "10 30 36 16",
    "B": "06 00 30 41 42 33 03|33 44 45 36 06",
    "C": "41 30 10 01 05 16 36 45",
    "D": "00 30 41 45 36 06 00",
    "E": "40 00 06 46|03 33",
    "F": "40 00 06|03 33",
    "G": "41 30 10 01 05 16 36 45 43 23",
    "H": "00 06|40 46|03 43",
    "I": "10 30|20 26|16 36",
    "J": "40 45 36 16 05",
    "K": "00 06|40 04|22 46",
    "L": "00 06 46",
    "M": "06 00 23 40 46",
    "N": "06 00 46 40",
    "O": "10 30 41 45 36 16 05 01 10",
    "P": "06 00 30 41 42 33 03",
    "Q": "10 30 41 45 36 16 05 01 10|24 46",
    "R": "06 00 30 41 42 33 03|23 46",
    "S": "41 30 10 01 02 13 33 44 45 36 16 05",
    "T": "00 40|20 26",
    "U": "00 05 16 36 45 40",
    "V": "00 26 40",
    "W": "00 16 23 36 40",
    "X": "00 46|40 06",
    "Y": "00 23 40|23 26",
    "Z": "00 40 06 46",
    "0": "10 30 41 45 36 16 05 01 10|41 05",
    "1": "11 20 26|16 36",
    "2": "01 10 30 41 42 06 46",
    "3": "01 10 30 41 42 33 13|33 44 45 36 16 05",
    "4": "36 30 04 44",
    "5": "40 00 03 33 44 45 36 06",
    "6": "41 30 10 01 05 16 36 45 44 33 03",
    "7": "00 40 16",
    "8": "10 30 41 42 33 13 02 01 10|13 04 05 16 36 45 44 33",
    "9": "43 13 02 01 10 30 41 45 36 16",
    "-": "13 33",
    ".": "25 26",
    ",": "25 16",
    ":": "21 22|24 25",
    "/": "06 40",
    "(": "30 21 25 36",
    ")": "10 21 25 16",
    "+": "03 43|21 25",
    "=": "02 42|04 44",
    "×": "12 34|32 14",
    " ": "",
  ]

  /// Strokes per character, in grid units, parsed once.
  static let glyphs: [Character: [[Vector2]]] = glyphSource.mapValues { source in
    source.split(separator: "|").map { line in
      line.split(separator: " ").map { pair in
        let digits = Array(pair)
        return Vector2(Double(String(digits[0]))!, Double(String(digits[1]))!)
      }
    }
  }

  static let unknownGlyph: [[Vector2]] = [
    [Vector2(0, 0), Vector2(4, 0), Vector2(4, 6), Vector2(0, 6), Vector2(0, 0)]
  ]

  /// The strokes of `character` in grid units.
  static func strokes(_ character: Character) -> [[Vector2]] {
    let upper = Character(character.uppercased())
    return glyphs[upper] ?? unknownGlyph
  }

  /// The width in pixels of `text` drawn with cap height `capHeight`.
  package static func width(of text: String, capHeight: Double) -> Double {
    let scale = capHeight / capUnits
    return max(Double(text.count) * advanceUnits - 2, 0) * scale
  }
}

extension RGBAImage {
  /// Draws `text` in ``StrokeFont`` with its top-left corner at `origin`
  /// (window pixels), capitals `capHeight` pixels tall, strokes `thickness`
  /// pixels wide (anti-aliased, see ``RGBAImage/drawLine(from:to:thickness:color:)``).
  package mutating func drawText(
    _ text: String, at origin: Vector2, capHeight: Double, thickness: Double? = nil,
    color: RGBA8
  ) {
    let scale = capHeight / StrokeFont.capUnits
    let width = thickness ?? max(1.2, capHeight / 9)
    var pen = origin
    for character in text {
      for line in StrokeFont.strokes(character) {
        if line.count == 1 {
          fillCircle(centre: pen + line[0] * scale, radius: width / 2, color: color)
        }
        for k in 1..<max(line.count, 1) where line.count > 1 {
          drawLine(
            from: pen + line[k - 1] * scale, to: pen + line[k] * scale, thickness: width,
            color: color)
        }
      }
      pen.x += StrokeFont.advanceUnits * scale
    }
  }
}

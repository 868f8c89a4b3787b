import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpImageIO
import MeshWarpRender
import MeshWarpText

// The library's types as command-line values: the words of its enums, its
// colours, and canvas rectangles (MeshWarpArguments reads what knows no
// domain: numbers, text, sizes).

extension EdgePolicy: ArgumentChoices {}
extension GenieEdge: ArgumentChoices {}
extension GradientPreset: ArgumentChoices {}
extension JPEGEncoder.ChromaSubsampling: ArgumentChoices {
  /// The ratios as written with colons.
  package static var synonyms: [(word: String, value: Self)] {
    [("4:4:4", .chroma444), ("4:2:2", .chroma422), ("4:2:0", .chroma420)]
  }
}

extension TIFFEncoder.Compression: ArgumentChoices {
  /// ImageMagick's word for Deflate.
  package static var synonyms: [(word: String, value: Self)] { [("zip", .deflate)] }
}

extension FontWidth: ArgumentChoices {
  package static var choices: [(word: String, value: FontWidth)] {
    [("expanded", .expanded), ("standard", .standard)]
  }
}

extension LineAlignment: ArgumentChoices {
  package static var choices: [(word: String, value: LineAlignment)] {
    [("leading", .leading), ("center", .center), ("trailing", .trailing)]
  }
  package static var synonyms: [(word: String, value: LineAlignment)] {
    [("left", .leading), ("centre", .center), ("right", .trailing)]
  }
}

extension MinificationQuality: ArgumentChoices {
  package static var choices: [(word: String, value: MinificationQuality)] {
    [("draft", .off), ("standard", .standard), ("high", .high)]
  }
  package static var synonyms: [(word: String, value: MinificationQuality)] { [("off", .off)] }
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

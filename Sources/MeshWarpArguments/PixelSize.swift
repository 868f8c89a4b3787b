/// `WIDTHxHEIGHT` in pixels (`800x600`, `800X600`): the one reader of sizes
/// that both tools use, the editor's window as `meshwarp`'s outputs.
package struct PixelSize: ExpressibleByArgument, Equatable, Sendable {
  package var width: Int
  package var height: Int

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// Each side 1…65535 (`meshwarp`'s sizes).
  package static var argumentParser: ValueParser<PixelSize> { parser(sides: 1...65535) }

  /// `WxH` with each side within `sides`.
  package static func parser(sides: ClosedRange<Int>) -> ValueParser<PixelSize> {
    ValueParser(
      placeholder: "WxH",
      expectation:
        "WIDTHxHEIGHT in pixels, each side \(sides.lowerBound) to \(sides.upperBound) (e.g. 800x600)",
      parse: { text in
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
          sides.contains(w), sides.contains(h)
        else { return nil }
        return PixelSize(width: w, height: h)
      })
  }

  package var argumentDescription: String { "\(width)x\(height)" }
}

import Foundation

/// The pieces of the compact JSON that ``WarpMesh`` and ``MorphDocument``
/// write alike: numbers and lists of points, one grid row a line.
enum CompactJSONText {
  /// `v` as the shortest text that reads back to the same `Double`
  /// (integers without a fraction), or rounded to `decimals` with
  /// trailing zeros dropped.
  static func number(_ v: Double, decimals: Int? = nil) -> String {
    guard let decimals else {
      return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
    var text = String(format: "%.\(decimals)f", v)
    if text.contains(".") {
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
    }
    return text == "-0" ? "0" : text
  }

  /// `[[x, y], …]` with `columns` points a line, indented as a value of
  /// the top-level object.
  static func points(_ list: [CGPoint], columns: Int, decimals: Int? = nil) -> String {
    let rows = stride(from: 0, to: list.count, by: columns).map { start in
      list[start..<min(start + columns, list.count)]
        .map {
          "[\(number(Double($0.x), decimals: decimals)), \(number(Double($0.y), decimals: decimals))]"
        }
        .joined(separator: ", ")
    }
    return "[\n    " + rows.joined(separator: ",\n    ") + "\n  ]"
  }
}

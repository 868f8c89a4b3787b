import Foundation

extension WarpMesh {
  /// The mesh JSON (the form ``WarpMesh``'s `Codable` conformance reads)
  /// written compactly for people: `"columns"`, `"rows"`, `"smooth": true`
  /// when set, then `"from"` and `"to"` with one grid row of points a line
  /// and `"faces"` with one row of cells a line. Numbers are the shortest
  /// text that reads back to the same `Double` (integers without a
  /// fraction), so the file reopens exactly. `meshwarp mesh grid` and the
  /// editor's saves write it.
  ///
  /// - Parameters:
  ///   - shorthand: leave out `"from"` and `"faces"` (the grid shorthand,
  ///     which reads back as the same grid).
  ///   - decimals: write coordinates rounded to this many decimals
  ///     (trailing zeros dropped) instead of exactly; `meshwarp mesh`'s
  ///     effects use 8 (1/1000 px on a 65535 px side).
  ///   - madeFor: the picture size the mesh was made for, written as
  ///     `"width"` and `"height"` (read back into
  ///     ``MeshUnitsReport/madeFor``, so that a picture of another aspect
  ///     is warned about); nil: none.
  /// - Returns: the text, ending in a newline. A mesh without ``grid`` is
  ///   written as one row.
  package func compactJSON(
    shorthand: Bool = false, decimals: Int? = nil, madeFor: (width: Int, height: Int)? = nil
  ) -> String {
    let columns = grid?.columns ?? max(1, pointPairs.count)
    func points(_ list: [CGPoint]) -> String {
      CompactJSONText.points(list, columns: columns, decimals: decimals)
    }
    var lines: [String] = []
    if let madeFor {
      lines += ["  \"width\": \(madeFor.width)", "  \"height\": \(madeFor.height)"]
    }
    if let grid { lines += ["  \"columns\": \(grid.columns)", "  \"rows\": \(grid.rows)"] }
    if smooth { lines.append("  \"smooth\": true") }
    let short = shorthand && grid != nil
    if !short { lines.append("  \"from\": " + points(pointPairs.map(\.from))) }
    lines.append("  \"to\": " + points(pointPairs.map(\.to)))
    if !short {
      let faces = faces.map { "[" + $0.indices.map(String.init).joined(separator: ", ") + "]" }
      let perLine = max(1, columns - 1)
      let faceLines = stride(from: 0, to: faces.count, by: perLine).map {
        faces[$0..<min($0 + perLine, faces.count)].joined(separator: ", ")
      }
      lines.append("  \"faces\": [\n    " + faceLines.joined(separator: ",\n    ") + "\n  ]")
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}

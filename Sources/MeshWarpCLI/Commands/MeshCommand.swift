import Foundation

/// `meshwarp mesh grid 4x4 [--shorthand] [-o m.json]`
struct MeshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "mesh", summary: "Write a starting mesh: the identity grid of C×R points.",
    details: """
      'meshwarp mesh grid 4x4 -o m.json' writes the full form, which every version reads:
      {"columns": 4, "rows": 4, "from": [16 points], "to": [16 points], "faces": [9 faces]},
      one grid row of points a line. Move the "to" points to warp; keep "from" as it is.
      With --shorthand: {"columns": 4, "rows": 4, "to": [16 points]} (the "from" grid and
      the faces are implied). Points are row-major, normalized: (0,0) top-left, (1,1)
      bottom-right. Check a mesh with 'meshwarp validate'; warp with 'meshwarp warp'.
      """)

  @Argument(placeholder: "KIND", help: "What to write: grid.") var kind: MeshKind
  @Argument(placeholder: "CxR", help: "Columns × rows of points, 2 to 4096 each (e.g. 4x4).")
  var gridSize: GridSize
  @Flag(help: "Write only \"columns\", \"rows\" and \"to\" (the grid shorthand).")
  var shorthand: Bool
  @OptionGroup var output = OutputOptions(
    placeholder: "FILE", help: "Where to write.", default: StandardOutput.path,
    defaultHelp: "stdout")

  func run(console: Console) throws {
    let mesh = WarpMesh.identity(columns: gridSize.columns, rows: gridSize.rows)
    let text = Self.json(mesh, columns: gridSize.columns, shorthand: shorthand)
    try output.write(Array(text.utf8), console: console)
    if !output.isStandardOutput {
      console.error(
        "wrote \(output.output) (\(gridSize.columns)x\(gridSize.rows) identity grid\(shorthand ? ", shorthand" : ""))"
      )
    }
  }

  /// The mesh as JSON, one row of `columns` points a line.
  static func json(_ mesh: WarpMesh, columns: Int, shorthand: Bool) -> String {
    func number(_ v: Double) -> String {
      v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : "\(v)"
    }
    func points(_ list: [CGPoint]) -> String {
      let rows = stride(from: 0, to: list.count, by: columns).map { start in
        list[start..<min(start + columns, list.count)]
          .map { "[\(number(Double($0.x))), \(number(Double($0.y)))]" }
          .joined(separator: ", ")
      }
      return "[\n    " + rows.joined(separator: ",\n    ") + "\n  ]"
    }
    let grid = mesh.grid!
    var lines = ["  \"columns\": \(grid.columns)", "  \"rows\": \(grid.rows)"]
    if !shorthand { lines.append("  \"from\": " + points(mesh.pointPairs.map(\.from))) }
    lines.append("  \"to\": " + points(mesh.pointPairs.map(\.to)))
    if !shorthand {
      let faces = mesh.faces.map { "[" + $0.indices.map(String.init).joined(separator: ", ") + "]" }
      let perLine = max(1, columns - 1)
      let faceLines = stride(from: 0, to: faces.count, by: perLine).map {
        faces[$0..<min($0 + perLine, faces.count)].joined(separator: ", ")
      }
      lines.append("  \"faces\": [\n    " + faceLines.joined(separator: ",\n    ") + "\n  ]")
    }
    return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
  }
}

/// `mesh`'s kinds of starting mesh.
enum MeshKind: String, CaseIterable, ArgumentChoices {
  case grid
}

/// `CxR`: columns × rows of grid points, each 2…4096 (the grid
/// shorthand's limits).
struct GridSize: ExpressibleByArgument, Sendable {
  var columns: Int
  var rows: Int

  static var argumentParser: ValueParser<GridSize> {
    ValueParser(
      placeholder: "CxR", expectation: "COLUMNSxROWS, each 2 to 4096 (e.g. 4x4)",
      parse: { text in
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]),
          (2...4096).contains(c), (2...4096).contains(r)
        else { return nil }
        return GridSize(columns: c, rows: r)
      })
  }

  var argumentDescription: String { "\(columns)x\(rows)" }
}

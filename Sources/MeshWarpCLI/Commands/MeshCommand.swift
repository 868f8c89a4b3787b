import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpFiles

/// `meshwarp mesh grid 4x4 [--shorthand] [-o m.json]`, or
/// `meshwarp mesh EFFECT [parameters] --size WxH [-o m.json]`.
struct MeshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "mesh",
    summary:
      "Write a starting mesh: the identity grid of C×R points, or an effect (twirl, bulge, ripple, wave, lens).",
    details: """
      'meshwarp mesh grid 4x4 -o m.json' writes the full form, which every version reads:
      {"columns": 4, "rows": 4, "from": [16 points], "to": [16 points], "faces": [9 faces]},
      one grid row of points a line. Move the "to" points to warp; keep "from" as it is.
      With --shorthand: {"columns": 4, "rows": 4, "to": [16 points]} (the "from" grid and
      the faces are implied). Points are row-major, normalized: (0,0) top-left, (1,1)
      bottom-right. Check a mesh with 'meshwarp validate'; warp with 'meshwarp warp'.

      'meshwarp mesh twirl --angle 90 --size 640x480 -o m.json' writes an effect's mesh for that
      size, dense enough to stay within --tolerance pixels of its formula (Documentation/Effects.md
      has the formulas). A parameter given as a range A:B with --duration (and --fps) writes a
      keyframe file instead, e.g. 'meshwarp mesh ripple --amplitude 0.01 --wavelength 0.1
      --phase 0:6.283 --duration 1 --fps 10 --size 256x256 -o ripple.json', played by
      'meshwarp warp photo.png --mesh ripple.json --fps 10 -o ripple.apng'. Parameters that fold
      the picture are refused, naming the limit.
      """,
    examples: [
      (
        "A 4 × 4 identity grid to edit (move its \"to\" points):",
        "meshwarp mesh grid 4x4 -o mesh.json"
      ),
      (
        "A twirl of 90° for a 640 × 480 picture:",
        "meshwarp mesh twirl --angle 90 --size 640x480 -o twirl.json"
      ),
      (
        "Lens correction from an OpenCV calibration file, cropped to pixels the photo covers:",
        "meshwarp mesh lens --calibration calib.yaml --alpha 0 --size 1920x1080 -o lens.json"
      ),
    ])

  @Argument(placeholder: "KIND", help: "What to write: grid, twirl, bulge, ripple, wave or lens.")
  var kind: MeshKind
  @Argument(
    placeholder: "CxR",
    help:
      "grid: columns × rows of points, 2 to 4096 each and 2097152 (1448x1448) in all (e.g. 4x4).")
  var givenGridSize: GridSize?
  @Flag(help: "Write only \"columns\", \"rows\" and \"to\" (the grid shorthand).")
  var shorthand: Bool
  @OptionGroup var output = OutputOptions(
    placeholder: "FILE", help: "Where to write.", default: StandardOutput.path,
    defaultHelp: "stdout")
  @OptionGroup var size = SizeOptions(help: "An effect's picture size in pixels (required).")
  @OptionGroup var effect: EffectOptions
  @OptionGroup var animation = AnimationOptions(
    durationHelp: "Seconds over which ranges A:B animate: writes a keyframe file.",
    duration: nil, durationRange: 0.01...600, fps: 30, fpsRange: 0.1...240)

  func validate() throws {
    if kind == .grid {
      guard let grid = givenGridSize else {
        throw CLIError.usage("mesh grid needs its size CxR (e.g. 'meshwarp mesh grid 4x4')")
      }
      // The limit every command reads meshes under: refused here, before
      // writing a file nothing would read back.
      guard grid.columns * grid.rows <= WarpMesh.maximumPointCount else {
        throw CLIError.usage(
          "a \(grid.argumentDescription) grid has \(grid.columns * grid.rows) points, more than the \(WarpMesh.maximumPointCount) a mesh may hold (e.g. 1448x1448)"
        )
      }
      if let flag = effect.given.first(where: { $0.givenAs != nil })?.givenAs
        ?? effect.$tolerance.givenAs ?? (size.size != nil ? "--size" : nil)
        ?? animation.given.first
      {
        throw CLIError.usage("\(flag) is for effects, not for a grid")
      }
      return
    }
    if let grid = givenGridSize {
      throw CLIError.usage(
        "\(kind.rawValue) takes no grid size (\(grid.argumentDescription)); its density follows --tolerance"
      )
    }
    if shorthand { throw CLIError.usage("--shorthand is for grids, not for \(kind.rawValue)") }
    guard size.size != nil else {
      throw CLIError.usage(
        "mesh \(kind.rawValue) needs --size WxH, the picture's size in pixels (e.g. --size 640x480)"
      )
    }
    try effect.check(for: kind.effect!)
    if effect.animates {
      guard animation.duration != nil else {
        throw CLIError.usage(
          "a range A:B animates over --duration S: add --duration (e.g. --duration 1)")
      }
    } else if let given = animation.given.first {
      throw CLIError.usage("\(given) animates a parameter given as a range A:B, and none is")
    }
  }

  func run(console: Console) throws {
    if let kind = kind.effect {
      try writeEffect(kind, console: console)
      return
    }
    let gridSize = givenGridSize!
    let mesh = WarpMesh.identity(columns: gridSize.columns, rows: gridSize.rows)
    let text = mesh.compactJSON(shorthand: shorthand)
    try output.write(Array(text.utf8), console: console)
    if !output.isStandardOutput {
      console.error(
        "wrote \(output.output) (\(gridSize.columns)x\(gridSize.rows) identity grid\(shorthand ? ", shorthand" : ""))"
      )
    }
  }
}

/// `mesh`'s kinds of starting mesh.
enum MeshKind: String, CaseIterable, ArgumentChoices {
  case grid, twirl, bulge, ripple, wave, lens

  /// The effect this kind writes; nil for the grid.
  var effect: MeshEffect.Kind? { MeshEffect.Kind(rawValue: rawValue) }
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

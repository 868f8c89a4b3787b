import Foundation
import MeshWarpArguments
import MeshWarpCore
import MeshWarpFiles

/// `meshwarp mesh grid 4x4 [--shorthand] [-o m.json]`,
/// `meshwarp mesh EFFECT [parameters] [--duration S [--loop]] [-o e.json]`
/// (the effect itself, for any size), or
/// `meshwarp mesh EFFECT [parameters] --size WxH [-o m.json]` (its mesh).
struct MeshCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "mesh",
    summary:
      "Write a starting mesh (the identity grid of C×R points), an effect (twirl, bulge, ripple, wave, lens), an effect's mesh, or a morph document.",
    details: """
      'meshwarp mesh grid 4x4 -o m.json' writes the full form, which every version reads:
      {"columns": 4, "rows": 4, "from": [16 points], "to": [16 points], "faces": [9 faces]},
      one grid row of points a line. Move the "to" points to warp; keep "from" as it is.
      With --shorthand: {"columns": 4, "rows": 4, "to": [16 points]} (the "from" grid and
      the faces are implied). Points are row-major, normalized: (0,0) top-left, (1,1)
      bottom-right. Check a mesh with 'meshwarp validate'; warp with 'meshwarp warp'.
      'meshwarp mesh morph-grid 5x5 -o morph.json' writes an identity morph document,
      {"columns": 5, "rows": 5, "a": [25 points], "b": [25 points]}: move the "b" points onto
      the features of picture B, then 'meshwarp morph A B --points morph.json'.

      'meshwarp mesh twirl --angle 90 -o twirl.json' writes the effect itself, a few bytes:
      {"effect": {"kind": "twirl", "angle": 90, …}}, which 'meshwarp warp IN --mesh twirl.json'
      draws exactly at the input's size, whatever it is (as 'meshwarp warp IN --effect twirl
      --angle 90' does). A parameter given as a range A:B with --duration writes an effect
      keyframe file, e.g. 'meshwarp mesh ripple --amplitude 0.01 --phase 0:6.283 --duration 1
      --loop -o ripple.json' (one period a second, repeated: --loop writes "loop": true).
      With --size WxH it writes the effect's mesh for that size instead, to edit: dense enough
      to stay within --tolerance pixels of its formula, recording the size (a picture of
      another aspect is warned about); with a range, a keyframe file of meshes, one each
      1/--fps s. Documentation/Effects.md has the formulas. Parameters that fold the picture
      are refused, naming the limit (checked at --size, or for an effect at 1024x1024 and again
      at the picture's size when it is drawn).
      """,
    examples: [
      (
        "A 4 × 4 identity grid to edit (move its \"to\" points):",
        "meshwarp mesh grid 4x4 -o mesh.json"
      ),
      (
        "A twirl of 90°, drawn at any picture's size:",
        "meshwarp mesh twirl --angle 90 -o twirl.json"
      ),
      (
        "A ripple whose phase runs one period a second, repeating:",
        "meshwarp mesh ripple --phase 0:6.283 --duration 1 --loop -o ripple.json"
      ),
      (
        "The mesh of a twirl for a 640 × 480 picture, to edit:",
        "meshwarp mesh twirl --angle 90 --size 640x480 -o twirl-mesh.json"
      ),
      (
        "Lens correction from an OpenCV calibration file, cropped to pixels the photo covers:",
        "meshwarp mesh lens --calibration calib.yaml --alpha 0 --size 1920x1080 -o lens.json"
      ),
    ])

  @Argument(
    placeholder: "KIND",
    help: "What to write: grid, twirl, bulge, ripple, wave, lens or morph-grid.")
  var kind: MeshKind
  @Argument(
    placeholder: "CxR",
    help:
      "grid and morph-grid: columns × rows of points, 2 to 4096 each and 2097152 (1448x1448) in all (e.g. 4x4)."
  )
  var givenGridSize: GridSize?
  @Flag(help: "Write only \"columns\", \"rows\" and \"to\" (the grid shorthand).")
  var shorthand: Bool
  @OptionGroup var output = OutputOptions(
    placeholder: "FILE", help: "Where to write.", default: StandardOutput.path,
    defaultHelp: "stdout")
  @OptionGroup var size = SizeOptions(
    help: "Write the effect's mesh for a picture of this size in pixels, instead of the effect.")
  @OptionGroup var effect: EffectOptions
  @Option(
    placeholder: "PX", range: 0.001...100,
    help: "With --size: the largest distance between the mesh and the formula, in pixels.")
  var tolerance: Double = 0.25
  @OptionGroup var animation = AnimationOptions(
    durationHelp:
      "Seconds over which ranges A:B animate: writes a keyframe file (of meshes with --size, one each 1/--fps s).",
    duration: nil, durationRange: 0.01...600, fps: 30, fpsRange: 0.1...240)
  @Flag(
    help:
      "The keyframe file repeats after --duration (\"loop\": true), e.g. a phase range of one period."
  )
  var loop: Bool

  func validate() throws {
    if kind == .grid || kind == .morphGrid {
      guard let grid = givenGridSize else {
        throw CLIError.usage(
          "mesh \(kind.rawValue) needs its size CxR (e.g. 'meshwarp mesh \(kind.rawValue) 4x4')")
      }
      if kind == .morphGrid && shorthand {
        throw CLIError.usage("--shorthand is for grids; a morph-grid is written whole")
      }
      // The limit every command reads meshes under: refused here, before
      // writing a file nothing would read back.
      guard grid.columns * grid.rows <= WarpMesh.maximumPointCount else {
        throw CLIError.usage(
          "a \(grid.argumentDescription) grid has \(grid.columns * grid.rows) points, more than the \(WarpMesh.maximumPointCount) a mesh may hold (e.g. 1448x1448)"
        )
      }
      if let flag = effect.given.first(where: { $0.givenAs != nil })?.givenAs
        ?? $tolerance.givenAs ?? (size.size != nil ? "--size" : nil)
        ?? animation.given.first ?? (loop ? "--loop" : nil)
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
    if size.size == nil, let given = $tolerance.givenAs {
      throw CLIError.usage(
        "\(given) sets the density of an effect's mesh: give --size WxH for a mesh (without it the effect itself is written, drawn exactly)"
      )
    }
    try effect.check(for: kind.effect!)
    if effect.animates {
      guard animation.duration != nil else {
        throw CLIError.usage(
          "a range A:B animates over --duration S: add --duration (e.g. --duration 1)")
      }
      if size.size == nil, animation.fpsGiven {
        throw CLIError.usage(
          "--fps spaces the keyframes of an effect's meshes (with --size); an effect keyframe file animates smoothly at any frame rate: leave out --fps"
        )
      }
    } else if let given = animation.given.first ?? (loop ? "--loop" : nil) {
      throw CLIError.usage("\(given) animates a parameter given as a range A:B, and none is")
    }
  }

  func run(console: Console) throws {
    if let kind = kind.effect {
      try writeEffect(kind, console: console)
      return
    }
    let gridSize = givenGridSize!
    if kind == .morphGrid {
      let morph = MorphDocument.identity(columns: gridSize.columns, rows: gridSize.rows)
      try output.write(Array(morph.compactJSON().utf8), console: console)
      if !output.isStandardOutput {
        console.error(
          "wrote \(output.output) (\(gridSize.columns)x\(gridSize.rows) identity morph: move the \"b\" points)"
        )
      }
      return
    }
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
  case morphGrid = "morph-grid"

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

import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// The plain render leaves the pixels the minification filter rewrites
/// (`MinificationFilter.RerenderedTiles`): the filtered result must be the
/// one drawn with every pixel rendered twice, but for the span shader's
/// interpolation.
@Suite struct RerenderedTilesTests {
  /// The filtered render of `mesh`, the plain render leaving the runs'
  /// pixels or not.
  static func filtered<Image: RenderImage>(
    _ source: Image, mesh: WarpMesh, options: WarpOptions, leaving: Bool
  ) -> (image: Image, runs: Int) {
    let (width, height) = (options.width ?? source.width, options.height ?? source.height)
    var output = Image(uninitializedWidth: width, height: height)
    let covered = OutputCoverage.isComplete(mesh)
    let runs = MinificationFilter.plan(
      mesh: mesh, sourceSize: source.size, width: width, height: height,
      quality: options.minification)
    let rewritten =
      leaving
      ? MinificationFilter.RerenderedTiles(runs: runs) : nil
    WarpRenderer.renderOnce(
      source, mesh: mesh, options: options, covered: covered, leaving: rewritten, into: &output)
    MinificationFilter.refine(
      &output, source: source, mesh: mesh, options: options, covered: covered, runs: runs)
    return (output, runs.count)
  }

  @Test func leavingTheRunsMovesValuesOnlyByInterpolation() throws {
    let source = TestImages.random(width: 240, height: 180, seed: 0x7115, alpha: false)
    var rng = SeededRandom(seed: 0x7115)
    // One quad squeezing the picture (parts filtered, parts not), a mesh
    // shrunk to half (every tile it covers filtered), and random jittered
    // grids (squeezed here and there).
    var meshes = [
      MeshPresets.originalCard,
      RandomMeshes.jitteredGrid(columns: 3, rows: 3, jitter: 0, scale: 0.5, rng: &rng),
    ]
    for scale in [0.6, 1, 1] {
      meshes.append(
        RandomMeshes.jitteredGrid(columns: 9, rows: 7, jitter: 0.06, scale: scale, rng: &rng))
    }
    var compared = 0
    for mesh in meshes {
      for edges in [EdgePolicy.transparent, .color, .unwarped] {
        let options = WarpOptions(
          edges: edges, edgeColor: RGBA8(20, 200, 90, 255), threads: 2)
        let plain = Self.filtered(source, mesh: mesh, options: options, leaving: false)
        let left = Self.filtered(source, mesh: mesh, options: options, leaving: true)
        // The faces' runs are cut where the filter's runs start and end,
        // and a wide face's run is interpolated from exact points at its
        // ends and middles (`WarpSpanShader`, within 1/1024 px): the two
        // taps may lie one 1/256 step apart, which moves a value by up to
        // 2 where the content changes by 255 a pixel (random noise).
        let moved = zip(plain.image.pixels, left.image.pixels).map { abs(Int($0) - Int($1)) }
        #expect(moved.max() ?? 0 <= 2, "\(edges): a value moved by \(moved.max() ?? 0)")
        let differing = moved.filter { $0 > 0 }.count
        #expect(differing * 50 <= moved.count, "\(edges): \(differing) values differ")
        if plain.runs > 0 { compared += 1 }
      }
    }
    #expect(compared >= 6, "too few renders had filtered runs to compare")
  }

  /// The same at 16 bits a value, through the deep sampler, with the 8-bit
  /// test's bounds in 8-bit levels (257 a level): a value moves by at most
  /// 2 levels, and under 2 % of values by a level or more. (Its taps step
  /// by 1/4096 px, so moves of a small part of a level are common: some
  /// 20 % of values, by up to 113, in this render.)
  @Test func leavingTheRunsOfADeepPictureMovesValuesOnlyByInterpolation() throws {
    let source = RGBA16Image(
      TestImages.random(width: 240, height: 180, seed: 0x7116, alpha: false))
    let options = WarpOptions(threads: 2)
    let plain = Self.filtered(
      source, mesh: MeshPresets.originalCard, options: options, leaving: false)
    let left = Self.filtered(
      source, mesh: MeshPresets.originalCard, options: options, leaving: true)
    #expect(plain.runs > 0, "the card filters nothing")
    let moved = zip(plain.image.pixels, left.image.pixels).map { abs(Int($0) - Int($1)) }
    #expect(moved.max() ?? 0 <= 2 * 257, "a value moved by \(moved.max() ?? 0)")
    let levels = moved.filter { $0 >= 257 }.count
    #expect(levels * 50 <= moved.count, "\(levels) values moved by a level or more")
  }

  @Test func keptColumnsAreTheComplementOfTheRuns() throws {
    let runs = [
      MinificationFilter.Run(x: 16, y: 0, width: 32, height: 16, nx: 2, ny: 1),
      MinificationFilter.Run(x: 48, y: 0, width: 16, height: 16, nx: 3, ny: 1),
      MinificationFilter.Run(x: 96, y: 0, width: 4, height: 16, nx: 2, ny: 2),
      MinificationFilter.Run(x: 0, y: 32, width: 100, height: 4, nx: 2, ny: 2),
    ]
    let tiles = try #require(MinificationFilter.RerenderedTiles(runs: runs))
    #expect(tiles.kept(tileRow: 0, width: 100) == [0..<16, 64..<96])
    #expect(tiles.kept(tileRow: 1, width: 100) == [0..<100])
    #expect(tiles.kept(tileRow: 2, width: 100) == [])
    #expect(tiles.kept(tileRow: 9, width: 100) == [0..<100])
    #expect(tiles.touches(0..<8) && !tiles.touches(16..<32) && tiles.touches(30..<33))
    #expect(MinificationFilter.RerenderedTiles(runs: []) == nil)
  }
}

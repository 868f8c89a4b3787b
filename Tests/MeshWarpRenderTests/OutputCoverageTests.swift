import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpRender

/// `OutputCoverage`: meshes with a pinned border skip the edge fill, and
/// still write every pixel.
@Suite struct OutputCoverageTests {
  /// A grid with its border on the unit square (border points slid along
  /// it) and its interior moved by up to `reach` cells: folds from about
  /// 0.5 on.
  static func pinned(columns: Int, rows: Int, reach: Double, random: inout SeededRandom)
    -> WarpMesh
  {
    var mesh = WarpMesh.identity(columns: columns, rows: rows)
    let cell = Vector2(1 / Double(columns - 1), 1 / Double(rows - 1))
    for r in 0..<rows {
      for c in 0..<columns {
        var p = Vector2(mesh[column: c, row: r])
        let d =
          Vector2(
            Double.random(in: -reach...reach, using: &random),
            Double.random(in: -reach...reach, using: &random)) * cell
        let onX = c == 0 || c == columns - 1
        let onY = r == 0 || r == rows - 1
        if !onX && !onY { p += d }
        // Along the border, a third of a cell at most: the order holds.
        let slide = Double.random(in: -1...1, using: &random) / 3
        if onY && !onX { p.x += slide * cell.x }
        if onX && !onY { p.y += slide * cell.y }
        mesh[column: c, row: r] = p.cgPoint
      }
    }
    return mesh
  }

  /// Into a frame full of a sentinel colour the source does not hold:
  /// every pixel is overwritten, for every edge policy, smooth or folded.
  @Test func pinnedMeshesWriteEveryPixel() {
    var random = SeededRandom(seed: 19)
    let source = ImageGenerators.benchmarkPicture(width: 61, height: 47)
    let sentinel: [UInt8] = [1, 2, 3, 4]
    for trial in 0..<60 {
      let reach = [0.2, 0.45, 0.9][trial % 3]
      let mesh = Self.pinned(
        columns: 2 + trial % 7, rows: 2 + (trial / 7) % 5, reach: reach, random: &random)
      #expect(OutputCoverage.isComplete(mesh), "trial \(trial)")
      let policy: EdgePolicy = [.transparent, .unwarped, .color][trial % 3]
      let (w, h) = (53 + trial % 5, 41 + trial % 3)
      var frame = RGBAImage(
        width: w, height: h, pixels: [UInt8]((0..<(w * h)).flatMap { _ in sentinel }))
      WarpRenderer.render(
        source, mesh: mesh,
        options: WarpOptions(width: w, height: h, edges: policy, antialias: 1 + trial % 2),
        into: &frame)
      var left = 0
      for i in stride(from: 0, to: frame.pixels.count, by: 4)
      where Array(frame.pixels[i..<(i + 4)]) == sentinel {
        left += 1
      }
      #expect(left == 0, "trial \(trial) (reach \(reach)): \(left) pixels never written")
    }
  }

  /// The minification filter's runs of a covering mesh skip the fill as
  /// well: each run rendered so equals the run rendered with the fill (a
  /// colour the source does not hold, under `.color`), so no sample of a
  /// run is left unwritten. The source is twice the output, so that the
  /// filter has runs to render.
  @Test func filteredRunsOfPinnedMeshesNeedNoFill() {
    var random = SeededRandom(seed: 23)
    let source = ImageGenerators.benchmarkPicture(width: 120, height: 90)
    var runsChecked = 0
    for trial in 0..<12 {
      let mesh = Self.pinned(
        columns: 2 + trial % 6, rows: 2 + (trial / 6) % 4, reach: [0.2, 0.45, 0.9][trial % 3],
        random: &random)
      let (w, h) = (57 + trial % 4, 43 + trial % 3)
      var options = WarpOptions(width: w, height: h, edges: .color, antialias: 1 + trial % 2)
      options.edgeColor = RGBA8(7, 200, 13, 255)
      let runs = MinificationFilter.plan(
        mesh: mesh, sourceSize: source.size, width: w, height: h,
        quality: options.minification)
      #expect(!runs.isEmpty, "trial \(trial): nothing to filter")
      for run in runs {
        let filled = MinificationFilter.renderRun(
          run, source: source, mesh: mesh, width: w, height: h, options: options)
        let skipped = MinificationFilter.renderRun(
          run, source: source, mesh: mesh, width: w, height: h, options: options, covered: true)
        let differing = zip(filled.pixels, skipped.pixels).count { $0 != $1 }
        #expect(differing == 0, "trial \(trial), run \(run): \(differing) bytes differ")
        runsChecked += 1
      }
    }
    #expect(runsChecked >= 12)
  }

  /// A border point off the border, a face missing or a non-finite point:
  /// the fill stays.
  @Test func otherMeshesKeepTheFill() {
    var random = SeededRandom(seed: 3)
    let good = Self.pinned(columns: 4, rows: 3, reach: 0.3, random: &random)
    #expect(OutputCoverage.isComplete(good))
    var inside = good
    inside[column: 1, row: 0] = CGPoint(x: 0.4, y: 0.01)
    #expect(!OutputCoverage.isComplete(inside))
    var reordered = good
    reordered[column: 1, row: 0] = CGPoint(x: 0.8, y: 0)
    reordered[column: 2, row: 0] = CGPoint(x: 0.3, y: 0)
    #expect(!OutputCoverage.isComplete(reordered))
    var holed = good
    holed.faces.removeLast()
    #expect(!OutputCoverage.isComplete(holed))
    var infinite = good
    infinite.pointPairs[5].from = CGPoint(x: .nan, y: 0.5)
    #expect(!OutputCoverage.isComplete(infinite))
    var plain = good
    plain.grid = nil
    #expect(!OutputCoverage.isComplete(plain))
  }
}

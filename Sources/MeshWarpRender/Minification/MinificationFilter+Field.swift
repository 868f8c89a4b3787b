import MeshWarpCore

extension MinificationFilter {
  /// Re-renders, supersampled, the tiles of `output` (the plain render of
  /// `source` through `warp` with `options`) where the field shrinks the
  /// content: the plan of ``plan(field:width:height:quality:)``, each run
  /// drawn by the field itself through a viewport of the output at
  /// 1/nₓ × 1/n_y px steps. A field covers every pixel, so the runs need
  /// neither the edge policy nor a coverage mask.
  static func refine<Image: RenderImage>(
    _ output: inout Image, source: Image, field warp: FieldWarp, options: WarpOptions,
    sourceOpaque: Bool
  ) {
    let (width, height) = (output.width, output.height)
    let quality = options.minification
    guard quality.isEnabled, width > 0, height > 0, source.width > 0, source.height > 0
    else { return }
    let runs = mergedDown(plan(field: warp, width: width, height: height, quality: quality))
    guard !runs.isEmpty else { return }
    var runOptions = options
    runOptions.threads = 1
    let full = Vector2(Double(width), Double(height))
    resolveRuns(runs, into: &output, threads: options.threads) { [runOptions] run in
      var large = Image(uninitializedWidth: run.width * run.nx, height: run.height * run.ny)
      let viewport = WarpRenderer.Viewport(
        origin: Vector2(Double(run.x), Double(run.y)),
        scale: Vector2(1 / Double(run.nx), 1 / Double(run.ny)), fullSize: full)
      WarpRenderer.renderOnce(
        source, field: warp, options: runOptions, viewport: viewport, sourceOpaque: sourceOpaque,
        into: &large)
      return (large, nil)
    }
  }

  /// The runs to re-render for a field drawn at `width × height`: each
  /// ``tileSize`` tile takes, per axis, the most samples
  /// (``samples(_:_:)``) that the source step per output pixel asks for at
  /// its four corners, the columns of G's Jacobian
  /// (`WarpField.jacobian`, central differences over ±¼ px) in source
  /// pixels per output pixel. Only the tiles that meet the field's active
  /// bounds are measured; the others are the identity, scaled from the
  /// output to the source. A field that nowhere shrinks the content beyond
  /// ``bilinearLimit`` plans no run; a disc effect whose profile
  /// (``DiscProfile/largestStretch``, G's largest singular value at every
  /// node, 2 % added for the stretches between nodes) nowhere reaches it
  /// is not measured at all: a bulge that shrinks nothing costs the filter
  /// nothing.
  static func plan(field warp: FieldWarp, width: Int, height: Int, quality: MinificationQuality)
    -> [Run]
  {
    let tile = tileSize
    let tilesX = (width + tile - 1) / tile
    let tilesY = (height + tile - 1) / tile
    // Source pixels per output pixel along x and y of the field's
    // coordinates.
    let scale = warp.sourceScale * warp.outputToField
    let identity = (nx: samples(scale.x, quality), ny: samples(scale.y, quality))
    var need = [(nx: Int, ny: Int)](repeating: identity, count: tilesX * tilesY)
    // The tiles that meet the active bounds, in output pixels.
    let bounds = warp.field.activeBounds
    let (lo, hi) = (
      Vector2(bounds.x0, bounds.y0) / warp.outputToField,
      Vector2(bounds.x1, bounds.y1) / warp.outputToField
    )
    guard hi.x > lo.x, hi.y > lo.y else { return runs(need: need, width: width, height: height) }
    if let profile = warp.profile {
      let stretch = warp.field.stretch
      let unstretch = max(stretch.x, stretch.y) / min(stretch.x, stretch.y)
      let (toField, toSource) = (warp.outputToField, warp.sourceScale)
      let bound =
        profile.largestStretch * 1.02 * unstretch * max(toField.x, toField.y)
        * max(toSource.x, toSource.y)
      guard samples(bound, quality) > 1 else {
        return runs(need: need, width: width, height: height)
      }
    }
    let tx0 = max(0, Int((lo.x / Double(tile)).rounded(.down)))
    let ty0 = max(0, Int((lo.y / Double(tile)).rounded(.down)))
    let tx1 = min(tilesX - 1, Int((hi.x / Double(tile)).rounded(.up)) - 1)
    let ty1 = min(tilesY - 1, Int((hi.y / Double(tile)).rounded(.up)) - 1)
    guard tx0 <= tx1, ty0 <= ty1 else { return runs(need: need, width: width, height: height) }
    // Sample counts at the corners of those tiles, a row of corners at a
    // time.
    let cornersX = tx1 - tx0 + 2
    var above = [(nx: Int, ny: Int)](repeating: (1, 1), count: cornersX)
    var current = above
    for j in ty0...(ty1 + 1) {
      let y = Double(min(j * tile, height))
      for i in 0..<cornersX {
        let x = Double(min((tx0 + i) * tile, width))
        let (dx, dy) = warp.field.jacobian(Vector2(x, y) * warp.outputToField)
        let mx = dx * warp.outputToField.x * warp.sourceScale
        let my = dy * warp.outputToField.y * warp.sourceScale
        current[i] = (
          samples((mx * mx).sum().squareRoot(), quality),
          samples((my * my).sum().squareRoot(), quality)
        )
      }
      if j > ty0 {
        for i in 0..<(cornersX - 1) {
          let (a, b, c, d) = (above[i], above[i + 1], current[i], current[i + 1])
          need[(j - 1) * tilesX + tx0 + i] = (
            max(a.nx, b.nx, c.nx, d.nx), max(a.ny, b.ny, c.ny, d.ny)
          )
        }
      }
      swap(&above, &current)
    }
    return runs(need: need, width: width, height: height)
  }

  /// `runs` with each run merged into the one above it where both cover
  /// the same columns at the same counts (up to ``maximumRunSamples``): a
  /// field draws any view of itself, so a taller run is the same samples
  /// with less set-up per sample (a wave's runs are whole columns of
  /// tiles, drawn down their columns).
  static func mergedDown(_ runs: [Run]) -> [Run] {
    struct Columns: Hashable {
      var x: Int
      var width: Int
      var nx: Int
      var ny: Int
    }
    var merged: [Run] = []
    var open: [Columns: Int] = [:]
    for run in runs {
      let key = Columns(x: run.x, width: run.width, nx: run.nx, ny: run.ny)
      if let i = open[key], merged[i].y + merged[i].height == run.y,
        (merged[i].height + run.height) * run.ny * run.width * run.nx <= maximumRunSamples
      {
        merged[i].height += run.height
        continue
      }
      open[key] = merged.count
      merged.append(run)
    }
    return merged
  }
}

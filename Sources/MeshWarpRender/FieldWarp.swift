import Foundation
import MeshWarpCore

extension WarpRenderer {
  /// Renders `source` through the exact map of `field`, per output pixel,
  /// with no mesh, into `output` (its storage reused as
  /// ``render(_:mesh:options:into:)`` does).
  ///
  /// Output pixel centre q (pixels, y down) shows the content at
  /// G(q)·(source size / output size), G = `field`'s inverse map
  /// (`WarpField/sourcePoint(at:)`), within 1/64 px: along each row, runs
  /// of pixels take quadratics through exact points of G, checked against
  /// it at interior points and split where they miss by more than 1/128
  /// source px (under 8 px, every pixel is exact); where a row leaves the
  /// effect's disc (G is the identity there) it takes the content's own
  /// row, with no evaluation of G. `field` is made for the output's size
  /// (options' `width` and `height`, default the source's); one made for
  /// another size is stretched to it.
  ///
  /// Every ``WarpOptions`` setting applies: interpolation, address mode
  /// (`clampToZero` shows a lens correction's empty border, as OpenCV
  /// does), output size, supersampling, threads (the result does not
  /// depend on them) and the minification filter, which supersamples the
  /// 16-pixel tiles where G's Jacobian shrinks the content (a pinch's
  /// centre, a strong twirl, a lens's edges). A field gives every output
  /// pixel a content point, so the edge policy, its colour and the
  /// silhouette's anti-aliasing do not apply, nor does `smooth`.
  public static func render(
    _ source: RGBAImage, field: WarpField, options: WarpOptions = WarpOptions(),
    into output: inout RGBAImage
  ) {
    renderField(source, field: field, options: options, into: &output)
  }

  /// ``render(_:field:options:into:)`` at either depth.
  static func renderField<Image: RenderImage>(
    _ source: Image, field: WarpField, options: WarpOptions, into output: inout Image
  ) {
    let width = options.width ?? source.width
    let height = options.height ?? source.height
    let s = min(max(options.supersample, 1), 8)
    let warp = FieldWarp(
      field: field, outputSize: Vector2(Double(width), Double(height)), sourceSize: source.size)
    guard s > 1 else {
      if output.width != width || output.height != height {
        output = Image(uninitializedWidth: width, height: height)
      }
      let opaque = source.isOpaque(threads: options.threads)
      renderOnce(source, field: warp, options: options, sourceOpaque: opaque, into: &output)
      MinificationFilter.refine(
        &output, source: source, field: warp, options: options, sourceOpaque: opaque)
      return
    }
    // s × s samples a pixel: the same field, viewed at 1/s px steps.
    var large = Image(uninitializedWidth: width * s, height: height * s)
    let step = 1 / Double(s)
    renderOnce(
      source, field: warp, options: options,
      viewport: Viewport(scale: Vector2(step, step), fullSize: warp.outputSize), into: &large)
    output = large.downsampled(by: s, threads: options.threads)
  }

  /// Renders every pixel of `output` through `warp`, a view of the full
  /// output (`viewport`; the minification filter's runs and supersampling
  /// look at it in finer steps). `sourceOpaque`, when known, spares the
  /// scan of the source's alpha.
  static func renderOnce<Image: RenderImage>(
    _ source: Image, field warp: FieldWarp, options: WarpOptions,
    viewport: Viewport = Viewport(), sourceOpaque: Bool? = nil, into output: inout Image
  ) {
    let (width, height) = (output.width, output.height)
    guard width > 0, height > 0 else { return }
    draw(
      source, options: options, sourceOpaque: sourceOpaque, into: &output,
      FieldBody(
        warp: warp, width: width, height: height, threads: options.threads, viewport: viewport))
  }
}

/// A field's render through the samplers ``WarpRenderer`` sets up.
private struct FieldBody: ContentRender {
  let warp: FieldWarp
  let width, height, threads: Int
  let viewport: WarpRenderer.Viewport
  func render<Writer: SpanWriter & Sendable, Reader: ContentReader>(
    sampler: Writer, reader: Reader, out: SharedPointer<Reader.Channel>
  ) where Writer.Channel == Reader.Channel {
    warp.render(
      sampler: sampler, texels: reader, width: width, height: height, viewport: viewport,
      threads: threads, out: out)
  }
}

/// An effect's ``WarpField`` drawn per output pixel (see
/// `WarpRenderer.render(_:field:options:into:)`): each row is cut at the
/// effect's disc (outside it G is the identity, a copy of the content's
/// row) and, inside, at the columns where G is not smooth (the disc's
/// centre, where |q − c| has a kink, and the ripple's hole edge); each
/// piece is drawn by ``AdaptiveRow``, the smooth surfaces' adaptive row
/// algorithm. A bulge's or ripple's G is symmetric about the line y = c.y,
/// so each row below it that mirrors one above takes that row's pieces
/// reflected (``RowPieces``), with no solving: half the solves.
///
/// G is solved where ``AdaptiveRow`` asks: read from a ``DiscProfile``
/// (made once a render) for the twirl, bulge and ripple, from the
/// formulas for the lens and a wave along y (one offset a row). A wave
/// along x has its crests a few pixels apart at 1080p, too close for
/// polynomial runs along a row, but moves each column by one offset: its
/// columns are affine runs, drawn down the columns
/// (``renderColumns(sampler:width:height:viewport:threads:out:)``).
/// `FieldWarpTests` measures the sampled points against
/// `WarpField/sourcePoint(at:)` at every pixel (at most 0.0132 px on
/// every effect, sizes and aspects).
struct FieldWarp: Sendable {
  let field: WarpField
  /// The full output's size in pixels.
  let outputSize: Vector2
  /// Field pixels per pixel of the full output ((1, 1) for a field made
  /// for the output's size).
  let outputToField: Vector2
  /// Source pixels per field pixel.
  let sourceScale: Vector2
  /// The twirl's, bulge's and ripple's G, tabulated.
  let profile: DiscProfile?
  /// The profile's intervals and radius (0 without one), read in the
  /// rows without touching its storage.
  let profileIntervals: Int
  let profileRadius: Double

  init(field: WarpField, outputSize: Vector2, sourceSize: Vector2) {
    self.field = field
    self.outputSize = outputSize
    let fieldSize = Vector2(Double(field.width), Double(field.height))
    outputToField = fieldSize / outputSize
    sourceScale = sourceSize / fieldSize
    let profile = field.effect.kind.actsInDisc && field.discRadius > 0 ? DiscProfile(field) : nil
    self.profile = profile
    profileIntervals = profile?.intervals ?? 0
    profileRadius = profile?.radius ?? 0
  }

  /// Whether G is the identity outside a disc around the centre.
  var actsInDisc: Bool { field.effect.kind.actsInDisc }

  /// The field in a box, which the rows reach without copying it (a
  /// `WarpField` read through a pointer was copied at every call).
  final class Box: Sendable {
    let field: WarpField
    init(_ field: WarpField) { self.field = field }
  }

  /// G as the rows solve it: a few numbers and pointers (rows copy it
  /// at every chunk; a copy of the field itself cost a `memcpy` per
  /// chunk), reading the profile's storage and the field in place.
  struct Solver: @unchecked Sendable {
    unowned(unsafe) let box: Box
    let c: Vector2
    let stretch: Vector2
    /// The profile's radius, its storage and intervals (none: 0, nil, 0).
    let radius: Double
    let profile: UnsafePointer<SIMD2<Double>>?
    let intervals: Int
    /// Source pixels per field pixel.
    let sourceScale: Vector2
    /// A lens's model, solved here directly (`WarpField.source`, called
    /// through the box, copied the field at every call: a sixth of a
    /// lens's instructions), and whether it applies the distortion
    /// (`inverse`) or removes it.
    let lens: LensModel?
    let inverse: Bool

    /// G at field point `p` (field pixels), read from the profile where it
    /// has a usable interval, else solved by the field.
    @inline(__always) func source(_ p: Vector2) -> Vector2 {
      if let profile {
        let d = (p - c) * stretch
        let t2 = (d * d).sum()
        guard t2 < radius * radius else { return p }
        if let m = DiscProfile.similarity(t2.squareRoot(), profile, intervals: intervals) {
          return c + Vector2(m.x * d.x - m.y * d.y, m.y * d.x + m.x * d.y) / stretch
        }
      }
      if let lens { return inverse ? lens.undistort(p) : lens.distort(p) }
      return box.field.source(p)
    }
  }

  /// Calls `body` with a ``Solver`` of this field.
  func withSolver<R>(_ body: (Solver) -> R) -> R {
    let box = Box(field)
    let table = profile?.coefficients ?? []
    return withExtendedLifetime(box) {
      table.withUnsafeBufferPointer { table in
        body(
          Solver(
            box: box, c: field.c, stretch: field.stretch, radius: profileRadius,
            profile: table.isEmpty ? nil : table.baseAddress, intervals: profileIntervals,
            sourceScale: sourceScale, lens: field.effect.kind == .lens ? field.lens : nil,
            inverse: field.effect.inverse))
      }
    }
  }

  /// One row of a render as a ``RowMap``: pixel x is field point
  /// (`x0` + x·`dx`, `y`); its source point is G there (`rowOffset` from
  /// it for a wave along y), in source pixels.
  struct Row: RowMap {
    let solver: Solver
    let y: Double
    let x0: Double
    let dx: Double
    let rowOffset: Vector2?

    @inline(__always) func point(_ x: Int) -> Vector2 { Vector2(x0 + Double(x) * dx, y) }

    @inline(__always) func solve(_ x: Int, guess: Vector2) -> RowPoint {
      let p = point(x)
      let g = rowOffset.map { p + $0 } ?? solver.source(p)
      return RowPoint(source: g * solver.sourceScale)
    }

    @inline(__always) func piece(_ parameters: Vector2) -> Int { 0 }

    /// 1/128 source px at the checks leaves every point within 0.0132 px
    /// of G (`FieldWarpTests`; 1/64 asked), and took the ripple from
    /// 106 M to 97 M instructions a 1080p frame against 3/512 (which left
    /// 0.0087 px).
    static var tolerance: Double { 1.0 / 128 }

    /// Cubics from 48 pixels: an effect's shorter chunks that fail a
    /// cubic mostly fail the quadratic too (instructions against 24: the
    /// ripple 8 %, the twirl 6 %, the pinch 2 % fewer; 96 helped the
    /// ripple more and the twirl not at all).
    static var cubicMinimum: Int { 48 }
  }

  /// Render pixel x's field x: `x0` + x·`dx` (`viewport` as in
  /// ``render(sampler:texels:width:height:viewport:threads:out:)``).
  func columns(_ viewport: WarpRenderer.Viewport) -> (x0: Double, dx: Double) {
    (
      (viewport.origin.x + 0.5 * viewport.scale.x) * outputToField.x,
      viewport.scale.x * outputToField.x
    )
  }

  /// Render row y's field y.
  @inline(__always) func fieldY(_ y: Int, _ viewport: WarpRenderer.Viewport) -> Double {
    (viewport.origin.y + (Double(y) + 0.5) * viewport.scale.y) * outputToField.y
  }

  /// Writes every pixel of the `width × height` render `out`, a view of
  /// the full output (`viewport`: render pixel (x, y) is the full output's
  /// point origin + (x + ½, y + ½)·scale), through `sampler`; `texels`
  /// is the source, whose rows the identity's runs copy where they lie on
  /// its texel centres.
  func render<Writer: SpanWriter & Sendable, Texels: TexelRows>(
    sampler: Writer, texels: Texels, width: Int, height: Int,
    viewport: WarpRenderer.Viewport, threads: Int, out: SharedPointer<Writer.Channel>
  ) where Texels.Channel == Writer.Channel {
    guard width > 0 else { return }
    let effect = field.effect
    if effect.kind == .wave && effect.axis == .x {
      return renderColumns(
        sampler: sampler, width: width, height: height, viewport: viewport, threads: threads,
        out: out)
    }
    let (x0, dx) = columns(viewport)
    // A bulge's or ripple's rows below the centre are the rows above it
    // reflected: each pair is solved once (``RowPieces``).
    // Only pairs that name each other: every row is then drawn once.
    let found = mirrorRows(height: height, viewport: viewport)
    let mirrors = found.indices.map { y in found[y].flatMap { found[$0] == y ? $0 : nil } }
    let leaders = (0..<height).filter { y in mirrors[y].map { $0 >= y } ?? true }
    let reflectY = 2 * field.c.y * sourceScale.y
    withSolver { solver in
      // (Shared with the bands' threads, which only read through it.)
      forEachRowBand(rows: leaders.count, threads: threads) { band in
        let pieces = RowPieces()
        @inline(__always) func row(_ y: Int) -> Row {
          let fy = fieldY(y, viewport)
          // A wave along y moves a whole row by one offset.
          let rowOffset =
            effect.kind == .wave ? field.source(Vector2(x0, fy)) - Vector2(x0, fy) : nil
          return Row(solver: solver, y: fy, x0: x0, dx: dx, rowOffset: rowOffset)
        }
        for t in band {
          let y = leaders[t]
          let leader = row(y)
          let target = out.base + y * width * 4
          let columns = activeColumns(leader, width: width)
          identities(leader, columns, width: width, sampler: sampler, texels: texels, out: target)
          guard let j = mirrors[y], j != y else {
            shade(leader, columns, sampler: sampler, out: target)
            continue
          }
          pieces.removeAll()
          shade(
            leader, columns, sampler: RecordingWriter(base: sampler, pieces: pieces, row: target),
            out: target)
          let mirrored = out.base + j * width * 4
          identities(row(j), columns, width: width, sampler: sampler, texels: texels, out: mirrored)
          pieces.writeMirrored(mirror: reflectY, sampler: sampler, row: mirrored)
        }
      }
    }
  }

  /// Columns per block of ``renderColumns(sampler:width:height:viewport:threads:out:)``
  /// (16 pixels: one 64-byte cache line of each output row).
  static let columnBlock = 16

  /// The source points of render column `x` from row `top` down, for a
  /// wave along x: G moves the column by one offset, so they are affine,
  /// start + j·step at row `top` + j.
  func columnRun(x: Int, top: Int, viewport: WarpRenderer.Viewport, offset: Vector2) -> (
    start: Vector2, step: Vector2
  ) {
    let (x0, dx) = columns(viewport)
    let p = Vector2(x0 + Double(x) * dx, fieldY(top, viewport))
    return (
      (p + offset) * sourceScale, Vector2(0, viewport.scale.y * outputToField.y) * sourceScale
    )
  }

  /// A wave along x: its crests are a few pixels apart at 1080p, too close
  /// for polynomial runs along a row, but each column is one affine run
  /// (``columnRun(x:top:viewport:offset:)``, the offset G(q) − q of the
  /// column made once a render). Blocks of ``columnBlock`` columns of each
  /// band are written down the columns into a buffer, then moved into the
  /// rows.
  func renderColumns<Writer: SpanWriter & Sendable>(
    sampler: Writer, width: Int, height: Int, viewport: WarpRenderer.Viewport, threads: Int,
    out: SharedPointer<Writer.Channel>
  ) {
    let (x0, dx) = columns(viewport)
    let offsets = (0..<width).map { x in
      let p = Vector2(x0 + Double(x) * dx, 0)
      return field.source(p) - p
    }
    forEachRowBand(rows: height, threads: threads) { band in
      let rows = band.count
      let block = Self.columnBlock
      var buffer = [Writer.Channel](repeating: 0, count: block * rows * 4)
      buffer.withUnsafeMutableBufferPointer { columnPixels in
        let base = columnPixels.baseAddress!
        for left in stride(from: 0, to: width, by: block) {
          let count = min(block, width - left)
          for k in 0..<count {
            let (start, step) = columnRun(
              x: left + k, top: band.lowerBound, viewport: viewport, offset: offsets[left + k])
            let span = Double(rows - 1)
            sampler.writeQuadratic(
              count: rows, start: start, end: start + step * span, b: step, c: .zero, span: span,
              out: base + k * rows * 4)
          }
          let columns = UnsafeRawPointer(base)
          let pixel = MemoryLayout<SIMD4<Writer.Channel>>.size
          for j in 0..<rows {
            let row = UnsafeMutableRawPointer(out.base + ((band.lowerBound + j) * width + left) * 4)
            for k in 0..<count {
              row.storeBytes(
                of: columns.loadUnaligned(
                  fromByteOffset: (k * rows + j) * pixel, as: SIMD4<Writer.Channel>.self),
                toByteOffset: k * pixel, as: SIMD4<Writer.Channel>.self)
            }
          }
        }
      }
    }
  }

  /// Shades the columns of one row outside `columns` (the row's
  /// ``activeColumns(_:width:)``): identity runs.
  @inline(__always)
  func identities<Writer: SpanWriter, Texels: TexelRows>(
    _ row: Row, _ columns: (Int, Int), width: Int, sampler: Writer, texels: Texels,
    out: UnsafeMutablePointer<Writer.Channel>
  ) where Texels.Channel == Writer.Channel {
    let (first, end) = columns
    identity(row, from: 0, to: first, sampler: sampler, texels: texels, out: out)
    identity(row, from: end, to: width, sampler: sampler, texels: texels, out: out)
  }

  /// Shades one row's `columns` (its ``activeColumns(_:width:)``): the
  /// adaptive rows, cut at the columns where G is not smooth.
  @inline(__always)
  func shade<Writer: SpanWriter>(
    _ row: Row, _ columns: (Int, Int), sampler: Writer, out: UnsafeMutablePointer<Writer.Channel>
  ) {
    let (first, end) = columns
    guard first < end else { return }
    // Cuts, in order: the ripple's hole edge on the left (its ramp ends
    // there with a kink), the centre's column (|q − c| has a kink), the
    // hole edge on the right.
    var (left, centre, right) = (first, first, first)
    if actsInDisc {
      centre = column(crossing: field.c.x, row, first: first, end: end)
      (left, right) = (centre, centre)
      let edge = field.holeRadius > 0 ? min(field.holeRadius + 1, field.discRadius) : 0
      let dy = (row.y - field.c.y) * field.stretch.y
      if edge > abs(dy) {
        let half = (edge * edge - dy * dy).squareRoot() / field.stretch.x
        left = column(crossing: field.c.x - half, row, first: first, end: end)
        right = column(crossing: field.c.x + half, row, first: first, end: end)
      }
    }
    let adaptive = AdaptiveRow(map: row)
    @inline(__always) func piece(_ a: Int, _ b: Int) {
      guard a < b else { return }
      adaptive.shadeRun(
        x: a, count: b - a, sampler: sampler, out: out + a &* 4, guess: { _, _ in .zero },
        solved: { _, _ in })
    }
    piece(first, left)
    piece(left, centre)
    piece(centre, right)
    piece(right, end)
  }

  /// The first column whose field x is at least `x`, within
  /// `first`…`end`.
  @inline(__always)
  func column(crossing x: Double, _ row: Row, first: Int, end: Int) -> Int {
    let c = ((x - row.x0) / row.dx).rounded(.up)
    guard c.isFinite else { return first }
    return Int(min(max(c, Double(first)), Double(end)))
  }

  /// The row's columns `first..<end` where G may differ from the
  /// identity: those whose centres lie inside the disc (|d| < R in
  /// stretched pixels), or every column of a wave or lens.
  @inline(__always)
  func activeColumns(_ row: Row, width: Int) -> (Int, Int) {
    guard actsInDisc else { return (0, width) }
    let dy = (row.y - field.c.y) * field.stretch.y
    let r = field.discRadius
    guard abs(dy) < r else { return (0, 0) }
    let half = (r * r - dy * dy).squareRoot() / field.stretch.x
    // Strictly inside: x0 + x·dx in (c − half, c + half).
    let lo = ((field.c.x - half - row.x0) / row.dx).rounded(.down) + 1
    let hi = ((field.c.x + half - row.x0) / row.dx).rounded(.up)
    let first = Int(min(max(lo, 0), Double(width)))
    let end = Int(min(max(hi, 0), Double(width)))
    return first < end ? (first, end) : (0, 0)
  }

  /// Columns `a..<b` of `row` where G is the identity: the content's own
  /// points, one affine run, or a copy of its texels where they lie on
  /// their centres (what every interpolation returns there).
  @inline(__always)
  func identity<Writer: SpanWriter, Texels: TexelRows>(
    _ row: Row, from a: Int, to b: Int, sampler: Writer, texels: Texels,
    out: UnsafeMutablePointer<Writer.Channel>
  ) where Texels.Channel == Writer.Channel {
    guard b > a else { return }
    let start = row.point(a) * sourceScale
    let step = row.dx * sourceScale.x
    let (tx, ty) = (start.x - 0.5, start.y - 0.5)
    if step == 1, tx == tx.rounded(), ty == ty.rounded(), tx >= 0, ty >= 0,
      tx + Double(b - a) <= Double(texels.width), ty < Double(texels.height)
    {
      let texel = texels.pixels + (Int(ty) * texels.width + Int(tx)) * 4
      (out + a &* 4).update(from: texel, count: (b - a) * 4)
      return
    }
    let span = Double(b - a - 1)
    sampler.writeQuadratic(
      count: b - a, start: start, end: start + Vector2(step * span, 0), b: Vector2(step, 0),
      c: .zero, span: span, out: out + a &* 4)
  }
}

import MeshWarpCore

/// The written pieces of one row, recorded so that the row's mirror image
/// can be written from them with no solving: for a radially symmetric
/// field (bulge, pinch, ripple), G(c + (dx, −dy)) is G(c + (dx, dy))
/// reflected in the line y = c.y, so the row 2c.y − y takes the same
/// pieces with their source points reflected (y ↦ M − y, M = 2c.y in
/// source pixels; a quadratic's y coefficients change sign).
final class RowPieces {
  struct Piece {
    /// Offset in values from the row's first pixel.
    var offset: Int
    /// Pixels of a quadratic run; 0 for a single pixel at `start`.
    var count: Int
    var start: Vector2
    var end: Vector2
    var b: Vector2
    var c: Vector2
    var span: Double
  }

  private(set) var pieces: [Piece] = []

  init() { pieces.reserveCapacity(256) }

  func removeAll() { pieces.removeAll(keepingCapacity: true) }

  func append(_ piece: Piece) { pieces.append(piece) }

  /// Writes every recorded piece through `sampler` into the row at `row`,
  /// its source points reflected about y = `mirror`/2 (source pixels).
  @inline(__always)
  func writeMirrored<Writer: SpanWriter>(
    mirror: Double, sampler: Writer, row: UnsafeMutablePointer<Writer.Channel>
  ) {
    @inline(__always) func reflect(_ p: Vector2) -> Vector2 { Vector2(p.x, mirror - p.y) }
    for piece in pieces {
      let out = row + piece.offset
      if piece.count == 0 {
        sampler.write(at: reflect(piece.start), to: out)
      } else {
        sampler.writeQuadratic(
          count: piece.count, start: reflect(piece.start), end: reflect(piece.end),
          b: Vector2(piece.b.x, -piece.b.y), c: Vector2(piece.c.x, -piece.c.y), span: piece.span,
          out: out)
      }
    }
  }
}

/// A ``SpanWriter`` that writes through `base` and records each piece in
/// `pieces`, offsets taken from `row`.
struct RecordingWriter<Base: SpanWriter>: SpanWriter {
  let base: Base
  let pieces: RowPieces
  let row: UnsafeMutablePointer<Base.Channel>

  @inline(__always) func write(at s: Vector2, to out: UnsafeMutablePointer<Base.Channel>) {
    base.write(at: s, to: out)
    pieces.append(
      RowPieces.Piece(
        offset: out - row, count: 0, start: s, end: s, b: .zero, c: .zero, span: 0))
  }

  @inline(__always) func writeQuadratic(
    count: Int, start: Vector2, end: Vector2, b: Vector2, c: Vector2, span: Double,
    out: UnsafeMutablePointer<Base.Channel>
  ) {
    base.writeQuadratic(count: count, start: start, end: end, b: b, c: c, span: span, out: out)
    pieces.append(
      RowPieces.Piece(
        offset: out - row, count: count, start: start, end: end, b: b, c: c, span: span))
  }
}

extension FieldWarp {
  /// For each render row, the row that is its mirror image about the
  /// centre's line y = c.y (render row j whose field y is 2c.y − y,
  /// within 10⁻⁹ px), or nil: only for the bulge and the ripple, whose G
  /// is symmetric about every line through c, and only where that row
  /// lies in the render.
  func mirrorRows(height: Int, viewport: WarpRenderer.Viewport) -> [Int?] {
    let kind = field.effect.kind
    guard kind == .bulge || kind == .ripple, profile != nil else {
      return [Int?](repeating: nil, count: height)
    }
    return (0..<height).map { i in
      let target = 2 * field.c.y - fieldY(i, viewport)
      let j = ((target / outputToField.y - viewport.origin.y) / viewport.scale.y - 0.5).rounded()
      guard j.isFinite, j >= 0, j < Double(height) else { return nil }
      let row = Int(j)
      return abs(fieldY(row, viewport) - target) <= 1e-9 ? row : nil
    }
  }
}

import MeshWarpCore

/// Draws a `MorphDocument`'s frames: each picture warped to the
/// intermediate points by ``WarpRenderer``, then the two cross-dissolved.
public enum MorphRenderer {
  /// The frame at progress `t`: A warped from `a` to m(t), B from `b` to
  /// m(t) (`MorphDocument/meshes(at:)`), both at the output size, then
  /// ``dissolve(_:_:weight:threads:)`` with d = `MorphDocument/dissolveWeight(at:)`.
  ///
  /// A side whose weight is 0 is not drawn: at t = 0 the frame is A warped
  /// by the identity (A itself where the mesh covers it and the sizes
  /// agree), at t = 1 B likewise.
  ///
  /// - Parameters:
  ///   - morph: the document (run `MorphDocument/validate()` first).
  ///   - t: progress, 0…1.
  ///   - a: picture A; `a` points are normalized to its size.
  ///   - b: picture B, of any size; `b` points are normalized to its size.
  ///   - options: the renderer's settings; `width` and `height` are the
  ///     output's (nil: A's).
  /// - Returns: the frame, straight alpha.
  public static func render(
    _ morph: MorphDocument, at t: Double, a: RGBAImage, b: RGBAImage,
    options: WarpOptions = WarpOptions()
  ) -> RGBAImage {
    var options = options
    options.width = options.width ?? a.width
    options.height = options.height ?? a.height
    let (meshA, meshB) = morph.meshes(at: t)
    let d = morph.dissolveWeight(at: t)
    if d <= 0 { return warp(a, meshA, options) }
    if d >= 1 { return warp(b, meshB, options) }
    return dissolve(
      warp(a, meshA, options), warp(b, meshB, options), weight: d, threads: options.threads)
  }

  /// `source` through `mesh`; the source itself where the mesh is the
  /// identity, covers the output and the sizes agree (what the renderer
  /// would draw, bit for bit: a morph whose two point sets agree is a
  /// plain dissolve).
  static func warp(_ source: RGBAImage, _ mesh: WarpMesh, _ options: WarpOptions) -> RGBAImage {
    if mesh.isIdentity, options.width == source.width, options.height == source.height,
      max(options.supersample, 1) == 1, OutputCoverage.isComplete(mesh)
    {
      return source
    }
    return WarpRenderer.render(source, mesh: mesh, options: options)
  }

  /// The cross-dissolve (1 − d)·A + d·B on premultiplied colour, of two
  /// straight-alpha pictures of one size:
  ///
  ///     α   = (1 − d)·α_A + d·α_B
  ///     c·α = (1 − d)·c_A·α_A + d·c_B·α_B      (each of R, G, B)
  ///
  /// written back as straight alpha (c = (c·α)/α, 0 where α = 0), each
  /// value rounded to nearest. Where both pixels are opaque this is
  /// (1 − d)·c_A + d·c_B, computed with d in 1/65536ths. Premultiplied, a transparent pixel adds no
  /// colour: fading into a hole does not darken or tint the other side.
  /// `d` is clamped to 0…1; d = 0 gives A's bytes, d = 1 B's.
  ///
  /// - Parameters:
  ///   - first: A, straight alpha.
  ///   - second: B, straight alpha, of A's size.
  ///   - weight: d, B's share, 0…1.
  ///   - threads: worker threads (0: every core).
  /// - Precondition: the two pictures have one size.
  public static func dissolve(
    _ first: RGBAImage, _ second: RGBAImage, weight: Double, threads: Int = 0
  ) -> RGBAImage {
    precondition(
      first.width == second.width && first.height == second.height,
      "a dissolve of \(first.width)×\(first.height) and \(second.width)×\(second.height) pictures")
    let d = weight.isNaN ? 0 : min(max(weight, 0), 1)
    if d == 0 { return first }
    if d == 1 { return second }
    var out = first
    let width = first.width
    // B's share in 1/65536ths, for the opaque pixels' integer path.
    let share = Int(d * 65536 + 0.5)
    out.pixels.withUnsafeMutableBufferPointer { outBuffer in
      first.pixels.withUnsafeBufferPointer { aBuffer in
        second.pixels.withUnsafeBufferPointer { bBuffer in
          let o = SharedPointer(outBuffer.baseAddress!)
          let pa = SharedPointer(UnsafeMutablePointer(mutating: aBuffer.baseAddress!))
          let pb = SharedPointer(UnsafeMutablePointer(mutating: bBuffer.baseAddress!))
          forEachRowBand(rows: first.height, threads: threads) { rows in
            let (o, pa, pb) = (o.base, pa.base, pb.base)
            var k = rows.lowerBound &* width &* 4
            let end = rows.upperBound &* width &* 4
            while k < end {
              defer { k &+= 4 }
              if pa[k &+ 3] == 255 && pb[k &+ 3] == 255 {
                // α = 1 on both sides: c = (1 − d)·c_A + d·c_B, rounded.
                for c in 0..<3 {
                  let mixed = Int(pa[k &+ c]) &* (65536 &- share) &+ Int(pb[k &+ c]) &* share
                  o[k &+ c] = UInt8(truncatingIfNeeded: (mixed &+ 32768) &>> 16)
                }
                continue
              }
              let wa = (1 - d) * Double(pa[k + 3])
              let wb = d * Double(pb[k + 3])
              let alpha = wa + wb
              guard alpha > 0 else {
                for c in 0..<4 { o[k + c] = 0 }
                continue
              }
              for c in 0..<3 {
                let value = (wa * Double(pa[k + c]) + wb * Double(pb[k + c])) / alpha
                o[k + c] = UInt8(min(max(value + 0.5, 0), 255))
              }
              o[k + 3] = UInt8(min(max(alpha + 0.5, 0), 255))
            }
          }
        }
      }
    }
    return out
  }
}

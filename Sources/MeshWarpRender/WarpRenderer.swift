/// Warps an image through a mesh on the CPU.
///
/// For every destination pixel centre p inside a warped face: invert that
/// face's bilinear map at p (``QuadInverter``), evaluate the original quad at
/// the same (u, v), and sample the source there (``BilinearSampler``:
/// premultiplied bilinear). Coverage comes from rasterizing each face's two
/// warped triangles once (``TriangleRasterizer``, exact top-left rule), so
/// the cost is O(pixels + faces) whatever the face count, shared edges leave
/// neither gaps nor double cover, and, drawing faces last-to-first, the first
/// face wins where warped faces overlap (the seed shader's order). Pixels
/// crossed by the mesh's outer boundary are then anti-aliased by coverage
/// (``WarpOptions/antialias``). Rows are split into bands across threads; the
/// result does not depend on the thread count.
///
/// The identity mesh (any density, any size) reproduces the source exactly.
public enum WarpRenderer {
  /// Renders `source` warped through `mesh`.
  ///
  /// - Parameters:
  ///   - source: the content; mesh `from` points are normalized to its size.
  ///   - mesh: the warp; `to` points are normalized to the output size. Faces
  ///     with out-of-range indices or non-finite points are skipped (run
  ///     ``WarpMesh/validate()`` first to report them).
  ///   - options: output size, edge policy, anti-aliasing, threads.
  /// - Returns: the warped image, `options.width × options.height`.
  public static func render(
    _ source: RGBAImage, mesh: WarpMesh, options: WarpOptions = WarpOptions()
  ) -> RGBAImage {
    let width = options.width ?? source.width
    let height = options.height ?? source.height
    let s = min(max(options.supersample, 1), 8)
    guard s > 1 else {
      return renderOnce(source, mesh: mesh, width: width, height: height, options: options)
    }
    let large = renderOnce(
      source, mesh: mesh, width: width * s, height: height * s, options: options)
    return large.downsampled(by: s, threads: options.threads)
  }

  /// Per-face data in pixel space.
  struct Face: Sendable {
    var warped: Quad
    var original: Quad
    var shader: WarpSpanShader
    var triangles: (TriangleRasterizer?, TriangleRasterizer?)
  }

  static func renderOnce(
    _ source: RGBAImage, mesh: WarpMesh, width: Int, height: Int, options: WarpOptions
  ) -> RGBAImage {
    var output = RGBAImage(width: width, height: height)
    guard width > 0, height > 0 else { return output }
    let outScale = Vector2(Double(width), Double(height))
    let faceIndices = mesh.faces.indices.filter(mesh.isRenderable)
    let faces: [Face] = faceIndices.map { i in
      let warped = mesh.warpedQuad(i, scale: outScale)
      return Face(
        warped: warped, original: mesh.originalQuad(i, scale: source.size),
        shader: WarpSpanShader(warped: warped, original: mesh.originalQuad(i, scale: source.size)),
        triangles: (
          TriangleRasterizer(warped.a, warped.b, warped.c),
          TriangleRasterizer(warped.a, warped.c, warped.d)
        ))
    }
    let threads = options.threads
    source.pixels.withUnsafeBufferPointer { src in
      let sampler = BilinearSampler(
        pixels: src.baseAddress ?? UnsafePointer(bitPattern: 16)!, width: source.width,
        height: source.height)
      let empty = source.width == 0 || source.height == 0
      output.pixels.withUnsafeMutableBufferPointer { dst in
        let out = SharedPointer(dst.baseAddress!)
        let outside = OutsideFill(
          policy: empty ? .transparent : options.edges, sampler: sampler, outputSize: outScale)
        forEachRowBand(rows: height, threads: threads) { band in
          outside.fill(rows: band, width: width, into: out.base)
          guard !empty else { return }
          for face in faces.reversed() {
            for upper in [true, false] {
              guard let triangle = upper ? face.triangles.0 : face.triangles.1 else { continue }
              let first = max(band.lowerBound, triangle.rows.lowerBound)
              let last = min(band.upperBound - 1, triangle.rows.upperBound)
              guard first <= last else { continue }
              for y in first...last {
                let span = triangle.span(row: y, width: width)
                guard !span.isEmpty else { continue }
                face.shader.shade(
                  row: y, xs: span, upper: upper, sampler: sampler,
                  out: out.base + (y * width + span.lowerBound) * 4)
              }
            }
          }
        }
        if options.antialias > 1 && !empty && !faces.isEmpty {
          SilhouetteAntialiaser(
            mesh: mesh, faceIndices: faceIndices, faces: faces, sampler: sampler,
            outside: outside, samples: min(options.antialias, 16)
          ).run(width: width, height: height, into: out, threads: threads)
        }
      }
    }
    return output
  }
}

/// The colour of pixels outside the mesh, per ``EdgePolicy``.
struct OutsideFill: @unchecked Sendable {
  let policy: EdgePolicy
  let sampler: BilinearSampler
  let outputSize: Vector2
  let originColor: SIMD4<Float>

  init(policy: EdgePolicy, sampler: BilinearSampler, outputSize: Vector2) {
    self.policy = policy
    self.sampler = sampler
    self.outputSize = outputSize
    originColor = policy == .origin ? sampler.texel(0, 0) : .zero
  }

  /// Where `clamp` samples for output point p: the same normalized point on
  /// the source, clamped to its bounds.
  @inline(__always) func clampSource(_ p: Vector2) -> Vector2 {
    let size = Vector2(Double(sampler.width), Double(sampler.height))
    let q = p / outputSize * size
    return Vector2(min(max(q.x, 0), size.x), min(max(q.y, 0), size.y))
  }

  /// Premultiplied colour outside the mesh at output point p.
  @inline(__always) func premultiplied(at p: Vector2) -> SIMD4<Float> {
    switch policy {
    case .transparent: .zero
    case .origin: originColor
    case .clamp: sampler.premultiplied(at: clampSource(p))
    }
  }

  func fill(rows: Range<Int>, width: Int, into out: UnsafeMutablePointer<UInt8>) {
    switch policy {
    case .transparent:
      (out + rows.lowerBound * width * 4).initialize(repeating: 0, count: rows.count * width * 4)
    case .origin:
      var p = out + rows.lowerBound * width * 4
      let c = sampler.pixels
      for _ in 0..<(rows.count * width) {
        p[0] = c[0]
        p[1] = c[1]
        p[2] = c[2]
        p[3] = c[3]
        p += 4
      }
    case .clamp:
      for y in rows {
        for x in 0..<width {
          let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
          sampler.write(at: clampSource(p), to: out + (y * width + x) * 4)
        }
      }
    }
  }
}

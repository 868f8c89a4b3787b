import Dispatch
import MeshWarpCore

/// Warps an image through a mesh on the CPU.
///
/// For every destination pixel centre p inside a warped face: invert that
/// face's bilinear map at p (`QuadInverter`), evaluate the original quad at
/// the same (u, v), and sample the source there (`BilinearSampler`:
/// premultiplied bilinear). Coverage comes from rasterizing each face's two
/// warped triangles once (`TriangleRasterizer`, exact top-left rule), so
/// the cost is O(pixels + faces) whatever the face count, shared edges leave
/// neither gaps nor double cover, and, drawing faces last-to-first, the first
/// face wins where warped faces overlap (the original MeshWarpEffect package's shader order). Pixels
/// crossed by the mesh's outer boundary are then anti-aliased by coverage
/// (``WarpOptions/antialias``). Rows are split into bands across threads,
/// bands into strips of 32 rows that are filled and shaded while
/// in the cache (where a face is very wide, tile by tile, so that the source
/// texels read stay cached too); on convex faces each row's two triangle
/// spans are shaded as one run. The result does not depend on the thread
/// count.
///
/// The identity mesh (any density, any size) reproduces the source exactly,
/// in every mode.
///
/// Modes (``WarpOptions``): the default (bilinear, clamp to edge) runs the
/// fixed-point loop above; other interpolations and address modes solve
/// every pixel exactly and read through `ContentSampler`, a separate loop,
/// so the default pays nothing for them. Where the warp shrinks the content
/// the minification filter (`MinificationFilter`, on by default)
/// re-renders the affected tiles supersampled. ``WarpOptions/smooth``
/// renders a grid mesh through `WarpMesh/smoothed(outputSize:contentSize:tolerance:)`.
public enum WarpRenderer {
  /// Renders `source` warped through `mesh`.
  ///
  /// - Parameters:
  ///   - source: the content; mesh `from` points are normalized to its size.
  ///   - mesh: the warp; `to` points are normalized to the output size. Faces
  ///     with out-of-range indices or non-finite points are skipped (run
  ///     `WarpMesh/validate()` first to report them).
  ///   - options: output size, edge policy, anti-aliasing, threads.
  /// - Returns: the warped image, `options.width × options.height`.
  public static func render(
    _ source: RGBAImage, mesh: WarpMesh, options: WarpOptions = WarpOptions()
  ) -> RGBAImage {
    var output = RGBAImage(width: 0, height: 0)
    render(source, mesh: mesh, options: options, into: &output)
    return output
  }

  /// Renders `source` warped through `mesh` into `output`, reusing its
  /// storage when it already has the output size and is not shared (an
  /// animation's or a window's frame buffer: no allocation and no page
  /// faults per frame); otherwise `output` is replaced by a new image.
  ///
  /// Every pixel of `output` is written; the result is the same as
  /// `render(_:mesh:options:)`'s.
  public static func render(
    _ source: RGBAImage, mesh: WarpMesh, options: WarpOptions = WarpOptions(),
    into output: inout RGBAImage
  ) {
    renderMesh(source, mesh: mesh, options: options, into: &output)
  }

  /// ``render(_:mesh:options:into:)`` at either depth.
  static func renderMesh<Image: RenderImage>(
    _ source: Image, mesh: WarpMesh, options: WarpOptions, into output: inout Image
  ) {
    let width = options.width ?? source.width
    let height = options.height ?? source.height
    let s = min(max(options.supersample, 1), 8)
    var mesh = mesh
    var options = options
    if mesh.smooth { options.smooth = true }
    // A smooth mesh one-to-one onto the output is drawn from its surfaces
    // (`SmoothSurfaceWarp`), and a fine mesh within a pixel of them only
    // plans the minification filter (which needs the squeeze, not exact
    // positions: 1/20 of the faces of the default 0.1 px on warp-9x9-smooth).
    // Every other smooth mesh is drawn as its fine mesh.
    var surface: SmoothSurfaceWarp? = nil
    let filtered = options.minification.isEnabled
    if options.smooth { mesh = mesh.withGridInferred }
    if options.smooth, mesh.grid != nil {
      let size = Vector2(Double(width * s), Double(height * s))
      surface = SmoothSurfaceWarp(mesh: mesh, outputSize: size, sourceSize: source.size)
      if surface == nil, let smooth = try? mesh.smoothed(outputSize: size) {
        mesh = smooth
      } else if filtered && s == 1, let plan = try? mesh.smoothed(outputSize: size, tolerance: 1) {
        mesh = plan
      }
    }
    // Faces that cover every pixel of the output leave nothing for the
    // edge fill to show, in the render and in the filter's runs alike.
    let covered = OutputCoverage.isComplete(mesh)
    guard s > 1 else {
      if output.width != width || output.height != height {
        output = Image(uninitializedWidth: width, height: height)
      }
      // The source's alpha is scanned once for both passes (a 12 MP
      // frame is 48 MB to read), on the render's threads.
      let opaque = source.isOpaque(threads: options.threads)
      // The filter's runs are planned first, so that the plain render
      // leaves the pixels they rewrite.
      let runs =
        filtered && source.width > 0 && source.height > 0
        ? MinificationFilter.plan(
          mesh: mesh, sourceSize: source.size, width: width, height: height,
          quality: options.minification) : []
      renderOnce(
        source, mesh: mesh, options: options, sourceOpaque: opaque, covered: covered,
        surface: surface,
        leaving: MinificationFilter.RerenderedTiles(runs: runs),
        into: &output)
      if filtered {
        MinificationFilter.refine(
          &output, source: source, mesh: mesh, options: options, sourceOpaque: opaque,
          covered: covered || surface != nil, surface: surface, runs: runs)
      }
      return
    }
    var large = Image(uninitializedWidth: width * s, height: height * s)
    renderOnce(
      source, mesh: mesh, options: options, covered: covered, surface: surface, into: &large)
    output = large.downsampled(by: s, threads: options.threads)
  }

  /// Where a render's pixels lie in the full output: a render of part of it
  /// (a minification run) at `scale` full pixels per pixel from `origin`.
  /// ``EdgePolicy/unwarped`` needs it to find the content's position.
  struct Viewport: Sendable {
    var origin = Vector2(0, 0)
    var scale = Vector2(1, 1)
    /// The full output's size in pixels (`nil`: the render's own size).
    var fullSize: Vector2? = nil
  }

  /// Per-face data in pixel space.
  struct Face: Sendable {
    var warped: Quad
    var original: Quad
    var shader: WarpSpanShader
    var triangles: (TriangleRasterizer?, TriangleRasterizer?)
    /// Strictly convex: each diagonal separates the other two corners, so
    /// the two triangles tile the quad and their spans on a row abut.
    var convex: Bool
    /// The whole face's inverse as one quadratic, where it fits
    /// (``FaceQuadratic``): its rows are shaded with no exact solves.
    var quadratic: FaceQuadratic?
    /// ``FaceQuadratic/sourceBox(of:)`` of the original quad.
    var sourceBox: (lo: Vector2, hi: Vector2)
    /// Rows that the triangles may cover (empty when neither exists).
    var rows: Range<Int>
    /// Columns that the triangles may cover (a superset: the quad's bounds).
    var columns: Range<Int>

    /// The two triangles a warped quad's coverage is rasterized as: a b c
    /// and a c d (nil where degenerate). The minification filter's
    /// coverage mask splits the same way.
    static func triangles(of q: Quad) -> (TriangleRasterizer?, TriangleRasterizer?) {
      (TriangleRasterizer(q.a, q.b, q.c), TriangleRasterizer(q.a, q.c, q.d))
    }

    init(warped: Quad, original: Quad) {
      self.warped = warped
      self.original = original
      shader = WarpSpanShader(warped: warped, original: original)
      triangles = Self.triangles(of: warped)
      @inline(__always) func separates(_ p: Vector2, _ q: Vector2, _ r: Vector2, _ s: Vector2)
        -> Bool
      { cross(q - p, r - p) * cross(q - p, s - p) < 0 }
      convex =
        separates(warped.a, warped.c, warped.b, warped.d)
        && separates(warped.b, warped.d, warped.a, warped.c)
      quadratic = FaceQuadratic(warped: warped, original: original, convex: convex)
      sourceBox = FaceQuadratic.sourceBox(of: original)
      // (Clamped so that far-away corners convert to Int without a trap.)
      let limit = Double(1 << 30)
      let (lo, hi) = warped.bounds
      let left = Int(min(max(lo.x, -limit), limit).rounded(.down)) - 1
      let right = Int(min(max(hi.x, -limit), limit).rounded(.up)) + 2
      columns = left..<right
      // (No arrays here: a dense mesh sets up thousands of faces a frame.)
      switch (triangles.0?.rows, triangles.1?.rows) {
      case (let a?, let b?):
        rows = min(a.lowerBound, b.lowerBound)..<(max(a.upperBound, b.upperBound) + 1)
      case (let a?, nil), (nil, let a?): rows = a.lowerBound..<(a.upperBound + 1)
      case (nil, nil): rows = 0..<0
      }
    }

    /// Shades this face's pixels in `rows` × `columns` (the covered pixel
    /// centres of its two triangles). On a convex face a row's two triangle
    /// spans abut and are shaded as one run, so runs (and the shader's
    /// interpolated chunks) are as long as the face is wide; a face with a
    /// ``quadratic`` shades its runs from it.
    @inline(__always)
    func shade<Writer: SpanWriter>(
      rows: Range<Int>, columns: Range<Int>, width: Int, sampler: Writer,
      out: UnsafeMutablePointer<Writer.Channel>
    ) {
      let visible = rows.clamped(to: self.rows)
      guard !visible.isEmpty else { return }
      // Each triangle's spans walked down the rows (no division per row;
      // a row outside a triangle's rows comes out empty, as its three
      // edges leave no centre). Locals, not captured by a closure: a
      // captured variable is checked for exclusive access at every use.
      let first = visible.lowerBound
      var upper = triangles.0.map { TriangleRasterizer.SpanWalk($0, row: first, width: width) }
      var lower = triangles.1.map { TriangleRasterizer.SpanWalk($0, row: first, width: width) }
      // The row's two triangle spans, and whether they abut.
      @inline(__always) func spans() -> (Range<Int>, Range<Int>, Bool) {
        let a = (upper?.next() ?? 0..<0).clamped(to: columns)
        let b = (lower?.next() ?? 0..<0).clamped(to: columns)
        let abut =
          !a.isEmpty && !b.isEmpty
          && (a.upperBound == b.lowerBound || b.upperBound == a.lowerBound)
        return (a, b, abut)
      }
      // (Bound once, outside the rows: each binding copies the polynomial.)
      if let quadratic {
        // One polynomial for both triangles.
        let interior = sampler.interiorBox(sourceBox.lo, sourceBox.hi)
        for y in visible {
          let (a, b, abut) = spans()
          let row = out + y * width * 4
          if abut {
            let xs = min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
            quadratic.shade(
              row: y, xs: xs, interior: interior, sampler: sampler, out: row + xs.lowerBound * 4)
            continue
          }
          if !a.isEmpty {
            quadratic.shade(
              row: y, xs: a, interior: interior, sampler: sampler, out: row + a.lowerBound * 4)
          }
          if !b.isEmpty {
            quadratic.shade(
              row: y, xs: b, interior: interior, sampler: sampler, out: row + b.lowerBound * 4)
          }
        }
        return
      }
      for y in visible {
        let (a, b, abut) = spans()
        let row = out + y * width * 4
        if convex && abut {
          let xs = min(a.lowerBound, b.lowerBound)..<max(a.upperBound, b.upperBound)
          shader.shade(row: y, xs: xs, upper: nil, sampler: sampler, out: row + xs.lowerBound * 4)
          continue
        }
        if !a.isEmpty {
          shader.shade(row: y, xs: a, upper: true, sampler: sampler, out: row + a.lowerBound * 4)
        }
        if !b.isEmpty {
          shader.shade(row: y, xs: b, upper: false, sampler: sampler, out: row + b.lowerBound * 4)
        }
      }
    }
  }

  /// The per-face data of `indices` (output and source pixel space), made
  /// on up to `threads` threads when there are many faces (a 64 × 64 mesh's
  /// 4 096 faces are a serial part of each frame otherwise).
  static func faces(
    _ indices: [Int], of mesh: WarpMesh, outputScale: Vector2, sourceScale: Vector2,
    threads: Int
  ) -> [Face] {
    @Sendable func face(_ i: Int) -> Face {
      Face(
        warped: mesh.warpedQuad(i, scale: outputScale),
        original: mesh.originalQuad(i, scale: sourceScale))
    }
    let workers = resolvedThreadCount(threads)
    guard workers > 1, indices.count >= 512 else { return indices.map(face) }
    return [Face](unsafeUninitializedCapacity: indices.count) { buffer, initialized in
      let out = SharedPointer(buffer.baseAddress!)
      let chunks = workers * 4
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        let range = (indices.count * chunk / chunks)..<(indices.count * (chunk + 1) / chunks)
        for k in range { (out.base + k).initialize(to: face(indices[k])) }
      }
      initialized = indices.count
    }
  }

  /// Rows per strip: 32 rows of a 1920-pixel frame are 240 KiB, which
  /// stay in a core's L2 cache between the fill and the faces' writes.
  static let stripRows = 32
  /// Columns per tile of a strip (32 × 256 pixels: 32 KiB of output).
  static let tileColumns = 256

  /// For each strip of ``stripRows`` rows, the faces whose rows overlap it,
  /// last face first (so that the first face is drawn last and wins), and
  /// whether one of them is wider than two tiles (the strip is then drawn
  /// tile by tile).
  static func facesByStrip(_ faces: [Face], height: Int, width: Int) -> [([Int], Bool)] {
    let count = (height + stripRows - 1) / stripRows
    var strips = [([Int], Bool)](repeating: ([], false), count: count)
    for index in faces.indices.reversed() {
      let rows = faces[index].rows.clamped(to: 0..<height)
      guard !rows.isEmpty else { continue }
      let wide = faces[index].columns.clamped(to: 0..<width).count > 2 * tileColumns
      for strip in (rows.lowerBound / stripRows)...((rows.upperBound - 1) / stripRows) {
        strips[strip].0.append(index)
        strips[strip].1 = strips[strip].1 || wide
      }
    }
    return strips
  }

  /// Renders into every pixel of `output` (its size is the output size).
  /// `sourceOpaque`, when known, spares the scan of the source's alpha.
  /// `covered`: the faces cover every pixel of the view (a mesh that
  /// covers the whole output, ``OutputCoverage``, and any view of it, such
  /// as the minification filter's runs): the edge policy's fill is skipped.
  /// `surface`: the smooth surfaces of `mesh`, drawn instead of its faces.
  /// `leaving`: pixels that the minification filter rewrites, which a mesh's
  /// faces need not draw (the edge policy's fill still covers them).
  static func renderOnce<Image: RenderImage>(
    _ source: Image, mesh: WarpMesh, options: WarpOptions, viewport: Viewport = Viewport(),
    sourceOpaque: Bool? = nil, covered: Bool = false, surface: SmoothSurfaceWarp? = nil,
    leaving rewritten: MinificationFilter.RerenderedTiles? = nil, into output: inout Image
  ) {
    let width = output.width
    let height = output.height
    guard width > 0, height > 0 else { return }
    let outScale = Vector2(Double(width), Double(height))
    let threads = options.threads
    guard source.width > 0, source.height > 0 else {
      // Nothing to sample: the edge colour, or transparent.
      output.fill(options.edges == .color ? options.edgeColor : .transparent)
      return
    }
    if let surface {
      draw(
        source, options: options, sourceOpaque: sourceOpaque, into: &output,
        SurfaceBody(
          surface: surface, width: width, height: height, threads: threads, viewport: viewport))
      return
    }
    let fullView = viewport.origin == Vector2(0, 0) && viewport.scale == Vector2(1, 1)
    if fullView, options.interpolation == .bilinear && options.addressMode == .clampToEdge,
      let lattice = LatticeWarp(mesh: mesh, outputSize: outScale, sourceSize: source.size)
    {
      draw(
        source, options: options, sourceOpaque: sourceOpaque, into: &output,
        LatticeBody(lattice: lattice, width: width, height: height, threads: threads))
      return
    }
    let faceIndices = mesh.faces.indices.filter(mesh.isRenderable)
    let faces = Self.faces(
      faceIndices, of: mesh, outputScale: outScale, sourceScale: source.size, threads: threads)
    let body = MeshBody(
      mesh: mesh, faceIndices: faceIndices, faces: faces,
      strips: Self.facesByStrip(faces, height: height, width: width), options: options,
      viewport: viewport, outputSize: outScale, width: width, height: height, filled: !covered,
      rewritten: rewritten)
    draw(source, options: options, sourceOpaque: sourceOpaque, into: &output, body)
  }

  /// The faces of a mesh drawn strip by strip: the edge policy's fill,
  /// then each face's runs, then the silhouette's anti-aliasing.
  struct MeshBody: ContentRender {
    let mesh: WarpMesh
    let faceIndices: [Int]
    let faces: [Face]
    /// ``facesByStrip(_:height:width:)``.
    let strips: [([Int], Bool)]
    let options: WarpOptions
    let viewport: Viewport
    let outputSize: Vector2
    let width, height: Int
    /// Whether the edge policy's fill runs (the faces may leave pixels).
    let filled: Bool
    /// Pixels the faces need not draw (``MinificationFilter/RerenderedTiles``).
    let rewritten: MinificationFilter.RerenderedTiles?

    func render<Writer: SpanWriter & Sendable, Reader: ContentReader>(
      sampler: Writer, reader: Reader, out: SharedPointer<Reader.Channel>
    ) where Writer.Channel == Reader.Channel {
      let outside = OutsideFill(
        policy: options.edges, color: options.edgeColor, sampler: reader,
        outputSize: outputSize, viewport: viewport)
      let (width, strips, filled) = (self.width, self.strips, self.filled)
      // Faces are read in place through a pointer: array subscripts here
      // copied the (large) Face values on every call.
      faces.withUnsafeBufferPointer { buffer in
        // (No faces: no strip lists a face, and the pointer is not read.)
        let first = buffer.baseAddress ?? UnsafePointer(bitPattern: MemoryLayout<Face>.alignment)!
        let faces = SharedPointer(UnsafeMutablePointer(mutating: first))
        forEachRowBand(rows: height, threads: options.threads) { band in
          // Strips of a few rows, filled and then shaded while they are
          // still in the cache; a band's edges may split a strip.
          var top = band.lowerBound
          while top < band.upperBound {
            let bucket = top / WarpRenderer.stripRows
            let strip = top..<min((bucket + 1) * WarpRenderer.stripRows, band.upperBound)
            defer { top = strip.upperBound }
            if filled { outside.fill(rows: strip, width: width, into: out.base) }
            // Where a face is wider than two tiles, tiles of the strip,
            // so that the source texels a tile reads stay in the cache
            // even where the warp runs across the source's rows (a steep
            // or rotated face); narrower faces are such tiles themselves.
            let (faceIndices, tiled) = strips[bucket]
            let step = tiled ? WarpRenderer.tileColumns : width
            @inline(__always) func shade(rows: Range<Int>, columns: Range<Int>) {
              for left in stride(from: columns.lowerBound, to: columns.upperBound, by: step) {
                let tile = left..<min(left + step, columns.upperBound)
                for index in faceIndices where faces.base[index].columns.overlaps(tile) {
                  faces.base[index].shade(
                    rows: rows, columns: tile, width: width, sampler: sampler, out: out.base)
                }
              }
            }
            guard let rewritten, rewritten.touches(strip) else {
              shade(rows: strip, columns: 0..<width)
              continue
            }
            // Row by row of the filter's tiles, the columns it keeps.
            let tile = MinificationFilter.tileSize
            var y = strip.lowerBound
            while y < strip.upperBound {
              let rows = y..<min((y / tile + 1) * tile, strip.upperBound)
              for columns in rewritten.kept(tileRow: y / tile, width: width) {
                shade(rows: rows, columns: columns)
              }
              y = rows.upperBound
            }
          }
        }
      }
      if options.antialias > 1 && !faces.isEmpty {
        SilhouetteAntialiaser(
          mesh: mesh, faceIndices: faceIndices, faces: faces, sampler: reader,
          outside: outside, samples: min(options.antialias, 16)
        ).run(width: width, height: height, into: out, threads: options.threads)
      }
    }
  }
}

/// A smooth mesh's surfaces drawn through the samplers ``WarpRenderer``
/// sets up.
private struct SurfaceBody: ContentRender {
  let surface: SmoothSurfaceWarp
  let width, height, threads: Int
  let viewport: WarpRenderer.Viewport
  func render<Writer: SpanWriter & Sendable, Reader: ContentReader>(
    sampler: Writer, reader: Reader, out: SharedPointer<Reader.Channel>
  ) where Writer.Channel == Reader.Channel {
    surface.render(
      sampler: sampler, width: width, height: height, viewport: viewport, threads: threads,
      out: out)
  }
}

/// A lattice mesh drawn through the samplers ``WarpRenderer`` sets up.
private struct LatticeBody: ContentRender {
  let lattice: LatticeWarp
  let width, height, threads: Int
  func render<Writer: SpanWriter & Sendable, Reader: ContentReader>(
    sampler: Writer, reader: Reader, out: SharedPointer<Reader.Channel>
  ) where Writer.Channel == Reader.Channel {
    lattice.render(sampler: sampler, width: width, height: height, threads: threads, out: out)
  }
}

/// The colour of pixels outside the mesh, per ``EdgePolicy``.
struct OutsideFill<Reader: ContentReader>: @unchecked Sendable {
  let policy: EdgePolicy
  let sampler: Reader
  let outputSize: Vector2
  let viewport: WarpRenderer.Viewport
  /// The premultiplied colour of `origin` and `color` (0…255 units), and
  /// its stored values.
  let constant: SIMD4<Float>
  let constantPixel: SIMD4<Reader.Channel>

  init(
    policy: EdgePolicy, color: RGBA8, sampler: Reader, outputSize: Vector2,
    viewport: WarpRenderer.Viewport
  ) {
    self.policy = policy
    self.sampler = sampler
    self.outputSize = outputSize
    self.viewport = viewport
    switch policy {
    case .origin:
      // The texel's centre: its values, unchanged.
      constant = sampler.premultiplied(at: Vector2(0.5, 0.5))
      let p = sampler.pixels
      constantPixel = SIMD4(p[0], p[1], p[2], p[3])
    case .color:
      let a = Float(color.a) / 255
      constant = SIMD4(Float(color.r) * a, Float(color.g) * a, Float(color.b) * a, Float(color.a))
      constantPixel =
        color.a == 0
        ? .zero
        : SIMD4(.widening(color.r), .widening(color.g), .widening(color.b), .widening(color.a))
    default:
      constant = .zero
      constantPixel = .zero
    }
  }

  /// Where `unwarped` samples for output point p: the same normalized point
  /// on the source, clamped to its bounds.
  @inline(__always) func unwarpedSource(_ p: Vector2) -> Vector2 {
    let size = Vector2(Double(sampler.width), Double(sampler.height))
    let q = unwarpedPoint(p)
    return Vector2(min(max(q.x, 0), size.x), min(max(q.y, 0), size.y))
  }

  /// ``unwarpedSource(_:)`` before the clamp.
  @inline(__always) func unwarpedPoint(_ p: Vector2) -> Vector2 {
    let size = Vector2(Double(sampler.width), Double(sampler.height))
    let full = viewport.origin + p * viewport.scale
    // Scaled before the division, so that content of the output's own size
    // maps pixel centres to texel centres exactly.
    return full * size / (viewport.fullSize ?? outputSize)
  }

  /// Premultiplied colour outside the mesh at output point p.
  @inline(__always) func premultiplied(at p: Vector2) -> SIMD4<Float> {
    switch policy {
    case .transparent: .zero
    case .origin, .color: constant
    case .unwarped: sampler.premultiplied(at: unwarpedSource(p))
    }
  }

  func fill(rows: Range<Int>, width: Int, into out: UnsafeMutablePointer<Reader.Channel>) {
    switch policy {
    case .transparent:
      (out + rows.lowerBound * width * 4).initialize(repeating: 0, count: rows.count * width * 4)
    case .origin, .color:
      UnsafeMutableRawPointer(out + rows.lowerBound * width * 4).bindMemory(
        to: SIMD4<Reader.Channel>.self, capacity: rows.count * width
      ).initialize(repeating: constantPixel, count: rows.count * width)
    case .unwarped:
      // Along a row the unwarped source point is affine in x: one run
      // through the span shader's loop, unless a clamp to the content's
      // bounds would bend it (then point by point).
      let size = Vector2(Double(sampler.width), Double(sampler.height))
      let step = viewport.scale.x * size.x / (viewport.fullSize ?? outputSize).x
      for y in rows {
        let row = out + y * width * 4
        let first = unwarpedPoint(Vector2(0.5, Double(y) + 0.5))
        let last = first + Vector2(step * Double(width - 1), 0)
        @inline(__always) func inside(_ q: Vector2) -> Bool {
          q.x >= 0 && q.y >= 0 && q.x <= size.x && q.y <= size.y
        }
        // Content at the output's own scale, on texel centres: each
        // pixel is a texel's bytes (what every interpolation returns
        // there), so the row is copied.
        let (tx, ty) = (first.x - 0.5, first.y - 0.5)
        if step == 1, tx == tx.rounded(), ty == ty.rounded(), tx >= 0, ty >= 0,
          tx + Double(width) <= size.x, ty < size.y
        {
          let texel = sampler.pixels + (Int(ty) * sampler.width + Int(tx)) * 4
          row.update(from: texel, count: width * 4)
          continue
        }
        if inside(first) && inside(last) {
          sampler.writeQuadratic(
            count: width, start: first, end: last, b: Vector2(step, 0), c: .zero,
            span: Double(width - 1), out: row)
          continue
        }
        for x in 0..<width {
          let p = Vector2(Double(x) + 0.5, Double(y) + 0.5)
          sampler.write(at: unwarpedSource(p), to: row + x * 4)
        }
      }
    }
  }
}

import Foundation
import MeshWarpCore

/// Options of ``GradientRenderer``.
public struct GradientRenderOptions: Hashable, Sendable {
  /// Adds ±1/255 triangular noise to red, green and blue against banding, as
  /// Apple does (default `true`). Each value then differs by at most one
  /// level from the undithered rendering.
  public var dithering: Bool
  /// Seed of the dither pattern; the same seed gives the same image.
  public var ditherSeed: UInt64
  /// Threads to split rows among; 0 (the default) or less uses every
  /// active core, as everywhere in the package (`resolvedThreadCount`). The
  /// image is the same for any number.
  public var threads: Int
  /// The largest distance, in pixels, between the drawn outline of the mesh
  /// and its true border curves, > 0 (default 0.25). See ``colorTolerance``.
  public var tolerance: Double
  /// The largest colour error that the tessellation may cause inside the
  /// mesh, in 0…1 units (default 1/255): a pixel shows the colour of a point
  /// displaced by the tessellation, so cells where colours change quickly
  /// per pixel are made finer. Both tolerances are estimated on the
  /// tessellation one level finer (`Documentation/MeshGradient.md`).
  public var colorTolerance: Double
  /// The finest subdivision, 2^level cells per patch side, 0…10 (default 8).
  /// Patches that would need more are drawn at this level.
  public var maximumLevel: Int
  /// Whether opaque runs in device space go through the AVX2 span kernel
  /// where the CPU has it (``SpanKernel/isAvailable``; the default), or
  /// always through the portable Swift loop, which writes the same bytes.
  package var usesSpanKernel = true

  /// Options; every parameter is described on its property.
  public init(
    dithering: Bool = true, ditherSeed: UInt64 = 0,
    threads: Int = 0, tolerance: Double = 0.25,
    colorTolerance: Double = 1 / 255, maximumLevel: Int = 8
  ) {
    self.dithering = dithering
    self.ditherSeed = ditherSeed
    self.threads = threads
    self.tolerance = tolerance
    self.colorTolerance = colorTolerance
    self.maximumLevel = maximumLevel
  }
}

/// Draws a `GradientMesh` into an ``RGBAImage`` with SwiftUI
/// `MeshGradient`'s rules (`Documentation/MeshGradient.md`).
///
/// The mesh's unit square fills the image: unit point p is pixel point
/// p·(width, height). Steps:
///
/// 1. Patches: control nets from `GradientMesh/patches()` (automatic
///    handles, Coons interior points, Fritsch–Carlson colour tangents).
/// 2. Tessellation: every patch on a 2^level grid of (u, v), the level the
///    smallest that keeps ``GradientRenderOptions/tolerance`` and
///    ``GradientRenderOptions/colorTolerance``, measured one level finer.
/// 3. Raster: each grid cell's two triangles fill the pixel centres they
///    contain, interpolating (u, v) affinely; the colour is then evaluated
///    exactly at (u, v) — bicubic with `smoothsColors`, bilinear without,
///    in Oklab for `.perceptual`. Later patches (and later cells) overwrite
///    earlier ones where the mesh folds.
/// 4. Background where no triangle covers a centre; the mesh's outline is
///    anti-aliased by its exact pixel coverage.
/// 5. 8-bit sRGB straight alpha, dithered unless turned off.
///
/// Complexity: O(pixels + patches · 4^level). Memory: the image plus
/// (2^level + 1)² points per patch.
public struct GradientRenderer: Sendable {
  /// How to render: dithering, threads, tessellation tolerances.
  public var options: GradientRenderOptions

  /// A renderer with `options` (dithering on, all cores, by default).
  public init(options: GradientRenderOptions = GradientRenderOptions()) {
    self.options = options
  }

  /// A new `width × height` image of `mesh`.
  ///
  /// - Precondition: `mesh` is valid (`GradientMesh/validate()`), `width,
  ///   height ≥ 0`.
  public func render(_ mesh: GradientMesh, width: Int, height: Int) -> RGBAImage {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    let bytes = width * height * 4
    var image = RGBAImage(
      width: width, height: height,
      pixels: [UInt8](unsafeUninitializedCapacity: bytes) { _, count in count = bytes })
    render(mesh, into: &image)
    return image
  }

  /// Draws `mesh` over every pixel of `image` (reusing its storage, e.g. for
  /// the frames of an animation).
  ///
  /// - Precondition: `mesh` is valid (`GradientMesh/validate()`).
  public func render(_ mesh: GradientMesh, into image: inout RGBAImage) {
    let width = image.width
    let height = image.height
    guard width > 0, height > 0 else { return }
    let job = prepare(mesh, width: width, height: height)
    image.pixels.withUnsafeMutableBytes { raw in
      let pixels = SharedPointer(
        raw.baseAddress!.bindMemory(to: UInt32.self, capacity: width * height))
      forEachRowBand(rows: height, threads: options.threads) { rows in
        job.render(rows: rows, into: pixels.base)
      }
    }
  }

  /// A new deep `width × height` image of `mesh`: the same render at 16
  /// bits a value, so that a smooth gradient has 257 times as many levels
  /// as the 8-bit one (its dithering, when on, is ±1 of them).
  ///
  /// - Precondition: `mesh` is valid (`GradientMesh/validate()`), `width,
  ///   height ≥ 0`.
  public func render16(_ mesh: GradientMesh, width: Int, height: Int) -> RGBA16Image {
    precondition(width >= 0 && height >= 0, "negative image size \(width)×\(height)")
    var image = RGBA16Image(width: width, height: height)
    guard width > 0, height > 0 else { return image }
    let job = prepare(mesh, width: width, height: height)
    image.pixels.withUnsafeMutableBytes { raw in
      let pixels = SharedPointer(
        raw.baseAddress!.bindMemory(to: SIMD4<UInt16>.self, capacity: width * height))
      forEachRowBand(rows: height, threads: options.threads) { rows in
        job.render(rows: rows, into: pixels.base)
      }
    }
    return image
  }

  /// The subdivision level this renderer uses for `mesh` at this size: each
  /// patch is drawn as 2^level × 2^level cells, two triangles each.
  public func subdivisionLevel(for mesh: GradientMesh, width: Int, height: Int) -> Int {
    tessellation(mesh, mesh.patches(), width: width, height: height).level
  }

  /// The tessellation of `patches` for a `width × height` image.
  func tessellation(_ mesh: GradientMesh, _ patches: [GradientPatch], width: Int, height: Int)
    -> GradientTessellation
  {
    let scale = Vector2(Double(width), Double(height))
    return GradientTessellation(
      pixelNets: patches.map { BicubicNet(points: $0.geometry.points.map { $0 * scale }) },
      colorNets: patches.map(\.colors), columns: mesh.width - 1,
      tolerance: max(options.tolerance, 1e-3),
      colorTolerance: max(options.colorTolerance, 1e-6),
      maximumLevel: min(max(options.maximumLevel, 0), 10))
  }

  /// Everything a render needs, built once per image.
  func prepare(_ mesh: GradientMesh, width: Int, height: Int) -> GradientRasterJob {
    let patches = mesh.patches()
    let tessellation = tessellation(mesh, patches, width: width, height: height)
    let shader = GradientShader(patches: patches, colorSpace: mesh.colorSpace)
    let outline = Self.outline(
      tessellation: tessellation, columns: mesh.width - 1, rows: mesh.height - 1)
    let coverage = GradientOutlineCoverage(
      outline: outline, width: width, height: height,
      edgeColor: { shader.outputColor(patch: $0, uv: $1) })
    return GradientRasterJob(
      width: width, height: height, tessellation: tessellation, shader: shader,
      coverage: coverage,
      dither: GradientDither(enabled: options.dithering, seed: options.ditherSeed),
      background: mesh.background, spanKernel: options.usesSpanKernel)
  }

  /// The mesh's border as outline segments in pixel space: top edges left to
  /// right, right edges downward, bottom edges right to left, left edges
  /// upward.
  static func outline(tessellation: GradientTessellation, columns: Int, rows: Int)
    -> [GradientOutlineCoverage.Segment]
  {
    let n = tessellation.segments
    let side = n + 1
    var segments: [GradientOutlineCoverage.Segment] = []
    segments.reserveCapacity(2 * n * (columns + rows))
    func add(patch k: Int, _ i0: Int, _ j0: Int, _ i1: Int, _ j1: Int) {
      let base = k * side * side
      segments.append(
        GradientOutlineCoverage.Segment(
          start: tessellation.points[base + j0 * side + i0],
          end: tessellation.points[base + j1 * side + i1], patch: k,
          startUV: SIMD2(Double(i0), Double(j0)) / Double(n),
          endUV: SIMD2(Double(i1), Double(j1)) / Double(n)))
    }
    for c in 0..<columns {
      for i in 0..<n { add(patch: c, i, 0, i + 1, 0) }
    }
    for r in 0..<rows {
      for j in 0..<n { add(patch: r * columns + columns - 1, n, j, n, j + 1) }
    }
    for c in (0..<columns).reversed() {
      for i in (0..<n).reversed() { add(patch: (rows - 1) * columns + c, i + 1, n, i, n) }
    }
    for r in (0..<rows).reversed() {
      for j in (0..<n).reversed() { add(patch: r * columns, 0, j + 1, 0, j) }
    }
    return segments
  }
}

import Foundation
import MeshWarpCore

extension WarpMesh {
  /// The smallest `maxSampleOffset` that covers what the layer-effect shader
  /// samples for this mesh in a view of `viewSize` points: per axis, the
  /// largest distance between a pixel and a position the shader samples the
  /// layer at for it (Apple's `layerEffect(_:maxSampleOffset:isEnabled:)`
  /// asks for exactly that bound; SwiftUI shades the view grown by it on
  /// each side, so a loose bound costs area quadratically).
  ///
  /// It follows the taps the shader makes (Shaders/MeshWarp.metal):
  /// - A covered pixel p samples a(s(p)), where s is the mapped position and
  ///   a the address mode, which is affine on pieces of s (clampToEdge:
  ///   constant, identity, constant; repeat: s − kE; mirrorRepeat: s − kE
  ///   or (k + 1)E − s). On a face whose corners' s lie in one piece,
  ///   a(s) − p is bilinear in the face's (u, v), so its extremes lie at
  ///   the corners: exact. A face that straddles pieces is split into
  ///   bilinear sub-quads (up to 256); a sub-quad that still straddles
  ///   takes the distance between its extent and the range of taps. The
  ///   clamp to the edge pixels' centres moves a tap by at most half a
  ///   pixel.
  /// - The minification filter's samples lie within half a pixel of the
  ///   pixel's centre: half a pixel more when it is on.
  /// - `.origin` samples the layer's top-left pixel from every uncovered
  ///   pixel of the view: the farthest uncovered point found by probing
  ///   coverage on a 64 × 64 grid and along the view's edges (256 per
  ///   edge), plus one probe spacing; when a face is not drawn
  ///   (``WarpMesh/isRenderable(_:)``), its hole may be narrower than the
  ///   probes' spacing, and the view's far corner bounds it instead.
  ///   `.unwarped` samples the pixel itself
  ///   (half a pixel after the clamp); `.transparent` and `.color` sample
  ///   nothing.
  ///
  /// Call it on the mesh the shader draws: for a smooth warp, the smoothed
  /// mesh (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``), whose
  /// Catmull-Rom surface can overshoot its control points.
  ///
  /// - Parameters:
  ///   - viewSize: the view's size in points.
  ///   - addressMode: how the shader samples beyond the content's edges.
  ///   - edges: the edge policy the mesh is packed with.
  ///   - displayScale: pixels per point (> 0; 1 otherwise).
  ///   - filterMinification: whether the shader's minification filter is on.
  /// - Returns: the offset in points per axis; `.zero` for a non-finite or
  ///   empty size.
  /// - Complexity: O(faces), plus O(1) lookups for 5,120 probes with
  ///   `.origin` (none when a face is left out).
  public func requiredSampleOffset(
    viewSize: CGSize, addressMode: AddressMode = .clampToEdge, edges: EdgePolicy = .transparent,
    displayScale: CGFloat = 1, filterMinification: Bool = true
  ) -> CGSize {
    let size = Vector2(Double(viewSize.width), Double(viewSize.height))
    guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else { return .zero }
    let scale = displayScale.isFinite && displayScale > 0 ? Double(displayScale) : 1
    let pixel = 1 / scale
    var travel = Vector2(0, 0)
    for faceIndex in faces.indices where isRenderable(faceIndex) {
      let face = faces[faceIndex]
      let pairs = (
        pointPairs[face.i0], pointPairs[face.i1], pointPairs[face.i2], pointPairs[face.i3]
      )
      func axis(_ value: (CGPoint) -> CGFloat, _ extent: Double) -> (SIMD4<Double>, SIMD4<Double>) {
        let from = SIMD4(
          Double(value(pairs.0.from)), Double(value(pairs.1.from)), Double(value(pairs.2.from)),
          Double(value(pairs.3.from)))
        let to = SIMD4(
          Double(value(pairs.0.to)), Double(value(pairs.1.to)), Double(value(pairs.2.to)),
          Double(value(pairs.3.to)))
        return (from * extent, to * extent)
      }
      let (fromX, toX) = axis({ $0.x }, size.x)
      let (fromY, toY) = axis({ $0.y }, size.y)
      travel.x = max(
        travel.x,
        SampleOffsetAxis.faceBound(
          from: fromX, to: toX, extent: size.x, pixel: pixel, mode: addressMode))
      travel.y = max(
        travel.y,
        SampleOffsetAxis.faceBound(
          from: fromY, to: toY, extent: size.y, pixel: pixel, mode: addressMode))
    }
    switch edges {
    case .transparent, .color: break
    case .unwarped:
      travel = Vector2(max(travel.x, pixel / 2), max(travel.y, pixel / 2))
    case .origin:
      // A face left out leaves a hole the probes may miss: the view bounds it.
      let holed = faces.indices.contains { !isRenderable($0) }
      if let farthest = holed ? size : SampleOffsetAxis.farthestUncovered(self, size: size) {
        // The tap is the top-left pixel's centre (its corner for clampToZero).
        let tap = addressMode == .clampToZero ? 0 : pixel / 2
        travel = Vector2(max(travel.x, farthest.x - tap), max(travel.y, farthest.y - tap))
      }
    }
    if filterMinification, travel.x > 0 || travel.y > 0 {
      travel = travel + Vector2(pixel / 2, pixel / 2)
    }
    return CGSize(width: travel.x, height: travel.y)
  }
}

/// The pieces of ``WarpMesh/requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)``.
enum SampleOffsetAxis {
  /// How many times a face whose range of s straddles the address mode's
  /// pieces is split in four (bilinear sub-quads) before the interval
  /// bound is taken: 4, at most 256 sub-quads for such a face.
  static let maximumSplits = 4

  /// The farthest a tap lies from its pixel along one axis for pixels of
  /// one face, in points: corners' original (`from`) and warped (`to`)
  /// coordinates in the face's order (a, b, c, d: bilinear in (u, v) with
  /// a at (0, 0), b at (1, 0), c at (1, 1)), the content's `extent` and
  /// one `pixel`, in points.
  ///
  /// Where every corner's s lies in one piece of the address mode (an
  /// affine tap σ·s + c), the bound is exact: a(s) − p is bilinear, so its
  /// extremes lie at the corners. A face that straddles pieces is split
  /// into four bilinear sub-quads (the same (u, v) for s and p) up to
  /// ``maximumSplits`` times; then the distance between the range of taps
  /// and the face's extent bounds it.
  static func faceBound(
    from: SIMD4<Double>, to: SIMD4<Double>, extent: Double, pixel: Double, mode: AddressMode,
    splits: Int = maximumSplits
  ) -> Double {
    for i in 0..<4 where !from[i].isFinite || !to[i].isFinite { return 0 }
    let lo = min(pixel / 2, extent / 2)
    let hi = extent - lo
    // The piece of s and its affine tap (σ, c), or nil for no tap (clampToZero).
    func piece(_ s: Double) -> (index: Double, sigma: Double, c: Double)? {
      switch mode {
      case .clampToZero:
        return s >= 0 && s <= extent ? (0, 1, 0) : nil
      case .clampToEdge:
        if s < 0 { return (-1, 0, lo) }
        if s > extent { return (1, 0, hi) }
        return (0, 1, 0)
      case .repeat:
        // The shader wraps only outside [0, extent]; then [kE, (k + 1)E).
        if s >= 0 && s <= extent { return (0, 1, 0) }
        let k = (s / extent).rounded(.down)
        return (k, 1, -k * extent)
      case .mirrorRepeat:
        // Continuous at every kE: either neighbour's formula holds there.
        let k = min((s / extent).rounded(.down), max(0, (s / extent).rounded(.up) - 1))
        return Int(k).isMultiple(of: 2) ? (k, 1, -k * extent) : (k, -1, (k + 1) * extent)
      }
    }
    let first = piece(from[0])
    if (1..<4).allSatisfy({ piece(from[$0])?.index == first?.index }) {
      // One piece: exact at the corners (then the clamp to the edge pixels'
      // centres moves a tap by at most half a pixel).
      guard let (_, sigma, c) = first else { return 0 }
      let d = sigma * from + c - to
      let corners = max(abs(d[0]), abs(d[1]), abs(d[2]), abs(d[3]))
      return sigma == 0 || mode == .clampToZero ? corners : corners + lo
    }
    if splits > 0 {
      // The four sub-quads of [0, ½]², [½, 1] × [0, ½], …
      func at(_ q: SIMD4<Double>, _ u: SIMD4<Double>, _ v: SIMD4<Double>) -> SIMD4<Double> {
        let a = SIMD4(repeating: q[0])
        let du: Double = q[1] - q[0]
        let dv: Double = q[3] - q[0]
        let duv: Double = q[0] - q[1] + q[2] - q[3]
        let uv: SIMD4<Double> = u * v
        return a + u * du + v * dv + uv * duv
      }
      var bound = 0.0
      for (u0, v0) in [(0.0, 0.0), (0.5, 0.0), (0.5, 0.5), (0.0, 0.5)] {
        let u = SIMD4(u0, u0 + 0.5, u0 + 0.5, u0)
        let v = SIMD4(v0, v0, v0 + 0.5, v0 + 0.5)
        bound = max(
          bound,
          faceBound(
            from: at(from, u, v), to: at(to, u, v), extent: extent, pixel: pixel, mode: mode,
            splits: splits - 1))
      }
      return bound
    }
    // Small enough: the farthest the face's extent lies from any tap.
    let (pMin, pMax, a, b) = (to.min(), to.max(), from.min(), from.max())
    var (tMin, tMax) = (Double.infinity, -Double.infinity)
    switch mode {
    case .clampToZero:
      (tMin, tMax) = (max(a, 0), min(b, extent))
    case .clampToEdge:
      (tMin, tMax) = (min(max(a, lo), hi), min(max(b, lo), hi))
    case .repeat, .mirrorRepeat:
      // The image of [a, b], piece by piece (few for a small sub-quad).
      guard let firstPiece = piece(a)?.index, let lastPiece = piece(b)?.index,
        lastPiece - firstPiece < 8
      else {
        (tMin, tMax) = (lo, hi)
        break
      }
      var k = firstPiece
      while k <= lastPiece {
        let start = k == 1 && mode == .repeat ? extent : k * extent
        let (s0, s1) = (max(a, start), min(b, (k + 1) * extent))
        if s0 <= s1, let (_, sigma, c) = piece((s0 + s1) / 2) {
          for t in [sigma * s0 + c, sigma * s1 + c] {
            (tMin, tMax) = (min(tMin, max(t, lo)), max(tMax, min(t, hi)))
          }
        }
        k += 1
      }
      guard tMin <= tMax else {
        (tMin, tMax) = (lo, hi)
        break
      }
    }
    return max(0, tMax - pMin, pMax - tMin)
  }

  /// The farthest point of the view (points, from its top-left corner)
  /// that no face of `mesh` covers, per axis, plus one probe spacing and
  /// capped at the view's size; `nil` when every probe is covered. Probes:
  /// the centres of a 64 × 64 grid and 256 points along each edge.
  static func farthestUncovered(_ mesh: WarpMesh, size: Vector2) -> Vector2? {
    let mapping = MeshMapping(mesh: mesh)
    var farthest: Vector2?
    func probe(_ u: Double, _ v: Double) {
      guard mapping.sourcePoint(forDestination: Vector2(u, v)) == nil else { return }
      let p = Vector2(u * size.x, v * size.y)
      farthest = Vector2(max(farthest?.x ?? 0, p.x), max(farthest?.y ?? 0, p.y))
    }
    let grid = 64
    for j in 0..<grid {
      for i in 0..<grid {
        probe((Double(i) + 0.5) / Double(grid), (Double(j) + 0.5) / Double(grid))
      }
    }
    let edge = 256
    for i in 0...edge {
      let t = Double(i) / Double(edge)
      probe(t, 0)
      probe(t, 1)
      probe(0, t)
      probe(1, t)
    }
    guard let found = farthest else { return nil }
    return Vector2(
      min(size.x, found.x + size.x / Double(grid)), min(size.y, found.y + size.y / Double(grid)))
  }
}

/// What the layer effect draws for a mesh in a view of a given size: the
/// mesh the shader renders (smoothed when asked), the sample offset that
/// covers its taps, and the packed floats the shader reads. Pure Swift, so
/// Linux tests check it.
///
/// Not API: `@_spi(Benchmarks)` opens the plan, its initializer, ``data``
/// and ``cached(mesh:smooth:viewSize:displayScale:maxSampleOffset:addressMode:edges:filterMinification:in:)``
/// to the SwiftUI layer's benchmarks (Benchmarks/SwiftUILayer, a package of
/// their own, which `package` access does not reach); the public API lists
/// leave SPI out.
@_spi(Benchmarks) public struct MeshWarpRenderPlan: Sendable {
  /// The mesh the shader draws: the given one, or its smooth surface.
  package let mesh: WarpMesh
  /// The larger, per axis, of the caller's `maxSampleOffset` and
  /// ``WarpMesh/requiredSampleOffset(viewSize:addressMode:edges:displayScale:filterMinification:)``
  /// of ``mesh``.
  package let maxSampleOffset: CGSize
  /// ``mesh`` packed for the shader (`ShaderMeshData.pack(_:edges:)`).
  @_spi(Benchmarks) public let data: [Float]

  /// - Parameters:
  ///   - mesh: the user's mesh (normalized coordinates of the view).
  ///   - smooth: draw the bicubic Catmull-Rom surface through the grid
  ///     (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)`` at the
  ///     view's size in pixels, 0.1 px tolerance); a mesh that is not a grid,
  ///     or a size that cannot be smoothed, draws piecewise.
  ///   - viewSize: the view's size in points.
  ///   - displayScale: pixels per point.
  ///   - maxSampleOffset: the caller's offset, a lower bound.
  ///   - addressMode: the shader's address mode.
  ///   - edges: the edge policy.
  ///   - filterMinification: whether the shader's minification filter is on.
  @_spi(Benchmarks) public init(
    mesh: WarpMesh, smooth: Bool, viewSize: CGSize, displayScale: CGFloat,
    maxSampleOffset: CGSize, addressMode: AddressMode, edges: EdgePolicy = .transparent,
    filterMinification: Bool = true
  ) {
    let rendered = Self.drawnMesh(
      mesh, smooth: smooth, viewSize: viewSize, displayScale: displayScale)
    let required = rendered.requiredSampleOffset(
      viewSize: viewSize, addressMode: addressMode, edges: edges, displayScale: displayScale,
      filterMinification: filterMinification)
    self.mesh = rendered
    self.maxSampleOffset = CGSize(
      width: max(maxSampleOffset.width, required.width),
      height: max(maxSampleOffset.height, required.height))
    let data = ShaderMeshData.pack(rendered, edges: edges)
    self.data = data
    EffectWorkLog.count {
      $0.meshPlans += 1
      $0.meshFloats += data.count
    }
  }

  /// The mesh the shader draws for `mesh`: itself, or with `smooth` its
  /// Catmull-Rom surface at the view's size in pixels
  /// (``WarpMesh/smoothed(outputSize:contentSize:tolerance:)``, 0.1 px
  /// tolerance); piecewise when the mesh is not a grid or the size cannot
  /// be smoothed. The one place the drawn surface is chosen: the modifier
  /// draws it, ``MeshWarpHitTester`` maps taps through it.
  package static func drawnMesh(
    _ mesh: WarpMesh, smooth: Bool, viewSize: CGSize, displayScale: CGFloat
  ) -> WarpMesh {
    guard smooth else { return mesh }
    let scale = displayScale.isFinite && displayScale > 0 ? Double(displayScale) : 1
    let pixels = Vector2(Double(viewSize.width) * scale, Double(viewSize.height) * scale)
    return (try? mesh.smoothed(outputSize: pixels)) ?? mesh
  }

  /// Everything a plan depends on.
  @_spi(Benchmarks) public struct Key: Hashable, Sendable {
    var mesh: WarpMesh
    var smooth: Bool
    var width, height, displayScale, offsetWidth, offsetHeight: Double
    var addressMode: AddressMode
    var edges: EdgePolicy
    var filterMinification: Bool

    package init(
      mesh: WarpMesh, smooth: Bool, width: Double, height: Double, displayScale: Double,
      offsetWidth: Double, offsetHeight: Double, addressMode: AddressMode, edges: EdgePolicy,
      filterMinification: Bool
    ) {
      self.mesh = mesh
      self.smooth = smooth
      self.width = width
      self.height = height
      self.displayScale = displayScale
      self.offsetWidth = offsetWidth
      self.offsetHeight = offsetHeight
      self.addressMode = addressMode
      self.edges = edges
      self.filterMinification = filterMinification
    }
  }

  /// The plan for these arguments, made once and then taken from `store`,
  /// the view's own (SwiftUI calls `visualEffect` every frame; smoothing
  /// and packing a full-screen grid cost milliseconds: see the
  /// `effect-plan-smooth` and `effect-plan-cached` cases of
  /// Benchmarks/SwiftUILayer). The store keeps the view's last plan: a
  /// still view makes one, an animated view one a frame, however many
  /// other views are warped. Same arguments as
  /// ``init(mesh:smooth:viewSize:displayScale:maxSampleOffset:addressMode:edges:filterMinification:)``.
  @_spi(Benchmarks) public static func cached(
    mesh: WarpMesh, smooth: Bool, viewSize: CGSize, displayScale: CGFloat,
    maxSampleOffset: CGSize, addressMode: AddressMode, edges: EdgePolicy = .transparent,
    filterMinification: Bool = true, in store: LastPlanStore<Key, MeshWarpRenderPlan>
  ) -> MeshWarpRenderPlan {
    let key = Key(
      mesh: mesh, smooth: smooth, width: Double(viewSize.width), height: Double(viewSize.height),
      displayScale: Double(displayScale), offsetWidth: Double(maxSampleOffset.width),
      offsetHeight: Double(maxSampleOffset.height), addressMode: addressMode, edges: edges,
      filterMinification: filterMinification)
    return store.plan(for: key) {
      MeshWarpRenderPlan(
        mesh: mesh, smooth: smooth, viewSize: viewSize, displayScale: displayScale,
        maxSampleOffset: maxSampleOffset, addressMode: addressMode, edges: edges,
        filterMinification: filterMinification)
    }
  }
}

import Foundation

/// An interpolating thin-plate spline from the plane to the plane: the
/// smoothest map (least bending energy) with f(cₖ) = vₖ exactly.
///
/// f(p) = a₀ + a₁·x + a₂·y + Σₖ wₖ·U(|p − cₖ|), U(r) = r²·log r (U(0) = 0),
/// with Σ wₖ = Σ wₖ·xₖ = Σ wₖ·yₖ = 0; per output axis, the weights solve
/// [K P; Pᵀ 0]·[w; a] = [v; 0] with Kᵢⱼ = U(|cᵢ − cⱼ|) and Pᵢ = (1, xᵢ, yᵢ)
/// (F. L. Bookstein, "Principal warps: thin-plate splines and the
/// decomposition of deformations", IEEE TPAMI 11(6), 1989). No smoothing.
/// The system is solved by LU decomposition with partial pivoting in
/// Double, O(n³) (``maximumPoints`` keeps it under about a second).
/// Coordinates are centred and scaled by the points' extent first, which
/// changes nothing but the conditioning: with the side conditions, the
/// r²·log s term a scale s adds is a constant, absorbed by a₀.
public struct ThinPlateSpline: Sendable {
  /// The most control points (the solve is O(n³) time and O(n²) memory).
  public static let maximumPoints = 2000

  let centres: [Vector2]
  let weights: [Vector2]
  /// The centres and weights again, by component in groups of four (the
  /// last group padded with zero weights), for ``evaluateRow(y:xs:into:)``.
  let lanes: [(cx: SIMD4<Double>, cy: SIMD4<Double>, wx: SIMD4<Double>, wy: SIMD4<Double>)]
  /// a₀, a₁, a₂ per output axis.
  let affine: (Vector2, Vector2, Vector2)
  let shift: Vector2
  let scale: Double

  /// The spline through `values[k]` at `controlPoints[k]`.
  ///
  /// - Throws: ``WarpMeshError/tooManyPoints(count:limit:)`` beyond
  ///   ``maximumPoints`` (checked first, so huge inputs fail at once),
  ///   ``WarpMeshError/invalidCoordinate(vertex:detail:)``,
  ///   ``WarpMeshError/duplicatePoint(first:second:)``,
  ///   ``WarpMeshError/collinearPoints(count:)`` (fewer than three points
  ///   off one line), ``WarpMeshError/singularSystem``.
  public init(controlPoints: [Vector2], values: [Vector2]) throws(WarpMeshError) {
    precondition(controlPoints.count == values.count, "one value per control point")
    let n = controlPoints.count
    guard n <= Self.maximumPoints else {
      throw .tooManyPoints(count: n, limit: Self.maximumPoints)
    }
    for (k, (c, v)) in zip(controlPoints, values).enumerated() {
      guard [c.x, c.y, v.x, v.y].allSatisfy({ $0.isFinite && abs($0) < 1e9 }) else {
        throw .invalidCoordinate(
          vertex: k, detail: "a coordinate is not finite or beyond ±10⁹: \(c) → \(v)")
      }
    }
    var seen: [Vector2: Int] = [:]
    for (k, c) in controlPoints.enumerated() {
      if let first = seen[c] { throw .duplicatePoint(first: first, second: k) }
      seen[c] = k
    }
    guard n >= 3 else { throw .collinearPoints(count: n) }
    // Centre and scale.
    let lo = controlPoints.reduce(controlPoints[0]) { pointwiseMin($0, $1) }
    let hi = controlPoints.reduce(controlPoints[0]) { pointwiseMax($0, $1) }
    let shift = (lo + hi) / 2
    let scale = max(hi.x - lo.x, hi.y - lo.y) / 2
    let c = controlPoints.map { ($0 - shift) / scale }
    // Collinear: every point within 10⁻⁹ of the extent off the line
    // through the first point and the farthest from it.
    let far = c.max { (($0 - c[0]) * ($0 - c[0])).sum() < (($1 - c[0]) * ($1 - c[0])).sum() }!
    let dir = far - c[0]
    let length = (dir * dir).sum().squareRoot()
    guard c.contains(where: { abs(cross(dir, $0 - c[0])) > 1e-9 * length }) else {
      throw .collinearPoints(count: n)
    }
    let size = n + 3
    var m = [Double](repeating: 0, count: size * size)
    var rhs = [Vector2](repeating: .zero, count: size)
    for i in 0..<n {
      for j in 0..<n where j != i {
        m[i * size + j] = Self.kernel(c[i] - c[j])
      }
      m[i * size + n] = 1
      m[i * size + n + 1] = c[i].x
      m[i * size + n + 2] = c[i].y
      m[n * size + i] = 1
      m[(n + 1) * size + i] = c[i].x
      m[(n + 2) * size + i] = c[i].y
      rhs[i] = values[i]
    }
    guard let solution = Self.solve(&m, &rhs, size: size) else { throw .singularSystem }
    centres = c
    weights = Array(solution[0..<n])
    lanes = stride(from: 0, to: n, by: 4).map { k in
      var group = (
        cx: SIMD4<Double>.zero, cy: SIMD4<Double>.zero, wx: SIMD4<Double>.zero,
        wy: SIMD4<Double>.zero
      )
      for j in 0..<min(4, n - k) {
        group.cx[j] = c[k + j].x
        group.cy[j] = c[k + j].y
        group.wx[j] = solution[k + j].x
        group.wy[j] = solution[k + j].y
      }
      return group
    }
    affine = (solution[n], solution[n + 1], solution[n + 2])
    self.shift = shift
    self.scale = scale
  }

  /// U(|d|) = |d|²·log|d| = ½·|d|²·log|d|², 0 at d = 0.
  @inline(__always) static func kernel(_ d: Vector2) -> Double {
    let r2 = (d * d).sum()
    return r2 > 0 ? 0.5 * r2 * log(r2) : 0
  }

  /// Solves `m · x = rhs` (two right-hand sides, as the x and y of each
  /// `Vector2`) in place by LU decomposition with partial pivoting; `nil`
  /// when a pivot is below 10⁻¹² of the matrix's largest entry.
  static func solve(_ m: inout [Double], _ rhs: inout [Vector2], size n: Int) -> [Vector2]? {
    let largest = m.map(abs).max() ?? 0
    guard largest > 0 else { return nil }
    return m.withUnsafeMutableBufferPointer { a -> [Vector2]? in
      for k in 0..<n {
        var pivot = k
        var best = abs(a[k * n + k])
        for i in (k + 1)..<n where abs(a[i * n + k]) > best {
          best = abs(a[i * n + k])
          pivot = i
        }
        guard best > 1e-12 * largest else { return nil }
        if pivot != k {
          for j in 0..<n { a.swapAt(k * n + j, pivot * n + j) }
          rhs.swapAt(k, pivot)
        }
        let diagonal = a[k * n + k]
        for i in (k + 1)..<n {
          let factor = a[i * n + k] / diagonal
          guard factor != 0 else { continue }
          a[i * n + k] = 0
          for j in (k + 1)..<n { a[i * n + j] -= factor * a[k * n + j] }
          rhs[i] -= factor * rhs[k]
        }
      }
      var x = [Vector2](repeating: .zero, count: n)
      for i in stride(from: n - 1, through: 0, by: -1) {
        var sum = rhs[i]
        for j in (i + 1)..<n { sum -= a[i * n + j] * x[j] }
        x[i] = sum / a[i * n + i]
      }
      return x
    }
  }

  /// f(p).
  public func callAsFunction(_ p: Vector2) -> Vector2 {
    let q = (p - shift) / scale
    var sum = affine.0 + affine.1 * q.x + affine.2 * q.y
    for k in centres.indices { sum += weights[k] * Self.kernel(q - centres[k]) }
    return sum
  }

  /// f at (x, `y`) for every x of `xs`, written to `out[0..<xs.count]`:
  /// the same sum as ``callAsFunction(_:)``, four centres at a time, with
  /// log from ``log4(_:)`` (within 10⁻¹⁵ relative of libm's; the two
  /// agree to 10⁻⁹ px, `ThinPlateSplineTests`). Lattices are evaluated
  /// row by row through it: it is most of a spline mesh's cost.
  func evaluateRow(
    y: Double, xs: UnsafeBufferPointer<Double>, into out: UnsafeMutablePointer<Vector2>
  ) {
    let qy = (y - shift.y) / scale
    let base = affine.0 + affine.2 * qy
    lanes.withUnsafeBufferPointer { groups in
      for (i, x) in xs.enumerated() {
        let qx = (x - shift.x) / scale
        var sx = SIMD4<Double>.zero
        var sy = SIMD4<Double>.zero
        for g in groups {
          let dx = qx - g.cx
          let dy = qy - g.cy
          let r2 = dx * dx + dy * dy
          // U = ½·r²·log r², 0 at r = 0 (log4 of 1 is 0).
          let u = 0.5 * r2 * Self.log4(r2.replacing(with: 1, where: r2 .<= 0x1p-1000))
          sx += g.wx * u
          sy += g.wy * u
        }
        out[i] = base + affine.1 * qx + Vector2(sx.sum(), sy.sum())
      }
    }
  }

  /// The natural logarithm of four positive, normal numbers: with
  /// x = m·2ᵉ, m ∈ [√½, √2), log x = e·log 2 + 2·atanh(s), s = (m − 1)/(m + 1),
  /// |s| ≤ 0.172, and 2·atanh(s) = 2s·Σ s²ᵏ/(2k + 1) summed to k = 8 (the
  /// first term left out is below 10⁻¹⁵ of the result; Abramowitz and
  /// Stegun 4.1.28). Vector arithmetic only: libm's scalar `log` was a third
  /// of a spline mesh's time.
  @inline(__always) static func log4(_ x: SIMD4<Double>) -> SIMD4<Double> {
    let bits = unsafeBitCast(x, to: SIMD4<UInt64>.self)
    var exponent = SIMD4<Int64>(truncatingIfNeeded: bits &>> 52) &- 1023
    var m = unsafeBitCast(
      (bits & 0x000F_FFFF_FFFF_FFFF) | 0x3FF0_0000_0000_0000, to: SIMD4<Double>.self)
    let above = m .> 1.4142135623730951
    m = m.replacing(with: m * 0.5, where: above)
    exponent = exponent.replacing(with: exponent &+ 1, where: above)
    let s = (m - 1) / (m + 1)
    let z = s * s
    // Estrin's scheme (a shorter dependency chain than Horner's).
    let z2 = z * z
    let z4 = z2 * z2
    let c1: SIMD4<Double> = 1 + z * (1.0 / 3)
    let c2: SIMD4<Double> = 1.0 / 5 + z * (1.0 / 7)
    let c3: SIMD4<Double> = 1.0 / 9 + z * (1.0 / 11)
    let c4: SIMD4<Double> = 1.0 / 13 + z * (1.0 / 15)
    let low: SIMD4<Double> = c1 + z2 * c2
    let high: SIMD4<Double> = c3 + z2 * c4 + z4 * (1.0 / 17)
    let series: SIMD4<Double> = low + z4 * high
    return SIMD4<Double>(exponent) * 0.6931471805599453 + 2 * s * series
  }
}

extension WarpMesh {
  /// A warp that pulls a few points: the thin-plate spline f from output to
  /// content with f(toₖ) = fromₖ for every pair (``ThinPlateSpline``, both
  /// axes in pixels), as a fine grid mesh over the output that the CPU
  /// renderer and the shader take like any other.
  ///
  /// The mesh's `to` points are a regular lattice over the output and its
  /// `from` points the spline there. The lattice starts at about 32 px and
  /// every column and row holding a cell whose bilinear face misses the
  /// spline by more than `tolerance` pixels at its centre or an edge
  /// midpoint (where a bilinear interpolant's error peaks) is cut in half,
  /// until every cell fits or is 1 px: the columns and rows through the
  /// control points (where r²·log r bends most) end finer than the rest.
  /// (The CPU renderer draws such a lattice without per-face set-up.)
  ///
  /// - Parameters:
  ///   - pairs: the points, in normalized coordinates (`from` on the
  ///     content, `to` on the output).
  ///   - outputSize: the output in pixels.
  ///   - contentSize: the content in pixels; default `outputSize`.
  ///   - pinCorners: pin the four corners to themselves (default), except
  ///     a corner that a pair's `to` already sits on.
  ///   - tolerance: the largest deviation from the spline in pixels.
  /// - Throws: ``WarpMeshError``, as ``ThinPlateSpline/init(controlPoints:values:)``,
  ///   and ``WarpMeshError/tooManyFaces(needed:limit:)``.
  public static func thinPlateSpline(
    pairs: [MeshPointPair], outputSize: Vector2, contentSize: Vector2? = nil,
    pinCorners: Bool = true, tolerance: Double = 0.1
  ) throws(WarpMeshError) -> WarpMesh {
    let content = contentSize ?? outputSize
    for size in [outputSize, content] {
      guard size.x.isFinite, size.y.isFinite, size.x >= 1, size.y >= 1, size.x < 1e6,
        size.y < 1e6
      else { throw .invalidParameter("sizes must be positive and finite: \(size.x)×\(size.y)") }
    }
    guard tolerance.isFinite, tolerance > 0 else {
      throw .invalidParameter("tolerance \(tolerance) must be a positive number of pixels")
    }
    guard pairs.count <= ThinPlateSpline.maximumPoints else {
      throw .tooManyPoints(count: pairs.count, limit: ThinPlateSpline.maximumPoints)
    }
    // Every pair in place, with the same normalized sizes: the spline is
    // the identity exactly (the identity interpolates, and the spline
    // through given values is unique), so it renders exactly.
    if pairs.allSatisfy({ $0.from == $0.to }), content == outputSize, pairs.count >= 3 {
      _ = try ThinPlateSpline(
        controlPoints: pairs.map { Vector2($0.to) }, values: pairs.map { Vector2($0.from) })
      return identity(columns: 2, rows: 2)
    }
    var controls = pairs.map { Vector2($0.to) * outputSize }
    var values = pairs.map { Vector2($0.from) * content }
    if pinCorners {
      for corner in [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)] {
        let p = corner * outputSize
        guard !controls.contains(p) else { continue }
        controls.append(p)
        values.append(corner * content)
      }
    }
    let spline = try ThinPlateSpline(controlPoints: controls, values: values)
    let lattice = try OutputLattice.refined(outputSize: outputSize, tolerance: tolerance) {
      y, xs, out in spline.evaluateRow(y: y, xs: xs, into: out)
    }
    return lattice.mesh(outputSize: outputSize, contentSize: content)
  }
}

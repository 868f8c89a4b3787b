/// Hermite smoothstep `3x² − 2x³` of `x` clamped to 0…1: 0 at 0, 1 at 1, zero
/// slope at both ends. BCGenieEffect eases both of its phases with it.
@inlinable package func smoothstep(_ x: Double) -> Double {
  let t = min(max(x, 0), 1)
  return t * t * (3 - 2 * t)
}

/// GLSL's `smoothstep(edge0, edge1, x)`: 0 up to `edge0`, 1 from `edge1`,
/// `smoothstep((x − edge0)/(edge1 − edge0))` between.
///
/// - Precondition: `edge0 != edge1`.
@inlinable package func smoothstep(_ edge0: Double, _ edge1: Double, _ x: Double) -> Double {
  precondition(edge0 != edge1, "smoothstep needs two distinct edges")
  return smoothstep((x - edge0) / (edge1 - edge0))
}

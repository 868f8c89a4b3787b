import Foundation

/// Builds the warp mesh of one frame of a genie effect: the view's content
/// bending into a funnel and sliding into the target (BCGenieEffect's
/// model; Documentation/Genie.md).
///
/// ## The model
///
/// In travel coordinates (s along the travel direction toward the target,
/// c across it; see ``GenieEdge``), with the view spanning s ∈ [v₀, v₁] and
/// the target s ∈ [t₀, t₁] (t₀ ≥ v₁), at animation progress p:
///
/// - **Curve** (κ = ``GenieTiming/curveProgress(at:)``): each funnel side
///   runs from the view's far corner (c = view edge, s = v₀) to
///   c = mix(view edge, target edge, κ) at s = t₀ along the S-shaped cubic
///   of `genieFunnelProfile(_:)`; past t₀ the sides run straight.
/// - **Slide** (λ = ``GenieTiming/slideProgress(at:)``): the content moves
///   by λ·(t₀ − v₀) toward the target, so at λ = 1 its far edge reaches t₀.
/// - **Squeeze**: a content point whose slid position s′ lies past t₀ sits
///   at t₀ + (s′ − t₀)·k, k = (t₁ − t₀)/(v₁ − v₀): the part that has
///   entered the target is compressed evenly, and at p = 1 the whole
///   content fills the target exactly.
/// - Across, a content point at fraction w of the view's width sits at
///   fraction w between the two sides at its s.
///
/// Written as a displacement, a vertex at rest at (s, c) moves to
/// (s_p, c + g·(c_target − c)) where c_target is its place across the
/// target and g = κ·profile((s_p − v₀)/(t₀ − v₀)) (κ past t₀). Because κ,
/// λ and the profile are non-decreasing, **every vertex moves
/// monotonically toward its final place in the target** on both axes: its
/// distance to that place, and to the target rect, never grows with p.
///
/// ## The mesh
///
/// A grid of ``GenieDensity/alongTravel`` vertex lines across the content
/// (evenly spaced along the travel direction) by ``GenieDensity/across``
/// vertices per line, row-major as ``WarpMesh/identity(columns:rows:)``
/// builds it: `columns × rows` = across × along for `.bottom`/`.top`,
/// along × across for `.left`/`.right`. `from` is that identity grid,
/// normalized to the **view's own image** (the content); `to` is normalized
/// to the **canvas**. Every frame has the same vertices and faces, so two
/// frames interpolate.
///
/// - Progress 0 is the identity: `to` is exactly
///   `((viewRect.minX + from.x·viewRect.width)/canvas.width,
///   (viewRect.minY + from.y·viewRect.height)/canvas.height)` (the
///   displacement is exactly zero).
/// - Progress 1 puts every `to` inside the target (within rounding,
///   ~1e-15 of the canvas).
/// - Genie-out (restoring a minimized view) is genie-in reversed: ask for
///   progress 1 − p.
/// - Every face is a trapezoid with two sides parallel to the travel
///   direction's normal and both of positive length, so every warped quad
///   is convex: the mesh validates with no errors and no warnings.
///
/// Complexity: O(along × across) per mesh.
public struct GenieMeshGenerator: Hashable, Sendable {
  public let layout: GenieLayout
  public let timing: GenieTiming
  public let density: GenieDensity

  /// Checks and stores the effect's parameters.
  ///
  /// - Throws: ``GenieError/invalidTiming(detail:)`` or
  ///   ``GenieError/invalidDensity(detail:)``.
  public init(
    layout: GenieLayout, timing: GenieTiming = .macOS, density: GenieDensity = .standard
  ) throws(GenieError) {
    try timing.validate()
    try density.validate()
    self.layout = layout
    self.timing = timing
    self.density = density
  }

  /// The grid shape of every mesh this generator builds.
  public var gridShape: WarpMesh.GridShape {
    layout.edge.travelAxis == 1
      ? WarpMesh.GridShape(columns: density.across, rows: density.alongTravel)
      : WarpMesh.GridShape(columns: density.alongTravel, rows: density.across)
  }

  /// The mesh at animation progress `progress`.
  ///
  /// - Parameter progress: 0 (the view untouched) … 1 (the content inside
  ///   the target). For genie-out pass 1 − p.
  /// - Throws: ``GenieError/progressOutOfRange(_:)`` for NaN or a value
  ///   outside 0…1 (clamp a spring's overshoot first).
  public func mesh(progress: Double) throws(GenieError) -> WarpMesh {
    guard progress >= 0, progress <= 1 else { throw .progressOutOfRange(progress) }
    let shape = gridShape
    var mesh = WarpMesh.identity(columns: shape.columns, rows: shape.rows)
    let f = layout.frame
    let curve = timing.curveProgress(at: progress)
    let slide = timing.slideProgress(at: progress)
    let shift = slide * (f.targetNear - f.viewFar)
    let k = (f.targetFar - f.targetNear) / (f.viewNear - f.viewFar)
    let funnelLength = f.targetNear - f.viewFar
    let view = layout.viewRect
    let origin = Vector2(view.minX, view.minY)
    let size = Vector2(view.width, view.height)
    let canvas = Vector2(layout.canvasSize.width, layout.canvasSize.height)
    let a = f.axis
    let across = 1 - a
    for i in mesh.pointPairs.indices {
      let from = Vector2(mesh.pointPairs[i].from)
      let rest = origin + from * size
      // Along: slide, then squeeze what has passed the target's near edge.
      let sRest = f.sign * rest[a]
      let slid = sRest + shift
      let s = slid <= f.targetNear ? slid : f.targetNear + (slid - f.targetNear) * k
      // Across: toward this point's place across the target, by the
      // funnel's progress at s.
      let w = from[across]
      let cTarget = f.targetAcross.lo + w * (f.targetAcross.hi - f.targetAcross.lo)
      let g =
        s >= f.targetNear ? curve : curve * genieFunnelProfile((s - f.viewFar) / funnelLength)
      var delta = Vector2.zero
      delta[a] = f.sign * (s - sRest)
      delta[across] = g * (cTarget - rest[across])
      mesh.pointPairs[i].to = ((rest + delta) / canvas).cgPoint
    }
    return mesh
  }
}

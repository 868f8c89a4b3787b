/// When the genie's two phases run within the animation's progress, and
/// how each is eased.
///
/// BCGenieEffect's model (Documentation/Genie.md): the **curve** phase bends the
/// funnel's sides from the view's edges toward the target's; the **slide**
/// phase moves the content down the funnel into the target. They overlap,
/// so the content starts to slide while the funnel is still forming. Each
/// phase's own progress is `easing(clamp((t − start)/(end − start), 0, 1))`.
///
/// | property | default (macOS-like, BCGenieEffect's) | range |
/// | --- | --- | --- |
/// | `curve` | 0…0.4 | any non-empty sub-range of 0…1 |
/// | `slide` | 0.3…1 | any non-empty sub-range of 0…1 |
/// | `easing` | `.smoothstep` (3x² − 2x³) | any ``EasingCurve`` |
///
/// Worked example: a 0.6 s animation with the defaults bends the funnel
/// during its first 0.24 s and slides from 0.18 s to the end; at t = 0.5
/// (0.3 s) the funnel is complete (curve progress 1) and the slide is at
/// smoothstep(2/7) ≈ 0.198. Starting the slide later than 0.4 gives a
/// visible pause with a formed funnel; starting it at 0 makes the content
/// move before the funnel has shape, which looks like a plain scale.
///
/// Progress 0 must be the untouched view and progress 1 the content inside
/// the target, so both phases must start at or after 0 and end at or before
/// 1 (``validate()``).
public struct GenieTiming: Hashable, Sendable, Codable {
  /// The part of the animation's progress over which the funnel bends.
  public var curve: ClosedRange<Double>
  /// The part of the animation's progress over which the content slides in.
  public var slide: ClosedRange<Double>
  /// The easing of both phases.
  public var easing: EasingCurve

  /// Creates a timing; ``GenieMeshGenerator`` validates it.
  public init(
    curve: ClosedRange<Double> = 0...0.4, slide: ClosedRange<Double> = 0.3...1,
    easing: EasingCurve = .smoothstep
  ) {
    self.curve = curve
    self.slide = slide
    self.easing = easing
  }

  /// BCGenieEffect's constants, close to macOS's genie: curve 0…0.4, slide
  /// 0.3…1, smoothstep.
  public static let macOS = GenieTiming()

  /// The eased curve-phase progress (0…1) at animation progress `t`.
  public func curveProgress(at t: Double) -> Double { Self.phase(curve, easing, t) }

  /// The eased slide-phase progress (0…1) at animation progress `t`.
  public func slideProgress(at t: Double) -> Double { Self.phase(slide, easing, t) }

  /// `easing(clamp((t − lo)/(hi − lo)))`; for smoothstep this is GLSL's
  /// `smoothstep(lo, hi, t)`. Exactly 0 for t ≤ lo and 1 for t ≥ hi.
  static func phase(_ range: ClosedRange<Double>, _ easing: EasingCurve, _ t: Double) -> Double {
    if t <= range.lowerBound { return 0 }
    if t >= range.upperBound { return 1 }
    if easing == .smoothstep { return smoothstep(range.lowerBound, range.upperBound, t) }
    return easing((t - range.lowerBound) / (range.upperBound - range.lowerBound))
  }

  /// Checks that both phases are finite, non-empty and inside 0…1.
  ///
  /// - Throws: ``GenieError/invalidTiming(detail:)`` naming the phase.
  public func validate() throws(GenieError) {
    for (name, r) in [("curve", curve), ("slide", slide)] {
      guard r.lowerBound.isFinite, r.upperBound.isFinite else {
        throw .invalidTiming(detail: "the \(name) phase \(r) is not finite")
      }
      guard r.lowerBound >= 0, r.upperBound <= 1 else {
        throw .invalidTiming(
          detail:
            "the \(name) phase \(r) must lie within 0...1 (progress 0 is the view, 1 the target)"
        )
      }
      guard r.lowerBound < r.upperBound else {
        throw .invalidTiming(detail: "the \(name) phase \(r) is empty")
      }
    }
  }
}

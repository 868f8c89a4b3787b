import Foundation
import MeshWarpCore
@_spi(Benchmarks) import MeshWarpEffect

/// A mesh effect's per-frame CPU work in `MeshEffectModifier`: the input of
/// its layer function (`MeshEffectShaderInput.make`: the field checked and
/// resolved for the view's pixels, its sample offset, its floats packed)
/// for a 300 × 300 pt view at 3 px per point (900 × 900 px), animated: each
/// run a new frame of a 60-frame loop, so nothing is reused.
/// `effect-field-KIND` times it for each kind; `effect-mesh-KIND` times what
/// the modifier did before for the same view, a mesh found within 0.25 px
/// (`MeshEffect.mesh(width:height:tolerance:)`) and packed
/// (`MeshWarpRenderPlan`).
func effectFieldCases() -> [BenchCase] {
  let view = CGSize(width: 300, height: 300)
  let loops: [(String, (Double) -> MeshEffect)] = [
    ("twirl", { .twirl(degrees: 30 + 300 * $0) }),
    ("pinch", { .bulge(strength: -0.3 - 0.6 * $0) }),
    ("ripple", { .ripple(amplitude: 0.01, wavelength: 0.08, phase: 2 * .pi * $0) }),
    ("wave", { .wave(amplitude: 0.03, wavelength: 0.3, phase: 2 * .pi * $0) }),
    ("lens", { .lens(distortion: LensDistortion(k1: -0.1 - 0.3 * $0, k2: 0.05)) }),
    (
      "lens-applied",
      { .lens(distortion: LensDistortion(k1: -0.1 - 0.2 * $0, k2: 0.05), inverse: true) }
    ),
  ]
  var cases: [BenchCase] = []
  for (name, effect) in loops {
    let frames = (0..<60).map { effect(Double($0) / 60) }
    cases.append(
      BenchCase(name: "effect-field-" + name) {
        var frame = 0
        return {
          let input = MeshEffectShaderInput.make(
            effect: frames[frame % frames.count], viewSize: view, displayScale: 3)
          precondition(input.isEnabled && !input.data.isEmpty)
          frame += 1
        }
      })
  }
  for (name, effect) in loops where name == "twirl" || name == "ripple" {
    let frames = (0..<60).map { effect(Double($0) / 60) }
    cases.append(
      BenchCase(name: "effect-mesh-" + name) {
        var frame = 0
        return {
          let mesh = try! frames[frame % frames.count].mesh(width: 900, height: 900)
          let plan = MeshWarpRenderPlan(
            mesh: mesh, smooth: false, viewSize: view, displayScale: 3, maxSampleOffset: .zero,
            addressMode: .clampToEdge)
          precondition(!plan.data.isEmpty)
          frame += 1
        }
      })
  }
  return cases
}

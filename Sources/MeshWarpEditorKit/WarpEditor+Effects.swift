import Foundation
import MeshWarpCore

extension WarpEditor {
  /// The effects W steps through, each with the parameters it starts from.
  static let startingEffects: [MeshEffect] = [
    .twirl(degrees: 90),
    .bulge(strength: 0.5),
    .ripple(amplitude: 0.01, wavelength: 0.1),
    .wave(amplitude: 0.02, wavelength: 0.25),
    .lens(distortion: LensDistortion(k1: -0.2)),
  ]

  /// The editor's mesh tolerance for effects, in window pixels.
  static let effectTolerance = 0.5

  /// W and , .: an effect as the starting mesh, and its main parameter
  /// (twirl angle ±15°, bulge strength ±0.1, ripple amplitude ±0.002,
  /// wave amplitude ±0.005, lens k1 ±0.05). Each regenerates the mesh at
  /// the viewport's size (undo goes back); dragging points afterwards edits
  /// it as any mesh. Returns false for other keys.
  func pressEffectKey(_ key: EditorKey) -> Bool {
    switch key {
    case .nextEffect:
      let all = Self.startingEffects
      let next =
        effect.flatMap { e in all.firstIndex { $0.kind == e.kind } }.map { ($0 + 1) % all.count }
        ?? 0
      applyEffect(all[next], label: "effect \(all[next].kind.rawValue)")
    case .effectParameter(let step):
      guard var e = effect else {
        host.log("effect: none yet (press W)")
        return true
      }
      let d = Double(step)
      switch e.kind {
      case .twirl: e.angle += 15 * d
      case .bulge: e.strength = ((e.strength + 0.1 * d) * 10).rounded() / 10
      case .ripple: e.amplitude = ((e.amplitude + 0.002 * d) * 1000).rounded() / 1000
      case .wave: e.amplitude = ((e.amplitude + 0.005 * d) * 1000).rounded() / 1000
      case .lens: e.distortion.k1 = ((e.distortion.k1 + 0.05 * d) * 100).rounded() / 100
      }
      applyEffect(e, label: "effect \(e.kind.rawValue) \(Self.mainParameter(e))")
    default:
      return false
    }
    return true
  }

  /// The effect's main parameter as the log shows it.
  static func mainParameter(_ e: MeshEffect) -> String {
    switch e.kind {
    case .twirl: return "angle \(logNumber(e.angle, 0))°"
    case .bulge: return "strength \(logNumber(e.strength, 1))"
    case .ripple, .wave: return "amplitude \(logNumber(e.amplitude, 3))"
    case .lens: return "k1 \(logNumber(e.distortion.k1, 2))"
    }
  }

  /// Replaces the mesh with `e`'s at the viewport's size, or logs why not.
  func applyEffect(_ e: MeshEffect, label: String) {
    let made: WarpMesh
    do {
      let viewport = host.viewport
      made = try e.mesh(
        width: viewport.width, height: viewport.height, tolerance: Self.effectTolerance)
    } catch {
      host.log("effect: \(e.kind.rawValue) \(Self.mainParameter(e)) refused: \(error)")
      return
    }
    drag = nil
    selectedPoint = nil
    host.record(label)
    mesh = made
    effect = e
    host.log(
      "effect: \(e.kind.rawValue) \(Self.mainParameter(e)), \(made.grid!.columns)x\(made.grid!.rows) points"
    )
    host.logToggleLocation()
  }
}

import Foundation

extension DemoSession {
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
  /// the frame's size (undo goes back); dragging points afterwards edits
  /// it as any mesh. Returns false for other keys.
  func pressEffectKey(_ key: DemoKey) -> Bool {
    switch key {
    case .nextEffect:
      let all = Self.startingEffects
      let next =
        effect.flatMap { e in all.firstIndex { $0.kind == e.kind } }.map { ($0 + 1) % all.count }
        ?? 0
      applyEffect(all[next], label: "effect \(all[next].kind.rawValue)")
    case .effectParameter(let step):
      guard var e = effect else {
        log("effect: none yet (press W)")
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
    case .twirl: return "angle \(format(e.angle, 0))°"
    case .bulge: return "strength \(format(e.strength, 1))"
    case .ripple, .wave: return "amplitude \(format(e.amplitude, 3))"
    case .lens: return "k1 \(format(e.distortion.k1, 2))"
    }
  }

  /// Replaces the mesh with `e`'s at the frame's size, or logs why not.
  func applyEffect(_ e: MeshEffect, label: String) {
    let made: WarpMesh
    do {
      made = try e.mesh(width: frameWidth, height: frameHeight, tolerance: Self.effectTolerance)
    } catch {
      log("effect: \(e.kind.rawValue) \(Self.mainParameter(e)) refused: \(error)")
      return
    }
    drag = nil
    selectedPoint = nil
    record(label)
    mesh = made
    effect = e
    log(
      "effect: \(e.kind.rawValue) \(Self.mainParameter(e)), \(made.grid!.columns)x\(made.grid!.rows) points"
    )
    logToggleLocation()
  }
}

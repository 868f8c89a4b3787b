import Foundation
import MeshWarpArguments
import MeshWarpCore

extension MeshCommand {
  /// The picture size at which an effect written without `--size` is
  /// checked for folding (a lens's fold and a ripple's hole depend on
  /// it; the parameters are checked again at the picture's size when
  /// drawn).
  static let effectCheckSize = 1024

  /// Writes effect `kind`: without `--size` the effect itself (or with a
  /// range A:B and `--duration` an effect keyframe file: two keyframes,
  /// linear); with `--size` its mesh at that size (or a keyframe file with
  /// a mesh each 1/fps seconds and one at the end, every mesh of the same
  /// shape: the density the most demanding frame needs).
  func writeEffect(_ kind: MeshEffect.Kind, console: Console) throws {
    if let note = effect.untouchedNote(kind) { console.error("note: " + note) }
    do {
      guard let size = self.size.size else {
        try writeEffectDocument(kind, console: console)
        return
      }
      let (w, h) = (size.width, size.height)
      guard let duration = animation.duration, effect.animates else {
        let e = try effect.effect(kind, fraction: 0)
        for warning in effect.warnings(e, width: w, height: h) {
          console.error("meshwarp mesh: warning: \(warning)")
        }
        let mesh = try e.mesh(width: w, height: h, tolerance: tolerance)
        let columns = mesh.grid!.columns
        try output.write(
          Array(mesh.compactJSON(decimals: 8, madeFor: (w, h)).utf8), console: console)
        if !output.isStandardOutput {
          var camera = ""
          if kind == .lens, e.outputCamera != .input {
            let c = e.lensCameras(width: w, height: h).output
            camera =
              "; output camera \([c.fx, c.fy, c.cx, c.cy].map { String(format: "%.8g", $0) }.joined(separator: ","))"
          }
          console.error(
            "wrote \(output.output) (\(kind.rawValue) at \(w)x\(h): \(columns)x\(mesh.grid!.rows) points\(camera))"
          )
        }
        return
      }
      let steps = max(1, Int((duration * animation.fps).rounded()))
      try animation.checkFrameCount(steps + 1)
      let effects = try (0...steps).map {
        try effect.effect(kind, fraction: Double($0) / Double(steps))
      }
      var cells = 2
      for e in effects {
        cells = max(cells, try e.cellsAcross(width: w, height: h, tolerance: tolerance))
      }
      var entries: [String] = []
      var shape = ""
      for (i, e) in effects.enumerated() {
        let mesh = try e.mesh(width: w, height: h, cellsAcross: cells)
        shape = "\(mesh.grid!.columns)x\(mesh.grid!.rows) points"
        let text = mesh.compactJSON(decimals: 8, madeFor: (w, h))
          .split(separator: "\n").joined(separator: "\n    ")
        let time = Double(i) / Double(steps) * duration
        entries.append("  {\"time\": \(time), \"mesh\": \(text)}")
      }
      let document =
        "{\"loop\": \(loop), \"keyframes\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
      try output.write(Array(document.utf8), console: console)
      if !output.isStandardOutput {
        console.error(
          "wrote \(output.output) (\(kind.rawValue) at \(w)x\(h): \(steps + 1) keyframes over \(duration.argumentDescription) s\(loop ? ", looping" : ""), \(shape) each)"
        )
      }
    } catch let error as MeshEffectError {
      throw CLIError.usage(effect.describe(error))
    }
  }

  /// Writes the effect itself: `{"effect": {…}}`, or with ranges
  /// `{"loop": …, "keyframes": [{"time": 0, "effect": {…}}, {"time":
  /// duration, "effect": {…}}]}`, each checked at ``effectCheckSize``
  /// (and a ranged one at 16 points of its way).
  private func writeEffectDocument(_ kind: MeshEffect.Kind, console: Console) throws {
    let side = Self.effectCheckSize
    let text: String
    let summary: String
    if let duration = animation.duration, effect.animates {
      for k in 0...16 {
        try effect.effect(kind, fraction: Double(k) / 16).validate(width: side, height: side)
      }
      let (start, end) = (
        try effect.effect(kind, fraction: 0), try effect.effect(kind, fraction: 1)
      )
      text = """
        {"loop": \(loop), "keyframes": [
          {"time": 0, "effect": \(start.compactJSON)},
          {"time": \(duration.argumentDescription), "effect": \(end.compactJSON)}
        ]}

        """
      summary =
        "\(kind.rawValue) over \(duration.argumentDescription) s\(loop ? ", looping" : ""), drawn at any size"
    } else {
      let e = try effect.effect(kind, fraction: 0)
      try e.validate(width: side, height: side)
      text = "{\"effect\": \(e.compactJSON)}\n"
      summary = "\(kind.rawValue), drawn at any size"
    }
    try output.write(Array(text.utf8), console: console)
    if !output.isStandardOutput {
      console.error("wrote \(output.output) (\(summary), \(text.utf8.count) bytes)")
    }
  }
}

import Foundation
import MeshWarpArguments
import MeshWarpCore

extension MeshCommand {
  /// Writes the mesh of effect `kind` at `--size`: one mesh, or with a
  /// range A:B and `--duration` a keyframe file with a keyframe each
  /// 1/fps seconds (and one at the end), every mesh of the same shape (the
  /// density the most demanding frame needs).
  func writeEffect(_ kind: MeshEffect.Kind, console: Console) throws {
    let size = self.size.size!
    let (w, h) = (size.width, size.height)
    do {
      guard let duration = animation.duration, effect.animates else {
        let e = try effect.effect(kind, fraction: 0)
        for warning in effect.warnings(e, width: w, height: h) {
          console.error("meshwarp mesh: warning: \(warning)")
        }
        let mesh = try e.mesh(width: w, height: h, tolerance: effect.tolerance)
        let columns = mesh.grid!.columns
        try output.write(
          Array(mesh.compactJSON(decimals: 8).utf8), console: console)
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
        cells = max(cells, try e.cellsAcross(width: w, height: h, tolerance: effect.tolerance))
      }
      var entries: [String] = []
      var shape = ""
      for (i, e) in effects.enumerated() {
        let mesh = try e.mesh(width: w, height: h, cellsAcross: cells)
        shape = "\(mesh.grid!.columns)x\(mesh.grid!.rows) points"
        let text = mesh.compactJSON(decimals: 8)
          .split(separator: "\n").joined(separator: "\n    ")
        let time = Double(i) / Double(steps) * duration
        entries.append("  {\"time\": \(time), \"mesh\": \(text)}")
      }
      let document =
        "{\"loop\": false, \"keyframes\": [\n" + entries.joined(separator: ",\n") + "\n]}\n"
      try output.write(Array(document.utf8), console: console)
      if !output.isStandardOutput {
        console.error(
          "wrote \(output.output) (\(kind.rawValue) at \(w)x\(h): \(steps + 1) keyframes over \(duration.argumentDescription) s, \(shape) each)"
        )
      }
    } catch let error as MeshEffectError {
      throw CLIError.usage(effect.describe(error))
    }
  }
}

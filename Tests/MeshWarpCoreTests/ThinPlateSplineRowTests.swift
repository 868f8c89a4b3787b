import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore

/// The spline's row evaluator (four centres at a time, its own log)
/// against the one-point sum with libm's log.
@Suite struct ThinPlateSplineRowTests {
  @Test func logMatchesLibm() {
    var rng = SeededRandom(seed: 0x106)
    var worst = 0.0
    for _ in 0..<20_000 {
      // Magnitudes from 10⁻³⁰⁰ to 10³⁰⁰, and values near 1 and √2.
      let x = SIMD4<Double>(
        pow(10, rng.double(in: -300...300)), rng.double(in: 0.9...1.1),
        rng.double(in: 1.40...1.43), rng.double(in: 1e-9...1e9))
      let got = ThinPlateSpline.log4(x)
      for k in 0..<4 {
        let e = abs(got[k] - log(x[k])) / max(1, abs(log(x[k])))
        worst = max(worst, e)
      }
    }
    #expect(worst < 1e-14, "worst relative error \(worst)")
  }

  @Test func rowsMatchPointEvaluation() throws {
    var rng = SeededRandom(seed: 0x7B5)
    var worst = 0.0
    for trial in 0..<20 {
      let n = 3 + trial * 3
      let controls = (0..<n).map { _ in
        Vector2(rng.double(in: 0...1920), rng.double(in: 0...1080))
      }
      let values = controls.map {
        $0 + Vector2(rng.double(in: -40...40), rng.double(in: -40...40))
      }
      let spline = try ThinPlateSpline(controlPoints: controls, values: values)
      // Rows through the control points too (r = 0 there).
      let xs = (0..<97).map { Double($0) * 20 } + controls.map(\.x)
      var row = [Vector2](repeating: .zero, count: xs.count)
      for y in [0, 333.3, 1080] + controls.prefix(3).map(\.y) {
        xs.withUnsafeBufferPointer { spline.evaluateRow(y: y, xs: $0, into: &row) }
        for (x, got) in zip(xs, row) {
          let e = got - spline(Vector2(x, y))
          worst = max(worst, (e * e).sum().squareRoot())
        }
      }
    }
    #expect(worst < 1e-9, "row vs point: \(worst) px")
  }
}

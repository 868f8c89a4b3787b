import MeshWarpCore
import Testing

/// CSS / SwiftUI timing curves.
@Suite struct AnimationTimingCurveTests {
  static let curves: [TimingCurve] = [
    .linear, .easeIn, .easeOut, .easeInOut, .ease,
    .cubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5), .cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1),
    .cubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
  ]

  @Test(arguments: curves) func endpointsAreExact(curve: TimingCurve) {
    #expect(curve(0) == 0)
    #expect(curve(1) == 1)
    #expect(curve(-3) == 0)
    #expect(curve(7) == 1)
    #expect(curve(.nan) == 0)
  }

  /// Curves whose y control values lie in 0…1 never decrease.
  @Test(arguments: [TimingCurve.linear, .easeIn, .easeOut, .easeInOut, .ease])
  func namedCurvesAreMonotonic(curve: TimingCurve) {
    var previous = 0.0
    for i in 0...1000 {
      let y = curve(Double(i) / 1000)
      #expect(y >= previous - 1e-12, "f(\(Double(i) / 1000)) = \(y) < \(previous)")
      #expect((0...1).contains(y))
      previous = y
    }
  }

  /// Reference values from an independent 200-step bisection in Python
  /// (double precision) of the same Bézier.
  @Test func matchesIndependentCubicBezierValues() {
    let xs = [0.1, 0.25, 0.5, 0.75, 0.9]
    let cases: [(TimingCurve, [Double])] = [
      (.ease, [0.094796305716, 0.408510591355, 0.802403387585, 0.960458978349, 0.994316477485]),
      (.easeIn, [0.017026609652, 0.093464650719, 0.315356812573, 0.621861869175, 0.839427845762]),
      (.easeOut, [0.160572154238, 0.378138130825, 0.684643187427, 0.906535349281, 0.982973390348]),
      (
        .easeInOut,
        [0.019722453548, 0.129161931047, 0.5, 0.870838068953, 0.980277546452]
      ),
      (
        .cubicBezier(x1: 0.3, y1: -0.5, x2: 0.7, y2: 1.5),
        [-0.080791609825, 0.028078038037, 0.5, 0.971921961963, 1.080791609825]
      ),
    ]
    for (curve, expected) in cases {
      for (x, y) in zip(xs, expected) {
        #expect(abs(curve(x) - y) < 1e-9, "\(curve) at \(x): \(curve(x)) vs \(y)")
      }
    }
    // CSS's `ease` at 0.5, the value usually quoted.
    #expect(abs(TimingCurve.ease(0.5) - 0.8024) < 1e-4)
  }

  /// x1 = 1, x2 = 0 makes x(s) flat at s = ½: Newton stalls there and the
  /// bisection has to find it.
  @Test func flatXSlopeFallsBackToBisection() {
    let curve = TimingCurve.cubicBezier(x1: 1, y1: 0, x2: 0, y2: 1)
    #expect(abs(curve(0.5) - 0.5) < 1e-3)
    #expect(abs(curve(0.25) - 0.029724605512) < 1e-9)
  }

  @Test func problemsAreNamed() {
    #expect(TimingCurve.ease.problem == nil)
    #expect(
      TimingCurve.cubicBezier(x1: 1.5, y1: 0, x2: 0.5, y2: 1).problem?.contains("0…1") == true)
    #expect(TimingCurve.cubicBezier(x1: .nan, y1: 0, x2: 0.5, y2: 1).problem != nil)
    #expect(TimingCurve.cubicBezier(x1: 0.5, y1: -9, x2: 0.5, y2: 9).problem == nil)
  }
}

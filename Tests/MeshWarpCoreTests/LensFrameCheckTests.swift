import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore

/// The lens's per-frame checks, cheap enough for an animated lens: the
/// radius-only shortcuts agree with the lattice scans they stand in for,
/// an applied lens that leaves part of the frame without content is
/// refused, and the sample-offset bound covers |G(q) − q| everywhere.
@Suite struct LensFrameCheckTests {
  /// Random lenses (standard with tangential terms, rational, fisheye) and
  /// cameras, some folding, some not.
  static func randomLenses(count: Int, seed: UInt64) -> [(LensModel, Int, Int)] {
    var random = SeededRandom(seed: seed)
    var lenses: [(LensModel, Int, Int)] = []
    for n in 0..<count {
      let (w, h) = (
        Int.random(in: 40...400, using: &random), Int.random(in: 40...400, using: &random)
      )
      let f = Double.random(in: 0.5...1.5, using: &random) * Double(max(w, h))
      let camera = LensCamera(
        fx: f, fy: f * Double.random(in: 0.9...1.1, using: &random),
        cx: Double.random(in: 0.3...0.7, using: &random) * Double(w),
        cy: Double.random(in: 0.3...0.7, using: &random) * Double(h))
      let d: LensDistortion
      switch n % 3 {
      case 0:
        d = LensDistortion(
          k1: Double.random(in: -0.9...0.5, using: &random),
          k2: Double.random(in: -0.2...0.3, using: &random),
          p1: Double.random(in: -0.03...0.03, using: &random),
          p2: Double.random(in: -0.03...0.03, using: &random),
          k3: Double.random(in: -0.05...0.05, using: &random))
      case 1:
        d = LensDistortion(
          k1: Double.random(in: -0.5...0.5, using: &random),
          k2: Double.random(in: -0.1...0.1, using: &random),
          p1: Double.random(in: -0.01...0.01, using: &random), k3: 0,
          k4: Double.random(in: -0.3...0.3, using: &random))
      default:
        d = .fisheye(
          k1: Double.random(in: -0.3...0.3, using: &random),
          k2: Double.random(in: -0.1...0.1, using: &random), k3: 0, k4: 0)
      }
      lenses.append((LensModel(camera: camera, coefficients: d), w, h))
    }
    // Tangential terms alone that fold the frame: the radial part is the
    // identity, so only their bound keeps the shortcuts from "surely".
    let wide = LensCamera(fx: 120, fy: 120, cx: 100, cy: 80)
    for (p1, p2) in [(0.35, -0.2), (-0.1, 0.3), (0.5, 0)] {
      lenses.append(
        (LensModel(camera: wide, coefficients: LensDistortion(k1: 0, p1: p1, p2: p2)), 200, 160))
    }
    return lenses
  }

  /// Where the shortcut says "surely", the scan it replaces finds nothing:
  /// no reversed Jacobian on a 65 × 65 lattice, and (applied) a content
  /// point for each point of a 33 × 33 lattice. Both shortcuts answer
  /// "surely" for most of these lenses, so they are exercised.
  @Test func shortcutsAgreeWithTheLatticeScans() {
    var (keeps, inverts) = (0, 0)
    for (model, w, h) in Self.randomLenses(count: 300, seed: 11) {
      if model.surelyKeepsOrientation(width: w, height: h) {
        keeps += 1
        for j in 0...64 {
          for i in 0...64 {
            let q = Vector2(Double(i * w) / 64, Double(j * h) / 64)
            let det = model.jacobianDeterminant(q)
            #expect(det > 0, "\(model.coefficients) \(w)x\(h) at \(q)")
          }
        }
      }
      if model.surelyInvertible(width: w, height: h) {
        inverts += 1
        for j in 0...32 {
          for i in 0...32 {
            let q = Vector2(Double(i * w) / 32, Double(j * h) / 32)
            let p = model.undistort(q)
            let back = model.distort(p)
            let e = back - q
            #expect(
              (e * e).sum() < 1e-12 && model.jacobianDeterminant(p) > 0,
              "\(model.coefficients) \(w)x\(h) at \(q)")
          }
        }
      }
    }
    #expect(keeps > 100 && inverts > 100, "keeps \(keeps), inverts \(inverts) of 300")
  }

  /// Applied barrel distortion (k1 = −0.4, k2 = 0.05) cannot reach the
  /// corners of a square frame: its radius r(1 + k1r² + k2r⁴) peaks
  /// before them. It is refused with the limit of k1; a stronger k1,
  /// whose distortion turns up again far out (a second branch that
  /// Newton's method can land on), is refused too.
  @Test func appliedLensThatLeavesTheCornersEmptyIsRefused() throws {
    var limits: [Double] = []
    for k1 in [-0.4, -0.45, -0.6] {
      let effect = MeshEffect.lens(distortion: LensDistortion(k1: k1, k2: 0.05), inverse: true)
      var caught: MeshEffectError?
      do { _ = try WarpField(effect, width: 900, height: 900) } catch { caught = error }
      guard case .folds(let name, _, let limit, _) = caught else {
        Issue.record("k1 \(k1) not refused: \(String(describing: caught))")
        continue
      }
      #expect(name == "distortion.k1" && limit > k1 && limit < -0.1)
      #expect("\(caught!)".contains("draws no content"))
      limits.append(limit)
    }
    // The limit depends on k2 and the frame, not on how far k1 went.
    #expect(limits.count == 3 && limits.allSatisfy { abs($0 - limits[0]) < 1e-3 })
    let near = try WarpField(
      .lens(distortion: LensDistortion(k1: limits[0] * 0.99, k2: 0.05), inverse: true),
      width: 900, height: 900)
    let corner = near.source(Vector2(0, 0))
    let back = near.lens.distort(corner)
    #expect(abs(back.x) < 1e-6 && abs(back.y) < 1e-6)
  }

  /// ``WarpField/maximumOffset`` of a lens is at least the largest
  /// |G(q) − q| on a 301 × 301 lattice, and at most 15 % above it, for
  /// lenses applied and removed, radial and tangential, centred and not.
  @Test func offsetBoundCoversTheFrame() throws {
    let camera = LensCamera(fx: 400, fy: 380, cx: 150, cy: 420)
    let wide = LensCamera(fx: 1400, fy: 1350, cx: 150, cy: 420)
    let effects: [MeshEffect] = [
      .lens(distortion: LensDistortion(k1: -0.4, k2: 0.05)),
      .lens(distortion: LensDistortion(k1: -0.3, k2: 0.05), inverse: true),
      .lens(distortion: LensDistortion(k1: 0.2, p1: 0.01, p2: -0.02)),
      .lens(distortion: LensDistortion(k1: 0.2, p1: 0.01, p2: -0.02), inverse: true),
      .lens(camera: camera, distortion: LensDistortion(k1: -0.25, k2: 0.04)),
      .lens(camera: wide, distortion: LensDistortion(k1: -0.06), inverse: true),
      .lens(distortion: .fisheye(k1: 0.1, k2: -0.02, k3: 0, k4: 0), inverse: true),
    ]
    var cases = effects.flatMap { e in [(900, 900), (1920, 1080), (300, 800)].map { (e, $0) } }
    // The offset r·(R − 1) peaks inside the frame (at r² = 0.6, the frame
    // reaching 0.91), between lattice points, not at its corners.
    let peak = LensCamera(fx: 700, fy: 690, cx: 437, cy: 462)
    cases.append((.lens(camera: peak, distortion: LensDistortion(k1: 0.3, k2: -0.3)), (900, 900)))
    for (effect, (w, h)) in cases {
      do {
        let field = try WarpField(effect, width: w, height: h)
        var worst = 0.0
        for j in 0...300 {
          for i in 0...300 {
            let q = Vector2(Double(i * w) / 300, Double(j * h) / 300)
            let e = field.source(q) - q
            worst = max(worst, (e * e).sum().squareRoot())
          }
        }
        let bound = field.maximumOffset
        #expect(
          bound >= worst && bound <= worst * 1.15,
          "\(effect.distortion) inverse \(effect.inverse) \(w)x\(h): \(bound) for \(worst)")
      }
    }
  }
}

import Foundation
import MeshWarpCore
import Testing

/// Input that makes no sense gets a clear error.
@Suite struct GenieInputTests {
  let canvas = CGSize(width: 640, height: 480)
  let view = CGRect(x: 170, y: 40, width: 300, height: 200)
  let target = CGRect(x: 420, y: 436, width: 60, height: 40)

  func layoutError(
    canvas: CGSize? = nil, view: CGRect? = nil, target: CGRect? = nil, edge: GenieEdge = .bottom
  ) -> GenieError? {
    do {
      _ = try GenieLayout(
        canvasSize: canvas ?? self.canvas, viewRect: view ?? self.view,
        targetRect: target ?? self.target, edge: edge)
      return nil
    } catch { return error }
  }

  @Test func validLayoutPasses() {
    #expect(layoutError() == nil)
    // Touching is allowed: the target starts where the view ends.
    #expect(layoutError(target: CGRect(x: 0, y: 240, width: 10, height: 10)) == nil)
  }

  @Test func nonFiniteValuesAreNamed() {
    #expect(
      layoutError(view: CGRect(x: Double.nan, y: 40, width: 300, height: 200))
        == .nonFinite(name: "viewRect.origin.x"))
    #expect(
      layoutError(canvas: CGSize(width: 640, height: Double.infinity))
        == .nonFinite(name: "canvasSize.height"))
    #expect(
      layoutError(target: CGRect(x: 0, y: 300, width: 10, height: -Double.infinity))
        == .nonFinite(name: "targetRect.size.height"))
  }

  @Test func zeroAndNegativeSizes() {
    #expect(
      layoutError(canvas: CGSize(width: 0, height: 480))
        == .nonPositiveSize(name: "canvasSize", width: 0, height: 480))
    #expect(
      layoutError(view: CGRect(x: 10, y: 10, width: 300, height: 0))
        == .nonPositiveSize(name: "viewRect", width: 300, height: 0))
    #expect(
      layoutError(target: CGRect(x: 10, y: 300, width: -5, height: 10))
        == .nonPositiveSize(name: "targetRect", width: -5, height: 10))
  }

  @Test func rectsMustLieInsideTheCanvas() throws {
    let error = try #require(layoutError(target: CGRect(x: 600, y: 440, width: 60, height: 40)))
    guard case .outsideCanvas(let name, _) = error else {
      Issue.record("got \(error)")
      return
    }
    #expect(name == "targetRect")
    #expect(error.description.contains("targetRect must lie inside the canvas"))
    guard
      case .outsideCanvas("viewRect", _) = layoutError(
        view: CGRect(x: -1, y: 0, width: 10, height: 10))
    else {
      Issue.record("a view at x = −1 is outside")
      return
    }
  }

  @Test func targetMustLieBeyondTheViewForEachEdge() throws {
    // The dock target is below the view: valid for .bottom only.
    for edge in [GenieEdge.top, .left, .right] {
      let error = try #require(layoutError(edge: edge), "\(edge)")
      guard case .noTravel(let e, _) = error else {
        Issue.record("\(edge): got \(error)")
        continue
      }
      #expect(e == edge)
    }
    // Overlapping along the travel axis (the target's top above the
    // view's bottom), and inside the view.
    for bad in [
      CGRect(x: 420, y: 230, width: 60, height: 40), CGRect(x: 200, y: 50, width: 20, height: 20),
    ] {
      let error = try #require(layoutError(target: bad))
      #expect(error.description.contains("the target's top (y = \(bad.minY))"), "\(error)")
      #expect(error.description.contains("the view's bottom (y = 240.0)"), "\(error)")
    }
  }

  @Test func progressOutsideZeroToOne() throws {
    let generator = try GenieMeshGenerator(
      layout: GenieLayout(canvasSize: canvas, viewRect: view, targetRect: target))
    for p in [-0.001, 1.000001, .nan, .infinity, -.infinity] {
      do {
        _ = try generator.mesh(progress: p)
        Issue.record("progress \(p) was accepted")
      } catch {
        guard case .progressOutOfRange = error else {
          Issue.record("progress \(p): \(error)")
          continue
        }
        #expect(error.description.contains("outside 0…1"))
      }
    }
    #expect(throws: Never.self) { _ = try generator.mesh(progress: 0) }
    #expect(throws: Never.self) { _ = try generator.mesh(progress: 1) }
  }

  @Test func badTimingAndDensity() throws {
    let layout = try GenieLayout(canvasSize: canvas, viewRect: view, targetRect: target)
    for timing in [
      GenieTiming(curve: 0...0), GenieTiming(slide: 0.3...1.2), GenieTiming(curve: -0.1...0.4),
      GenieTiming(slide: 0.5...Double.infinity),
    ] {
      #expect(throws: GenieError.self, "\(timing)") {
        _ = try GenieMeshGenerator(layout: layout, timing: timing)
      }
    }
    for density in [
      GenieDensity(alongTravel: 1), GenieDensity(across: 0),
      GenieDensity(alongTravel: GenieDensity.maximum + 1),
    ] {
      do {
        _ = try GenieMeshGenerator(layout: layout, density: density)
        Issue.record("\(density) was accepted")
      } catch {
        guard case .invalidDensity = error else {
          Issue.record("\(error)")
          continue
        }
      }
    }
  }

  @Test func badAnimation() {
    for (duration, fps) in [
      (0.0, 60.0), (-1, 60), (.nan, 60), (0.6, 0), (0.6, .infinity), (1e6, 60),
    ] {
      #expect(throws: GenieError.self, "\(duration) s at \(fps) fps") {
        _ = try GenieAnimation(duration: duration, fps: fps)
      }
    }
  }
}

import Foundation
import MeshWarpCore

/// Random and fixed genie layouts for the genie tests.
public enum GenieLayouts {
  /// A random valid layout for `edge`: built for `.bottom` (canvas 120…700
  /// px a side, the view in the upper part, the target anywhere across and
  /// anywhere below the view, sometimes wider than the view, sometimes
  /// touching it), then mirrored or transposed for the other edges. The
  /// canvas is whole pixels; origins and sizes are not unless `integral`.
  public static func random(
    edge: GenieEdge, rng: inout SeededRandom, integral: Bool = false
  ) -> GenieLayout {
    func r(_ range: ClosedRange<Double>) -> Double {
      let v = rng.double(in: range)
      return integral ? v.rounded(.down) : v
    }
    let w = rng.double(in: 120...700).rounded(.down)
    let h = rng.double(in: 120...700).rounded(.down)
    let vw = r(8...(w * 0.8))
    let vh = r(8...(h * 0.45))
    let vx = r(0...(w - vw))
    let vy = r(0...(h * 0.5 - vh))
    let tw = r(2...(w * (rng.double(in: 0...1) < 0.2 ? 0.9 : 0.3)))
    let th = r(2...(h * 0.2))
    let tx = r(0...(w - tw))
    let touching = rng.double(in: 0...1) < 0.15
    let ty = touching ? vy + vh : r((vy + vh)...(h - th))
    var canvas = CGSize(width: w, height: h)
    var view = CGRect(x: vx, y: vy, width: vw, height: vh)
    var target = CGRect(x: tx, y: ty, width: tw, height: th)
    func flipY(_ rect: CGRect) -> CGRect {
      CGRect(x: rect.minX, y: canvas.height - rect.maxY, width: rect.width, height: rect.height)
    }
    func transpose(_ rect: CGRect) -> CGRect {
      CGRect(x: rect.minY, y: rect.minX, width: rect.height, height: rect.width)
    }
    switch edge {
    case .bottom: break
    case .top:
      view = flipY(view)
      target = flipY(target)
    case .right:
      view = transpose(view)
      target = transpose(target)
      canvas = CGSize(width: h, height: w)
    case .left:
      canvas = CGSize(width: h, height: w)
      view = transpose(view)
      target = transpose(target)
      view = CGRect(
        x: canvas.width - view.maxX, y: view.minY, width: view.width, height: view.height)
      target = CGRect(
        x: canvas.width - target.maxX, y: target.minY, width: target.width, height: target.height)
    }
    return try! GenieLayout(canvasSize: canvas, viewRect: view, targetRect: target, edge: edge)
  }

  /// The demo layout: a 300×200 card into a 60×40 dock-like target at the
  /// bottom of a 640×480 canvas.
  public static var dock: GenieLayout {
    try! GenieLayout(
      canvasSize: CGSize(width: 640, height: 480),
      viewRect: CGRect(x: 170, y: 40, width: 300, height: 200),
      targetRect: CGRect(x: 420, y: 436, width: 60, height: 40), edge: .bottom)
  }
}

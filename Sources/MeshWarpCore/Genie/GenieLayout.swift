import Foundation

/// Where a genie effect happens: a canvas, the view on it, the target the
/// view shrinks into, and the side the target lies on. All in canvas pixels
/// (or points: any unit, as long as all three agree), y down.
///
/// A layout is valid by construction: every value finite, every size
/// positive, both rects inside the canvas, and the target entirely beyond
/// the view in the direction of `edge` (with `.bottom`,
/// `targetRect.minY ≥ viewRect.maxY`), so the content has somewhere to
/// travel and progress 0 is the untouched view. Across the travel direction
/// the two rects may sit anywhere relative to each other, and the target
/// may be larger than the view.
///
/// Every frame of the effect lies inside ``travelBounds`` (the union of the
/// two rects): SwiftUI's `maxSampleOffset` and a renderer's canvas need to
/// cover no more.
public struct GenieLayout: Hashable, Sendable {
  /// The canvas size (pixels); mesh `to` points are normalized to it.
  public let canvasSize: CGSize
  /// The view (the content's place at progress 0), in canvas pixels.
  public let viewRect: CGRect
  /// The target (the content's place at progress 1), in canvas pixels.
  public let targetRect: CGRect
  /// The side of the view where the target lies.
  public let edge: GenieEdge

  /// Checks and stores a layout.
  ///
  /// - Parameters:
  ///   - canvasSize: the canvas, pixels; both sides > 0.
  ///   - viewRect: the view, pixels in the canvas; positive size, inside the
  ///     canvas.
  ///   - targetRect: the target, pixels in the canvas; positive size, inside
  ///     the canvas, entirely beyond the view toward `edge`.
  ///   - edge: where the target lies (default `.bottom`, the macOS dock).
  /// - Throws: ``GenieError/nonFinite(name:)``,
  ///   ``GenieError/nonPositiveSize(name:width:height:)``,
  ///   ``GenieError/outsideCanvas(name:detail:)`` or
  ///   ``GenieError/noTravel(edge:detail:)``. Touching edges are allowed;
  ///   a tolerance of 1e-9 of the canvas's larger side absorbs rounding.
  public init(
    canvasSize: CGSize, viewRect: CGRect, targetRect: CGRect, edge: GenieEdge = .bottom
  ) throws(GenieError) {
    let values: [(String, Double)] = [
      ("canvasSize.width", canvasSize.width), ("canvasSize.height", canvasSize.height),
      ("viewRect.origin.x", viewRect.origin.x), ("viewRect.origin.y", viewRect.origin.y),
      ("viewRect.size.width", viewRect.size.width), ("viewRect.size.height", viewRect.size.height),
      ("targetRect.origin.x", targetRect.origin.x), ("targetRect.origin.y", targetRect.origin.y),
      ("targetRect.size.width", targetRect.size.width),
      ("targetRect.size.height", targetRect.size.height),
    ]
    for (name, value) in values where !value.isFinite { throw .nonFinite(name: name) }
    for (name, size) in [
      ("canvasSize", canvasSize), ("viewRect", viewRect.size), ("targetRect", targetRect.size),
    ] where !(size.width > 0 && size.height > 0) {
      throw .nonPositiveSize(name: name, width: size.width, height: size.height)
    }
    let slack = 1e-9 * max(canvasSize.width, canvasSize.height)
    for (name, r) in [("viewRect", viewRect), ("targetRect", targetRect)] {
      guard r.minX >= -slack, r.minY >= -slack, r.maxX <= canvasSize.width + slack,
        r.maxY <= canvasSize.height + slack
      else {
        throw .outsideCanvas(
          name: name,
          detail:
            "x \(r.minX)...\(r.maxX), y \(r.minY)...\(r.maxY) on a \(canvasSize.width)×\(canvasSize.height) canvas"
        )
      }
    }
    let frame = TravelFrame(view: viewRect, target: targetRect, edge: edge)
    guard frame.targetNear >= frame.viewNear - slack else {
      let axis = edge.travelAxis == 0 ? "x" : "y"
      let (viewSide, targetSide): (String, String) =
        switch edge {
        case .bottom: ("bottom", "top")
        case .top: ("top", "bottom")
        case .left: ("left", "right")
        case .right: ("right", "left")
        }
      throw .noTravel(
        edge: edge,
        detail:
          "the target's \(targetSide) (\(axis) = \(edge.travelSign * frame.targetNear)) is not beyond the view's \(viewSide) (\(axis) = \(edge.travelSign * frame.viewNear)); the target overlaps or lies behind the view"
      )
    }
    self.canvasSize = canvasSize
    self.viewRect = viewRect
    self.targetRect = targetRect
    self.edge = edge
  }

  /// The union of the view and the target: every frame's content lies
  /// inside it.
  public var travelBounds: CGRect { viewRect.union(targetRect) }

  /// The largest distance, per axis, between where a content point is
  /// drawn and where it rests in the view, over every frame (pixels): what
  /// SwiftUI's `distortionEffect(_:maxSampleOffset:)` needs.
  ///
  /// Each vertex moves monotonically from its rest place to its place in
  /// the target (see ``GenieMeshGenerator``), so its offset on each axis
  /// only grows and peaks at progress 1, where the content fills the
  /// target; the warp is bilinear per face, so the largest offset is at a
  /// corner: `width = max(|Δ minX|, |Δ maxX|)`, `height = max(|Δ minY|,
  /// |Δ maxY|)` between the two rects.
  public var maximumDisplacement: CGSize {
    CGSize(
      width: max(abs(targetRect.minX - viewRect.minX), abs(targetRect.maxX - viewRect.maxX)),
      height: max(abs(targetRect.minY - viewRect.minY), abs(targetRect.maxY - viewRect.maxY)))
  }

  /// How much the content is compressed along the travel direction at the
  /// end: the view's depth over the target's (> 1 shrinks). A 200 px deep
  /// view entering a 40 px deep target squeezes 5×.
  public var squeeze: Double {
    let f = frame
    return (f.viewNear - f.viewFar) / (f.targetFar - f.targetNear)
  }

  /// The layout in travel coordinates.
  var frame: TravelFrame { TravelFrame(view: viewRect, target: targetRect, edge: edge) }
}

/// A layout in travel coordinates: s along the travel direction (growing
/// toward the target), c across it. For `.bottom` s = y, for `.top` s = −y,
/// for `.right` s = x, for `.left` s = −x; c is the other pixel coordinate.
struct TravelFrame: Sendable {
  /// The travel axis (0 = x, 1 = y) and its sign.
  let axis: Int
  let sign: Double
  /// s of the view's edge away from the target, and of the one facing it.
  let viewFar: Double
  let viewNear: Double
  /// s of the target's edge facing the view, and of its far edge.
  let targetNear: Double
  let targetFar: Double
  /// c extents of the view and of the target.
  let viewAcross: (lo: Double, hi: Double)
  let targetAcross: (lo: Double, hi: Double)

  init(view: CGRect, target: CGRect, edge: GenieEdge) {
    axis = edge.travelAxis
    sign = edge.travelSign
    let (vLo, vHi) = axis == 1 ? (view.minY, view.maxY) : (view.minX, view.maxX)
    let (tLo, tHi) = axis == 1 ? (target.minY, target.maxY) : (target.minX, target.maxX)
    if sign > 0 {
      (viewFar, viewNear, targetNear, targetFar) = (vLo, vHi, tLo, tHi)
    } else {
      (viewFar, viewNear, targetNear, targetFar) = (-vHi, -vLo, -tHi, -tLo)
    }
    viewAcross = axis == 1 ? (view.minX, view.maxX) : (view.minY, view.maxY)
    targetAcross = axis == 1 ? (target.minX, target.maxX) : (target.minY, target.maxY)
  }
}

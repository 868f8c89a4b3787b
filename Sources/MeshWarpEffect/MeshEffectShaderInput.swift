import Foundation
import MeshWarpCore

/// What `MeshEffectModifier` hands the effect's layer function
/// (`effectWarpLayer` in Shaders/MeshWarp.metal) for one evaluation of its
/// `visualEffect`: the effect's ``WarpField`` for the view's size in
/// pixels, packed (``ShaderFieldData/pack(_:)``: 40 floats, plus the 257 of
/// the radial table for a bulge or a ripple), the sample offset that
/// covers its taps, and whether the layer effect runs at all. No mesh is
/// searched for, built or packed: the shader evaluates the exact map per
/// pixel. Pure Swift, so Linux tests check it.
///
/// Not API: `@_spi(Benchmarks)` opens ``make(effect:viewSize:displayScale:addressMode:filterMinification:)``
/// and ``data`` to the SwiftUI layer's benchmarks (Benchmarks/SwiftUILayer).
@_spi(Benchmarks) public struct MeshEffectShaderInput: Sendable {
  /// Whether the layer effect runs: off for the identity (twirl angle 0,
  /// strength 0, amplitude 0, no lens distortion: a view at rest after a
  /// transition), for an empty or non-finite view, and for parameters
  /// that fold the picture at this size, which draw the view untouched.
  @_spi(Benchmarks) public let isEnabled: Bool
  /// The field packed for the shader (``ShaderFieldData/pack(_:)``); when
  /// off, a field of the identity (the shader is not run).
  @_spi(Benchmarks) public let data: [Float]
  /// The largest distance per axis, in points, between a pixel and where
  /// the shader samples the layer for it (`layerEffect`'s
  /// `maxSampleOffset`): ``WarpField/maximumOffset`` in points, then the
  /// address mode's and the minification filter's half pixels; `.zero`
  /// when off.
  package let maxSampleOffset: CGSize
  /// Why the view is drawn untouched: the parameters are out of range or
  /// fold the picture at this size.
  package let problem: MeshEffectError?
  /// The view's size in pixels, the field's.
  package let pixelWidth: Int
  package let pixelHeight: Int

  /// Everything an input depends on: one view keeps its last input by it.
  package struct Key: Hashable, Sendable {
    var effect: MeshEffect
    var width, height, displayScale: Double
    var addressMode: AddressMode
    var filterMinification: Bool
  }

  /// The input for `effect` on a view of `viewSize` points at
  /// `displayScale` pixels per point.
  ///
  /// The view's size in pixels is its points × the scale, rounded; a lens
  /// camera in ``LensCamera/Units/unit`` or ``LensCamera/Units/points`` is
  /// converted to those pixels, so one camera corrects alike at every
  /// scale. Parameters that ``WarpField/init(_:width:height:)`` refuses
  /// turn the layer effect off (the view is drawn untouched; ``problem``
  /// says why).
  ///
  /// - Complexity: the field's check and table (for the ripple, its fold
  ///   limit sampled at 8,193 radii), ``WarpField/maximumOffset`` and
  ///   ``ShaderFieldData/pack(_:)``: no mesh.
  @_spi(Benchmarks) public static func make(
    effect: MeshEffect, viewSize: CGSize, displayScale: CGFloat,
    addressMode: AddressMode = .clampToEdge, filterMinification: Bool = true
  ) -> MeshEffectShaderInput {
    let scale = displayScale.isFinite && displayScale > 0 ? Double(displayScale) : 1
    let size = Vector2(Double(viewSize.width), Double(viewSize.height))
    guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else {
      return off(width: 1, height: 1, problem: nil)
    }
    let width = max(1, Int((size.x * scale).rounded()))
    let height = max(1, Int((size.y * scale).rounded()))
    guard !effect.isIdentity else { return off(width: width, height: height, problem: nil) }
    let perPoint = Vector2(Double(width) / size.x, Double(height) / size.y)
    let resolved = effect.resolvingCamera(width: width, height: height, pixelsPerPoint: perPoint)
    let field: WarpField
    do {
      field = try WarpField(resolved, width: width, height: height)
    } catch {
      return off(width: width, height: height, problem: error)
    }
    let data = ShaderFieldData.pack(field)
    EffectWorkLog.count {
      $0.fields += 1
      $0.fieldFloats += data.count
    }
    return MeshEffectShaderInput(
      isEnabled: true, data: data,
      maxSampleOffset: sampleOffset(
        field, pixelsPerPoint: perPoint, pixel: 1 / scale, viewSize: size,
        addressMode: addressMode, filterMinification: filterMinification),
      problem: nil, pixelWidth: width, pixelHeight: height)
  }

  /// ``make(effect:viewSize:displayScale:addressMode:filterMinification:)``
  /// once per key: `store` (the view's) keeps the last input, so a view
  /// that does not change pays nothing per frame.
  package static func cached(
    effect: MeshEffect, viewSize: CGSize, displayScale: CGFloat, addressMode: AddressMode,
    filterMinification: Bool = true, in store: LastPlanStore<Key, MeshEffectShaderInput>
  ) -> MeshEffectShaderInput {
    let key = Key(
      effect: effect, width: Double(viewSize.width), height: Double(viewSize.height),
      displayScale: Double(displayScale), addressMode: addressMode,
      filterMinification: filterMinification)
    return store.plan(for: key) {
      make(
        effect: effect, viewSize: viewSize, displayScale: displayScale, addressMode: addressMode,
        filterMinification: filterMinification)
    }
  }

  /// The packed field of the identity, which the shader receives when the
  /// layer effect is off (and never runs).
  static let identityData = ShaderFieldData.pack(
    WarpField(unchecked: .twirl(degrees: 0), width: 1, height: 1))

  static func off(width: Int, height: Int, problem: MeshEffectError?) -> MeshEffectShaderInput {
    MeshEffectShaderInput(
      isEnabled: false, data: identityData, maxSampleOffset: .zero, problem: problem,
      pixelWidth: width, pixelHeight: height)
  }

  /// The farthest, per axis in points, that the shader's taps lie from
  /// their pixels for `field` drawn on a view of `viewSize` points
  /// (`pixelsPerPoint` the field's pixels per point, `pixel` one shader
  /// pixel in points, 1 / display scale).
  ///
  /// Pixels beyond the view draw nothing; a pixel q inside it samples
  /// a(G(q)), a the address mode. |G(q) − q| ≤ ``WarpField/maximumOffset``
  /// (pixels, converted per axis; the wave moves only across its axis). The
  /// clamp to the edge pixels' centres (clampToEdge, and repeat and
  /// repeat once G stays in the frame, where it wraps nothing)
  /// moves a tap toward the view, to at most half a pixel from q;
  /// clampToZero samples G itself or nothing; mirrorRepeat reflects G back
  /// into the view, no farther from q. Where G may leave the frame (a disc
  /// reaching beyond it, a wave's or lens's moving axis), repeat may wrap
  /// a tap anywhere in the view: the view bounds it on that axis.
  /// The minification filter's samples lie within half a pixel of q.
  static func sampleOffset(
    _ field: WarpField, pixelsPerPoint: Vector2, pixel: Double, viewSize: Vector2,
    addressMode: AddressMode, filterMinification: Bool
  ) -> CGSize {
    // |G(q) − q| per axis in the field's pixels: the wave moves only across
    // its axis.
    var reach = Vector2(repeating: field.maximumOffset)
    if field.effect.kind == .wave {
      if field.effect.axis == .x { reach.x = 0 } else { reach.y = 0 }
    }
    var travel = reach / pixelsPerPoint
    let clamp = addressMode == .clampToZero ? 0 : pixel / 2
    travel = Vector2(max(travel.x, clamp), max(travel.y, clamp))
    if addressMode == .mirrorRepeat {
      // A reflection brings a tap back into the view, no farther from q
      // than G: the view bounds it too.
      travel = Vector2(min(travel.x, viewSize.x), min(travel.y, viewSize.y))
    }
    if addressMode == .repeat {
      // G keeps a disc effect's points in its disc (the twirl keeps their
      // distance to c, g⁻¹ maps [0, R] into itself): a disc inside the
      // frame wraps nothing. The wave and the lens may leave the frame
      // wherever they move content.
      var leaves = (x: reach.x > 0, y: reach.y > 0)
      if field.effect.kind.actsInDisc {
        let half = Vector2(repeating: field.discRadius) / field.stretch
        let (low, high) = (field.c - half, field.c + half)
        leaves = (low.x < 0 || high.x > field.size.x, low.y < 0 || high.y > field.size.y)
      }
      if leaves.x { travel.x = max(travel.x, viewSize.x) }
      if leaves.y { travel.y = max(travel.y, viewSize.y) }
    }
    if filterMinification { travel += Vector2(pixel / 2, pixel / 2) }
    return CGSize(width: travel.x, height: travel.y)
  }
}

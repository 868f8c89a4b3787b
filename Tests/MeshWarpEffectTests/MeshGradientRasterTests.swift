import Foundation
import MeshWarpCore
import MeshWarpRender
import Testing

@testable import MeshWarpEffect

/// The portable part of MeshGradientView's iOS 17 path: description → pixels.
@Suite struct MeshGradientRasterTests {
  /// The pixels are exactly GradientRenderer's (the renderer the gradient
  /// tests compare with the independent reference), for points and Bézier
  /// locations, both colour spaces and smoothing off.
  @Test func pixelsAreTheRenderersPixels() {
    var bezier = GradientPresets.meshing(at: 1.5)
    if case .points(let points) = bezier.locations {
      bezier.locations = .bezierPoints(points.map { GradientMesh.BezierPoint(position: $0) })
    }
    var flat = GradientPresets.meshing(at: 0.25)
    flat.smoothsColors = false
    flat.colorSpace = .perceptual
    for mesh in [GradientPresets.meshing(at: 0), bezier, flat] {
      let raster = MeshGradientRaster.render(mesh, width: 61, height: 37)
      #expect(raster == GradientRenderer().render(mesh, width: 61, height: 37))
      #expect(raster.pixels.contains { $0 != 0 })
    }
  }

  @Test func pixelSizeRoundsUpAndCaps() {
    #expect(
      MeshGradientRaster.pixelSize(for: CGSize(width: 100.2, height: 50), scale: 3) == (301, 150))
    #expect(MeshGradientRaster.pixelSize(for: .zero, scale: 2) == (1, 1))
    #expect(
      MeshGradientRaster.pixelSize(for: CGSize(width: 1e6, height: .nan), scale: 2)
        == (MeshGradientRaster.maximumSide, 1))
    #expect(!MeshGradientRaster.rendersAsynchronously(width: 512, height: 512))
    #expect(MeshGradientRaster.rendersAsynchronously(width: 513, height: 512))
  }

  @Test func premultipliesLikeCoreGraphicsExpects() {
    let image = RGBAImage(
      width: 3, height: 1, pixels: [200, 100, 50, 255, 200, 100, 50, 128, 9, 9, 9, 0])
    #expect(
      MeshGradientRaster.premultipliedBytes(image)
        == [200, 100, 50, 255, 100, 50, 25, 128, 0, 0, 0, 0])
  }

  /// The animatable vector round-trips, and interpolating it halfway moves
  /// points and colours halfway (what SwiftUI does between two meshes).
  @Test func animatableValuesRoundTripAndInterpolate() throws {
    let a = GradientPresets.meshing(at: 0)
    let b = GradientPresets.meshing(at: 2)
    var copy = a
    copy.animatableValues = a.animatableValues
    #expect(copy == a)
    var half = a
    half.animatableValues = zip(a.animatableValues, b.animatableValues).map { ($0 + $1) / 2 }
    let reference = try a.interpolated(to: b, fraction: 0.5)
    if case .points(let h) = half.locations, case .points(let r) = reference.locations {
      for (p, q) in zip(h, r) { #expect(abs(p.x - q.x) < 1e-12 && abs(p.y - q.y) < 1e-12) }
    } else {
      Issue.record("locations changed kind")
    }
    var wrong = a
    wrong.animatableValues = [1, 2, 3]
    #expect(wrong == a)
  }
}

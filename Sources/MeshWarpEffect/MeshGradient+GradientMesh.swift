#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  extension MeshGradient {
    /// The SwiftUI mesh gradient of a core ``GradientMesh``: same grid,
    /// locations (points or explicit Bézier points), colours, background,
    /// colour smoothing and colour space. The CPU renderer draws the same
    /// model on Linux.
    ///
    /// - Parameter mesh: a valid gradient mesh (`width × height` locations
    ///   and colours); SwiftUI draws nothing for a malformed one.
    public init(_ mesh: GradientMesh) {
      let locations: MeshGradient.Locations
      switch mesh.locations {
      case .points(let points):
        locations = .points(points.map(Self.float2))
      case .bezierPoints(let points):
        locations = .bezierPoints(
          points.map {
            MeshGradient.BezierPoint(
              position: Self.float2($0.position),
              leadingControlPoint: Self.float2($0.leadingControlPoint),
              topControlPoint: Self.float2($0.topControlPoint),
              trailingControlPoint: Self.float2($0.trailingControlPoint),
              bottomControlPoint: Self.float2($0.bottomControlPoint))
          })
      }
      self.init(
        width: mesh.width, height: mesh.height, locations: locations,
        colors: .colors(mesh.colors.map(Color.init(gradientColor:))),
        background: Color(gradientColor: mesh.background), smoothsColors: mesh.smoothsColors,
        colorSpace: mesh.colorSpace == .perceptual ? .perceptual : .device)
    }

    private static func float2(_ v: Vector2) -> SIMD2<Float> {
      SIMD2(Float(v.x), Float(v.y))
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  extension Color {
    /// The colour of a core ``GradientColor``: sRGB-encoded components and
    /// straight alpha, each in [0, 1].
    public init(gradientColor color: GradientColor) {
      self.init(.sRGB, red: color.red, green: color.green, blue: color.blue, opacity: color.alpha)
    }
  }
#endif

#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import SwiftUI

  /// The Metal shader of the warp, loaded from this package's resource bundle.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  enum MeshWarpShader {
    /// The `[[ stitchable ]]` function in Shaders/MeshWarp.metal.
    static let functionName = "meshTransformTrisQuads"

    /// The shader bound to a packed mesh and the view's size:
    /// `meshTransformTrisQuads(position, mesh, count, size)`.
    ///
    /// - Parameters:
    ///   - data: ``ShaderMeshData/pack(_:edges:)``'s output; `.floatArray`
    ///     passes it as `device const float *mesh, int count`.
    ///   - size: the view's size in points.
    static func shader(data: [Float], size: CGSize) -> Shader {
      Shader(
        function: ShaderFunction(library: .bundle(.module), name: functionName),
        arguments: [.floatArray(data), .float2(size)])
    }
  }
#endif

#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import MeshWarpCore
  import SwiftUI

  /// The Metal shader of the warp, loaded from this package's resource bundle.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  enum MeshWarpShader {
    /// The `[[ stitchable ]]` layer-effect function in Shaders/MeshWarp.metal.
    static let functionName = "meshWarpLayer"

    /// The shader bound to a packed mesh and the view's size:
    /// `meshWarpLayer(position, layer, mesh, count, size)`, applied with
    /// `layerEffect(_:maxSampleOffset:isEnabled:)`
    /// (https://developer.apple.com/documentation/swiftui/visualeffect/layereffect(_:maxsampleoffset:isenabled:)),
    /// which passes `position` and `layer` before the arguments.
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

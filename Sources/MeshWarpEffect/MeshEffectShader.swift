#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import MeshWarpCore
  import SwiftUI

  /// The Metal layer-effect function that draws a ``MeshEffect`` through its
  /// exact inverse map, from this package's shader library (the one
  /// ``MeshWarpShader`` loads).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  enum MeshEffectShader {
    /// The `[[ stitchable ]]` layer-effect function in Shaders/MeshWarp.metal.
    static let functionName = "effectWarpLayer"

    /// The shader bound to a packed field, the view's size and the sampling
    /// options: `effectWarpLayer(position, layer, field, count, size,
    /// addressMode, pixelSize, maxSamples)`, applied with
    /// `layerEffect(_:maxSampleOffset:isEnabled:)`, which passes `position`
    /// and `layer` before the arguments.
    ///
    /// - Parameters:
    ///   - data: ``ShaderFieldData/pack(_:)``'s output (``MeshEffectShaderInput/data``);
    ///     `.floatArray` passes it as `device const float *field, int count`.
    ///   - size: the view's size in points (`.float2`: `float2 size`).
    ///   - addressMode: how content is sampled beyond its edges
    ///     (`.float` of `ShaderMeshData.code(for:)`: `float addressMode`).
    ///   - displayScale: pixels per point; the shader gets one pixel in
    ///     points (`.float`: `float pixelSize`).
    ///   - filterMinification: average several samples per pixel where the
    ///     effect shrinks the content (`.float`: `float maxSamples`, 16; 1
    ///     when off).
    static func shader(
      data: [Float], size: CGSize, addressMode: AddressMode = .clampToEdge,
      displayScale: CGFloat = 1, filterMinification: Bool = true
    ) -> Shader {
      #if DEBUG
        _ = MeshWarpShader.libraryCheck
      #endif
      let pixelSize = displayScale.isFinite && displayScale > 0 ? 1 / displayScale : 1
      return Shader(
        function: ShaderFunction(library: MeshWarpShader.library, name: functionName),
        arguments: [
          .floatArray(data), .float2(size), .float(Float(ShaderMeshData.code(for: addressMode))),
          .float(pixelSize), .float(Float(filterMinification ? 16 : 1)),
        ])
    }
  }
#endif

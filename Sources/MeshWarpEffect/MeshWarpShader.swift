#if canImport(SwiftUI) && !os(watchOS)
  import Foundation
  import MeshWarpCore
  import SwiftUI

  /// The Metal shader of the warp, loaded from this package's resource bundle.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  enum MeshWarpShader {
    /// The `[[ stitchable ]]` layer-effect function in Shaders/MeshWarp.metal.
    static let functionName = "meshWarpLayer"

    /// This package's shader library, made once (not per frame).
    static let library = ShaderLibrary.bundle(.module)

    #if DEBUG
      /// Prints, once, ``MeshWarpShaderLibraryCheck``'s warning when the
      /// bundle has no compiled `meshWarpLayer` (a command-line
      /// `swift build` on macOS).
      static let libraryCheck: Void = {
        if let warning = MeshWarpShaderLibraryCheck.warning(
          bundle: .module, functionName: functionName)
        {
          print(warning)
        }
      }()
    #endif

    /// The shader bound to a packed mesh, the view's size and the sampling
    /// options: `meshWarpLayer(position, layer, mesh, count, size,
    /// addressMode, pixelSize, maxSamples, edgeColor)`, applied with
    /// `layerEffect(_:maxSampleOffset:isEnabled:)`
    /// (https://developer.apple.com/documentation/swiftui/visualeffect/layereffect(_:maxsampleoffset:isenabled:)),
    /// which passes `position` and `layer` before the arguments.
    ///
    /// - Parameters:
    ///   - data: ``ShaderMeshData/pack(_:edges:)``'s output; `.floatArray`
    ///     passes it as `device const float *mesh, int count`.
    ///   - size: the view's size in points (`.float2`: `float2 size`).
    ///   - addressMode: how content is sampled beyond its edges
    ///     (`.float` of `ShaderMeshData.code(for:)`: `float addressMode`).
    ///   - displayScale: pixels per point; the shader gets one pixel in
    ///     points (`.float`: `float pixelSize`).
    ///   - filterMinification: average several samples per pixel where the
    ///     warp shrinks the content (`.float`: `float maxSamples`, the cap
    ///     per axis, 16; 1 when off).
    ///   - edgeColor: the `.color` edge policy's colour (`.color`, which
    ///     Apple's page says arrives as a premultiplied `half4` in the
    ///     destination colour space: `half4 edgeColor`).
    static func shader(
      data: [Float], size: CGSize, addressMode: AddressMode = .clampToEdge,
      displayScale: CGFloat = 1, filterMinification: Bool = true, edgeColor: Color = .clear
    ) -> Shader {
      #if DEBUG
        _ = libraryCheck
      #endif
      let pixelSize = displayScale.isFinite && displayScale > 0 ? 1 / displayScale : 1
      return Shader(
        function: ShaderFunction(library: library, name: functionName),
        arguments: [
          .floatArray(data), .float2(size), .float(Float(ShaderMeshData.code(for: addressMode))),
          .float(pixelSize), .float(Float(filterMinification ? 16 : 1)), .color(edgeColor),
        ])
    }
  }

  /// Compiles the warp's shaders ahead of their first use.
  @available(iOS 18.0, macOS 15.0, tvOS 18.0, visionOS 2.0, *)
  public enum MeshWarpShaderPrewarm {
    /// Compiles the layer-effect shaders that `meshWarpEffect`,
    /// `genieEffect`, the genie transition (`meshWarpLayer`) and the mesh
    /// effects and their transitions (`effectWarpLayer`) draw with, for the
    /// current GPU, so that the first warped frame does not wait for the
    /// Metal compiler (SwiftUI's `Shader.compile(as:)`,
    /// https://developer.apple.com/documentation/swiftui/shader/compile(as:)).
    /// Call it early, e.g. in a `.task` of the app's first view.
    ///
    /// - Throws: SwiftUI's error when a shader cannot be compiled (for
    ///   example when the bundle holds no compiled `meshWarpLayer`).
    public static func compile() async throws {
      let one = CGSize(width: 1, height: 1)
      let mesh = MeshWarpShader.shader(
        data: ShaderMeshData.pack(WarpMesh.identity(columns: 2, rows: 2)), size: one)
      try await mesh.compile(as: .layerEffect)
      let effect = MeshEffectShader.shader(data: MeshEffectShaderInput.identityData, size: one)
      try await effect.compile(as: .layerEffect)
    }
  }
#endif

import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpRender

/// Fuzz entry for mesh gradient JSON.
///
/// Decodes `bytes` as a ``GradientMesh`` twice — with
/// ``GradientMesh/init(jsonData:)`` (Foundation's decoder) and with
/// ``JSONFile`` (the tool's located-error reader) — validates what decodes,
/// and, when it is valid with at most ``FuzzLimits/gradientMaxRenderedVertices``
/// vertices, renders it at 24 × 20 on one thread, dithered, with the
/// tessellation capped at ``FuzzLimits/gradientMaxLevel``.
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes) to decode; the render is
///   O(24·20 + patches · 4^level), level ≤ ``FuzzLimits/gradientMaxLevel``.
/// - Note: traps with a message when the renderer returns the wrong size.
public func fuzzGradient(_ bytes: [UInt8]) {
  let viaFoundation = try? GradientMesh(jsonData: Data(bytes))
  let viaJSONFile = try? JSONFile.decode(GradientMesh.self, from: bytes, source: "fuzz input")
  for mesh in [viaFoundation, viaJSONFile].compactMap({ $0 }) {
    exercise(mesh)
  }
}

/// ``fuzzGradient(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzGradient(_ buffer: UnsafeRawBufferPointer) {
  fuzzGradient([UInt8](buffer))
}

/// Everything `fuzzGradient` does after decoding; internal so that tests
/// can feed meshes that JSON cannot express.
func exercise(_ mesh: GradientMesh) {
  guard mesh.validationErrors.isEmpty, (try? mesh.validate()) != nil else { return }
  let (vertices, overflow) = mesh.width.multipliedReportingOverflow(by: mesh.height)
  guard !overflow, vertices <= FuzzLimits.gradientMaxRenderedVertices else { return }
  let renderer = GradientRenderer(
    options: GradientRenderOptions(threads: 1, maximumLevel: FuzzLimits.gradientMaxLevel))
  let image = renderer.render(mesh, width: FuzzLimits.renderWidth, height: FuzzLimits.renderHeight)
  guard image.width == FuzzLimits.renderWidth, image.height == FuzzLimits.renderHeight else {
    fatalError("fuzzGradient: render returned \(image.width)×\(image.height), expected 24×20")
  }
}

import Foundation

/// Whether a resource bundle holds the compiled warp shader. Xcode (and
/// `xcodebuild`) compile the package's `.metal` resource into the bundle's
/// `default.metallib`, which `ShaderLibrary.bundle(_:)` loads; a
/// command-line `swift build` copies the source and compiles no Metal, so
/// `meshWarpLayer` is missing and the warp would silently draw nothing. In
/// debug builds the SwiftUI layer prints this warning once.
package enum MeshWarpShaderLibraryCheck {
  /// A warning when `bundle` has no `default.metallib` or its bytes do not
  /// name `functionName` (a metallib lists its functions' names as plain
  /// strings); `nil` when the function is there.
  package static func warning(bundle: Bundle, functionName: String) -> String? {
    let advice =
      "the warp draws nothing. Build with Xcode or xcodebuild, which compile "
      + "Shaders/MeshWarp.metal into the bundle (swift build on the command line does not)."
    guard let url = bundle.url(forResource: "default", withExtension: "metallib"),
      let bytes = try? Data(contentsOf: url)
    else {
      return "MeshWarpEffect: no compiled Metal library (default.metallib) in "
        + "\(bundle.bundleURL.lastPathComponent): " + advice
    }
    guard bytes.range(of: Data(functionName.utf8)) != nil else {
      return "MeshWarpEffect: default.metallib in \(bundle.bundleURL.lastPathComponent) "
        + "has no \(functionName): " + advice
    }
    return nil
  }
}

// Must NOT type-check (Scripts/typecheck-apple.sh expects the error below):
// SwiftUI's `MeshGradient` (and MeshWarpEffect's `MeshGradient(_:)` of a
// GradientMesh) needs iOS 18, macOS 15, tvOS 18, visionOS 2
// (https://developer.apple.com/documentation/swiftui/meshgradient); at the
// package's deployment targets only `if #available` may use it
// (MeshGradientView does), so each platform's availability pass must reject
// this unguarded use.
// must-fail: iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0
// expect: 'MeshGradient' is only available in
import MeshWarpEffect
import SwiftUI

@available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
struct UnguardedMeshGradient: View {
  var body: some View {
    MeshGradient(GradientPresets.meshing(at: 0))
  }
}

// Not on tvOS: `onTapGesture(count:coordinateSpace:perform:)` has no tvOS
// availability (https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:coordinatespace:perform:):
// iOS 17, macOS 14, visionOS 1, watchOS 10). On tvOS, map focus or
// remote locations with MeshWarpHitTester directly.
#if canImport(SwiftUI) && !os(watchOS) && !os(tvOS)
  import MeshWarpCore
  import SwiftUI

  @available(iOS 17.0, macOS 14.0, visionOS 1.0, *)
  extension View {
    /// Adds a tap gesture to a warped view (iOS 17, macOS 14, visionOS 1; not
    /// tvOS, which has no located tap gesture) that reports where on the
    /// undeformed content the tap landed, so taps hit what the user sees.
    ///
    /// Apply it after `meshWarpEffect` with the same mesh and `smooth`, so
    /// that taps map through the surface that is drawn. For drags and other
    /// gestures, map `value.location` with ``MeshWarpHitTester``.
    ///
    /// - Parameters:
    ///   - mesh: the mesh the view is warped with.
    ///   - smooth: the `smooth` argument the view is warped with (default
    ///     false).
    ///   - count: taps required (default 1).
    ///   - action: receives the content location in points in the view's
    ///     own coordinates, or `nil` when the tap is outside the warped mesh.
    public func onMeshWarpTapGesture(
      _ mesh: WarpMesh, smooth: Bool = false, count: Int = 1,
      perform action: @escaping (CGPoint?) -> Void
    ) -> some View {
      modifier(MeshWarpTapModifier(mesh: mesh, smooth: smooth, count: count, action: action))
    }
  }

  /// Tracks the view's size and maps tap locations through the drawn warp.
  @available(iOS 17.0, macOS 14.0, visionOS 1.0, *)
  struct MeshWarpTapModifier: ViewModifier {
    let mesh: WarpMesh
    let smooth: Bool
    let count: Int
    let action: (CGPoint?) -> Void
    @State private var size: CGSize = .zero
    @Environment(\.displayScale) private var displayScale

    func body(content: Content) -> some View {
      content
        .onGeometryChange(for: CGSize.self, of: { $0.size }, action: { size = $0 })
        .onTapGesture(count: count) { location in
          // Built per tap (O(faces)): the drawn surface depends on the size.
          let tester = MeshWarpHitTester(
            mesh: mesh, smooth: smooth, viewSize: size, displayScale: displayScale)
          action(tester.contentLocation(for: location, in: size))
        }
    }
  }
#endif

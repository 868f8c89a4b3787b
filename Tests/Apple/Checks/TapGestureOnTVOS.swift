// Must NOT type-check (Scripts/typecheck-apple.sh expects the error below):
// `onTapGesture(count:coordinateSpace:perform:)` has no tvOS availability
// (https://developer.apple.com/documentation/swiftui/view/ontapgesture(count:coordinatespace:perform:):
// iOS 17, macOS 14, visionOS 1, watchOS 10), so the tvOS availability pass
// must reject an app that uses it outside `#if !os(tvOS)`.
// must-fail: tvOS 17.0
// expect: 'onTapGesture(count:coordinateSpace:perform:)' is unavailable
import MeshWarpEffect
import SwiftUI

@available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
struct LocatedTapOnTVOS: View {
  var body: some View {
    Text("Tap").onTapGesture(count: 1) { location in print(location) }
  }
}

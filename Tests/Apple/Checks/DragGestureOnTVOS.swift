// Must NOT type-check (Scripts/typecheck-apple.sh expects the error below):
// `DragGesture` has no tvOS availability
// (https://developer.apple.com/documentation/swiftui/draggesture: iOS 13,
// macOS 10.15, visionOS 1, watchOS 6).
// must-fail: tvOS 17.0
// expect: 'DragGesture' is unavailable
import MeshWarpEffect
import SwiftUI

@available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
struct DragOnTVOS: View {
  var body: some View {
    Text("Drag").gesture(DragGesture().onChanged { value in print(value.location) })
  }
}

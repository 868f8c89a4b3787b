// Must NOT type-check (Scripts/typecheck-apple.sh expects the error below):
// Apple declares `@MainActor @preconcurrency struct DragGesture`
// (https://developer.apple.com/documentation/swiftui/draggesture), so with
// Swift 6's strict concurrency a nonisolated function cannot create one.
// must-fail: modules
// expect: call to main actor-isolated initializer 'init()'
import MeshWarpEffect
import SwiftUI

nonisolated func makeDrag() -> DragGesture {
  DragGesture()
}

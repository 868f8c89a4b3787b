import SwiftUI
import MeshWarpEffect

struct WarpedCardView: View {
    // One quad: corner indices 0-3, in perimeter order (clockwise on screen).
    let corners = [
        CGPoint(x: 0, y: 0), // 0: top left
        CGPoint(x: 1, y: 0), // 1: top right
        CGPoint(x: 1, y: 1), // 2: bottom right
        CGPoint(x: 0, y: 1), // 3: bottom left
    ]

    // The same vertices with the bottom-right corner pulled inward.
    let warped = [
        CGPoint(x: 0, y: 0),
        CGPoint(x: 1, y: 0),
        CGPoint(x: 0.8, y: 0.75), // 2: pulled toward the center
        CGPoint(x: 0, y: 1),
    ]

    var body: some View {
        LinearGradient(
            colors: [.blue, .purple, .orange],
            startPoint: .topLeading,
            endPoint: .bottomTrailing
        )
        .frame(width: 300, height: 300)
        .padding(1) // transparent edge pixel — see "Edge behavior" below
        .meshWarpEffect(
            pointPairs: zip(corners, warped).map { MeshPointPair(from: $0, to: $1) },
            faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)],
            maxSampleOffset: .zero
        )
    }
}

// The original MeshWarpEffect package's interactive demo: a checkerboard
// warped through a 3×3 mesh whose nine control points you drag. Apple
// platforms only; on Linux this file compiles to nothing (the SDL2
// `meshwarp-editor` is the Linux twin). On tvOS, which has no DragGesture
// (https://developer.apple.com/documentation/swiftui/draggesture: iOS 13,
// macOS 10.15, visionOS 1, watchOS 6) and no located tap, the board is
// shown and the buttons work, without dragging or tapping.
//
// Previews: open this file in Xcode with the MeshWarpEffectDemoUI scheme
// (a library product, so Xcode makes the scheme; it can't preview SwiftPM
// executable targets).
#if canImport(SwiftUI) && !os(watchOS)
  import SwiftUI
  import MeshWarpEffect

  /// A checkerboard warped by a draggable 3×3 mesh, with a reset that
  /// animates the mesh back to the identity (`withAnimation`).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshWarpDemoView: View {
    @State private var mesh = WarpMesh.identity(columns: 3, rows: 3)
    @State private var edges = EdgePolicy.transparent
    @State private var lastTap: CGPoint? = nil

    public init() {}

    public var body: some View {
      VStack(spacing: 16) {
        GeometryReader { proxy in
          let size = proxy.size
          ZStack {
            #if os(tvOS)
              Checkerboard(squares: 8)
                .meshWarpEffect(mesh, maxSampleOffset: size, edges: edges)
            #else
              Checkerboard(squares: 8)
                .meshWarpEffect(mesh, maxSampleOffset: size, edges: edges)
                .onMeshWarpTapGesture(mesh) { location in lastTap = location }
            #endif
            ForEach(0..<mesh.pointPairs.count, id: \.self) { index in
              let handle = Circle()
                .fill(Color.orange)
                .frame(width: 24, height: 24)
                .position(Self.point(mesh.pointPairs[index].to, in: size))
              #if os(tvOS)
                handle
              #else
                handle.gesture(
                  DragGesture()
                    .onChanged { value in
                      mesh.pointPairs[index].to = CGPoint(
                        x: value.location.x / size.width, y: value.location.y / size.height)
                    }
                )
              #endif
            }
          }
        }
        .aspectRatio(1, contentMode: .fit)
        .padding(24)
        HStack(spacing: 16) {
          Button("Reset") {
            withAnimation(.spring(duration: 0.6)) {
              mesh = WarpMesh.identity(columns: 3, rows: 3)
            }
          }
          Button("Edges: \(edges.rawValue)") {
            let all = EdgePolicy.allCases
            edges = all[(all.firstIndex(of: edges)! + 1) % all.count]
          }
        }
        Text(lastTap.map { "Tapped content at (\(Int($0.x)), \(Int($0.y)))" } ?? "Tap the board")
      }
      .padding()
    }

    /// A normalized mesh point in the view's points.
    static func point(_ normalized: CGPoint, in size: CGSize) -> CGPoint {
      CGPoint(x: normalized.x * size.width, y: normalized.y * size.height)
    }
  }

  /// An n × n checkerboard filling its frame.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct Checkerboard: View {
    let squares: Int

    var body: some View {
      Canvas { context, size in
        let side = CGSize(
          width: size.width / CGFloat(squares), height: size.height / CGFloat(squares))
        for row in 0..<squares {
          for column in 0..<squares {
            let rect = CGRect(
              x: CGFloat(column) * side.width, y: CGFloat(row) * side.height,
              width: side.width, height: side.height)
            let color = (row + column).isMultiple(of: 2) ? Color.black : Color.white
            context.fill(Path(rect), with: .color(color))
          }
        }
      }
    }
  }

  /// The MeshGradient blog post's animated "Meshing" text, filled by a mesh
  /// gradient (SwiftUI's from iOS 18, the package's CPU renderer below).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshingTextDemoView: View {
    public init() {}

    public var body: some View {
      MeshGradientText("Meshing", font: .system(size: 96, weight: .bold).width(.expanded))
        .padding()
    }
  }

  /// A mesh gradient as a view and as a shape style (SwiftUI's
  /// `MeshGradient` from iOS 18, the package's CPU renderer below).
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  public struct MeshGradientDemoView: View {
    public init() {}

    public var body: some View {
      let gradient = GradientPresets.meshing(at: 1)
      HStack(spacing: 16) {
        MeshGradientView(gradient)
          .frame(width: 200, height: 200)
        Circle()
          .fill(.meshGradient(gradient, size: CGSize(width: 200, height: 200)))
          .frame(width: 200, height: 200)
      }
      .padding()
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct MeshWarpDemoView_Previews: PreviewProvider {
    static var previews: some View {
      MeshWarpDemoView()
    }
  }

  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct MeshingTextDemoView_Previews: PreviewProvider {
    static var previews: some View {
      MeshingTextDemoView()
    }
  }
#endif

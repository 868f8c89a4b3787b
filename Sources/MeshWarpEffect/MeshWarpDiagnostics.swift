#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// In debug builds, prints a warning naming the face and the rule whenever
  /// the set of problems of a warped mesh changes (``WarpMesh/validate()``),
  /// so that a bowtie or an index out of range does not silently draw
  /// garbage, and one when `smooth` is asked of a mesh without grid
  /// structure. Release builds compile it to nothing. (The sample offset
  /// needs no warning: the modifier raises it to what the drawn mesh needs.)
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct MeshWarpDiagnostics: ViewModifier {
    let mesh: WarpMesh
    /// Whether the modifier was asked to draw the smooth surface, which
    /// needs grid structure.
    var smooth = false

    func body(content: Content) -> some View {
      #if DEBUG
        content.onChange(of: mesh.validate(), initial: true) { _, issues in
          for line in Self.warnings(for: issues) { print(line) }
        }
        .onChange(of: smooth && mesh.grid == nil, initial: true) { _, notAGrid in
          if notAGrid {
            print(
              "MeshWarpEffect: smooth needs a grid mesh (WarpMesh.grid, as "
                + "WarpMesh.identity(columns:rows:) builds); drawing it piecewise")
          }
        }
      #else
        content
      #endif
    }

    /// One line per problem: `MeshWarpEffect: error [rule-1-perimeter-order]
    /// face 2 (vertices 0, 2, 1, 3): …`.
    static func warnings(for issues: [MeshIssue]) -> [String] {
      issues.map { "MeshWarpEffect: \($0)" }
    }
  }
#endif

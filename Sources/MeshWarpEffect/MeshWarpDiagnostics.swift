#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// In debug builds, prints a warning naming the face and the rule whenever
  /// the set of problems of a warped mesh changes (``WarpMesh/validate()``),
  /// so that a bowtie or an index out of range does not silently draw
  /// garbage. Release builds compile it to nothing.
  @available(iOS 17.0, macOS 14.0, tvOS 17.0, visionOS 1.0, *)
  struct MeshWarpDiagnostics: ViewModifier {
    let mesh: WarpMesh

    func body(content: Content) -> some View {
      #if DEBUG
        content.onChange(of: mesh.validate(), initial: true) { _, issues in
          for line in Self.warnings(for: issues) { print(line) }
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

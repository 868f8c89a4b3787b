#if canImport(SwiftUI) && !os(watchOS)
  import MeshWarpCore
  import SwiftUI

  /// `MeshWarpAnimatableData` already provides `+`, `-`, `zero`,
  /// `scale(by:)` and `magnitudeSquared`.
  extension MeshWarpAnimatableData: VectorArithmetic {}
#endif

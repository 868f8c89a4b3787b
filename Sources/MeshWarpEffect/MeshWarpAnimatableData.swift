import MeshWarpCore

/// The animatable data of a warp: the warped points of a mesh as one flat
/// vector `[x0, y0, x1, y1, …]` (``WarpMesh/warpedCoordinates``).
///
/// SwiftUI interpolates it between the old and new mesh of a
/// `withAnimation` change, component by component; the original points and
/// faces do not animate. Vectors of different lengths (a change of mesh
/// shape) add as if the shorter one were padded with zeros, which keeps the
/// arithmetic total; the modifier ignores an interpolated vector whose length
/// does not match its mesh, so such a change jumps instead of animating.
///
/// On Apple platforms it conforms to SwiftUI's `VectorArithmetic`.
public struct MeshWarpAnimatableData: AdditiveArithmetic, Hashable, Sendable {
  /// The components.
  public var values: [Double]

  /// A vector with the given components.
  public init(_ values: [Double]) {
    self.values = values
  }

  /// The empty vector, which acts as zero for every length.
  public static var zero: MeshWarpAnimatableData { MeshWarpAnimatableData([]) }

  public static func + (lhs: MeshWarpAnimatableData, rhs: MeshWarpAnimatableData)
    -> MeshWarpAnimatableData
  {
    combine(lhs, rhs, +)
  }

  public static func - (lhs: MeshWarpAnimatableData, rhs: MeshWarpAnimatableData)
    -> MeshWarpAnimatableData
  {
    combine(lhs, rhs, -)
  }

  /// Multiplies every component by `rhs`.
  public mutating func scale(by rhs: Double) {
    for i in values.indices { values[i] *= rhs }
  }

  /// The dot product of the vector with itself.
  public var magnitudeSquared: Double {
    values.reduce(0) { $0 + $1 * $1 }
  }

  private static func combine(
    _ lhs: MeshWarpAnimatableData, _ rhs: MeshWarpAnimatableData,
    _ operation: (Double, Double) -> Double
  ) -> MeshWarpAnimatableData {
    let count = max(lhs.values.count, rhs.values.count)
    var result = [Double](repeating: 0, count: count)
    for i in 0..<count {
      let a = i < lhs.values.count ? lhs.values[i] : 0
      let b = i < rhs.values.count ? rhs.values[i] : 0
      result[i] = operation(a, b)
    }
    return MeshWarpAnimatableData(result)
  }
}

import Foundation

/// A 2D vector in double precision, the core's working type for geometry.
public typealias Vector2 = SIMD2<Double>

extension SIMD2 where Scalar == Double {
  /// The vector with the coordinates of `point`.
  @inlinable public init(_ point: CGPoint) { self.init(Double(point.x), Double(point.y)) }

  /// This vector as a `CGPoint`.
  @inlinable public var cgPoint: CGPoint { CGPoint(x: x, y: y) }
}

/// The 2D cross product (z of the 3D cross product): `a.x·b.y − a.y·b.x`.
///
/// Positive when `b` is counter-clockwise from `a` in a y-up frame, which is
/// clockwise on a y-down screen.
@inlinable package func cross(_ a: Vector2, _ b: Vector2) -> Double {
  a.x * b.y - a.y * b.x
}

/// Linear interpolation `a + (b − a)·t`.
@inlinable package func mix(_ a: Vector2, _ b: Vector2, _ t: Double) -> Vector2 {
  a + (b - a) * t
}

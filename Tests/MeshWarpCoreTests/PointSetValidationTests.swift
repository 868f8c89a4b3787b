import Foundation
import Testing
import _TestSupport

@testable import MeshWarpCore

/// A point set's checks before its spline is built: points at one place,
/// points on one line, and a spline that folds, each named by point.
@Suite struct PointSetValidationTests {
  static func set(_ pairs: [(from: Vector2, to: Vector2)], pinCorners: Bool = true)
    -> WarpPointSet
  {
    WarpPointSet(
      pairs: pairs.map {
        MeshPointPair(
          from: CGPoint(x: $0.from.x, y: $0.from.y), to: CGPoint(x: $0.to.x, y: $0.to.y))
      }, pinCorners: pinCorners)
  }

  static func rules(_ points: WarpPointSet) -> [MeshIssue.Rule] { points.issues.map(\.rule) }

  @Test func pointsAtOnePlaceAreErrorsNamingThem() {
    let near = Self.set([
      (Vector2(0.3, 0.3), Vector2(0.3, 0.3)), (Vector2(0.5, 0.5), Vector2(0.5, 0.5)),
      (Vector2(0.6, 0.5), Vector2(0.5004, 0.5)),
    ])
    let issue = near.issues.first
    #expect(issue?.rule == .coincidentPoints && issue?.severity == .error)
    #expect(issue?.vertices == [1, 2])
    #expect(issue?.message.contains("point 1 and point 2") == true, "\(near.issues)")
    // The same place exactly, and a point next to a pinned corner.
    let same = Self.set([
      (Vector2(0.2, 0.5), Vector2(0.4, 0.4)), (Vector2(0.6, 0.5), Vector2(0.4, 0.4)),
    ])
    #expect(Self.rules(same) == [.coincidentPoints])
    let corner = Self.set([(Vector2(0.1, 0.1), Vector2(0.0003, 0.0002))])
    #expect(Self.rules(corner) == [.coincidentPoints])
    #expect(corner.issues[0].message.contains("a pinned corner"))
    // A thousandth apart is allowed.
    let apart = Self.set([
      (Vector2(0.5, 0.5), Vector2(0.5, 0.5)), (Vector2(0.5011, 0.5), Vector2(0.5011, 0.5)),
    ])
    #expect(!Self.rules(apart).contains(.coincidentPoints))
  }

  /// Beyond the spline's limit the point set is refused at once, before
  /// any pairwise check (100 000 points would take 5·10⁹ comparisons).
  @Test func tooManyPointsAreRefusedFirst() {
    let many = (0..<100_000).map { k in
      (from: Vector2(Double(k % 300) / 300, Double(k / 300) / 400), to: Vector2(0.5, 0.5))
    }
    let issues = Self.set(many).issues
    #expect(issues.map(\.rule) == [.tooManyPoints])
    #expect(issues.first?.message.contains("100000") == true)
    #expect(issues.first?.message.contains("2000") == true)
  }

  @Test func pointsOnOneLineAreErrors() {
    let line = Self.set(
      [
        (Vector2(0.1, 0.1), Vector2(0.1, 0.1)), (Vector2(0.5, 0.52), Vector2(0.5, 0.5002)),
        (Vector2(0.9, 0.9), Vector2(0.9, 0.9)),
      ], pinCorners: false)
    #expect(Self.rules(line) == [.collinearPoints])
    #expect(line.issues[0].vertices == [0, 1, 2])
    // Pinned corners take the points off one line.
    let pinned = Self.set(line.pairs.map { (Vector2($0.from), Vector2($0.to)) })
    #expect(!Self.rules(pinned).contains(.collinearPoints))
    let two = Self.set(
      [(Vector2(0.1, 0.1), Vector2(0.2, 0.1)), (Vector2(0.9, 0.9), Vector2(0.8, 0.9))],
      pinCorners: false)
    #expect(Self.rules(two) == [.collinearPoints])
    #expect(two.issues[0].message.contains("there are 2"))
  }

  /// Two points that swap places fold the picture: a warning naming them.
  /// Small pulls, seeded, never warn.
  @Test func foldsAreWarnedAndGentlePullsAreNot() {
    let swap = Self.set([
      (Vector2(0.3, 0.5), Vector2(0.7, 0.5)), (Vector2(0.7, 0.5), Vector2(0.3, 0.5)),
    ])
    let issues = swap.issues
    #expect(issues.map(\.rule) == [.foldedSpline], "\(issues)")
    #expect(issues.first?.severity == .warning)
    #expect(Set(issues.first?.vertices ?? []) == [0, 1])
    let seed: UInt64 = 0x5011_D5E7
    print("PointSetValidationTests.foldsAreWarnedAndGentlePullsAreNot seed \(seed)")
    var rng = SeededRandom(seed: seed)
    for _ in 0..<10 {
      // Points on a 3×3 lattice (0.25 apart), each pulled by at most 0.04.
      var pairs: [(from: Vector2, to: Vector2)] = []
      for i in 1...3 {
        for j in 1...3 {
          let to = Vector2(Double(i) / 4, Double(j) / 4)
          let pull = Vector2(
            Double.random(in: -0.04...0.04, using: &rng),
            Double.random(in: -0.04...0.04, using: &rng))
          pairs.append((to + pull, to))
        }
      }
      #expect(Self.rules(Self.set(pairs)).isEmpty)
    }
  }
}

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
    #expect(issue?.message.hasPrefix("points 1 and 2 are the same") == true, "\(near.issues)")
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

  /// Points that take the picture from one place, or all from one line:
  /// the spline is defined, but squeezes the picture between them or
  /// squashes it onto the line. Errors naming the points.
  @Test func fromPointsAtOnePlaceOrOnOneLineAreErrors() {
    var pairs: [(from: Vector2, to: Vector2)] = (0..<8).map { k in
      let p = Vector2(0.1 + 0.1 * Double(k), 0.2 + 0.07 * Double(k * k % 5))
      return (p, p)
    }
    #expect(Self.rules(Self.set(pairs)).isEmpty)
    pairs[7].from = pairs[3].from + Vector2(0.0002, 0)
    let same = Self.set(pairs).issues
    #expect(same.map(\.rule) == [.coincidentPoints], "\(same)")
    #expect(same.first?.vertices == [3, 7])
    #expect(same.first?.message.hasPrefix("points 3 and 7 are the same") == true, "\(same)")
    #expect(same.first?.message.contains("\"from\"") == true)
    // Next to a pinned corner: the corner is shown twice.
    let corner = Self.set([
      (Vector2(0, 0), Vector2(0.2, 0.2)), (Vector2(0.5, 0.4), Vector2(0.5, 0.5)),
    ])
    #expect(corner.issues.map(\.rule) == [.coincidentPoints])
    #expect(
      corner.issues.first?.message.hasPrefix("point 0 and a pinned corner are the same") == true)
    let line = Self.set(
      [
        (Vector2(0.2, 0.2), Vector2(0.2, 0.3)), (Vector2(0.4, 0.4), Vector2(0.4, 0.4)),
        (Vector2(0.6, 0.6), Vector2(0.6, 0.3)), (Vector2(0.8, 0.8), Vector2(0.3, 0.8)),
      ], pinCorners: false)
    #expect(Self.rules(line) == [.collinearPoints])
    #expect(line.issues.first?.message.hasPrefix("points 0, 1 and 2 lie on one line") == true)
    #expect(line.issues.first?.vertices == [0, 1, 2, 3])
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

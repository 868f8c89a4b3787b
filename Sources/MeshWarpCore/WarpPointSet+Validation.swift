import Foundation

extension WarpPointSet {
  /// How close two control points may come, in normalized units (a
  /// thousandth of the picture: about a pixel at 1000 px). Closer points
  /// pull the spline through two targets at almost one place, and its
  /// weights (the differences divided by the distance) grow without bound.
  /// Empirical: the spline stays tame down to this on the test pictures.
  public static let minimumSeparation = 1e-3

  /// What is wrong with the point set before a spline is built, and where
  /// the spline folds, named by point (indices into ``pairs``):
  ///
  /// - no pairs, or more than ``ThinPlateSpline/maximumPoints`` (error,
  ///   checked first, so that the pairwise checks below stay O(n²) for a
  ///   bounded n);
  /// - a non-finite or absurd coordinate (error), coordinates that look
  ///   like pixels (warning): the mesh rules that apply to points;
  /// - two `to` points (or one and a pinned corner) closer than
  ///   ``minimumSeparation``: the spline would pass through two places at
  ///   one point; two `from` points that close: two places would show one
  ///   point of the picture, squeezing everything between them (error,
  ///   `coincident-points`, "points 3 and 7 are the same");
  /// - every `to` point, pinned corners included, within
  ///   ``minimumSeparation`` of one line, or fewer than three: the spline
  ///   is undetermined across the line; every `from` point that close to
  ///   one line: the picture is squashed onto it (error, `collinear-points`,
  ///   "points 0, 1 and 2 lie on one line");
  /// - the spline's Jacobian not positive somewhere on a 33 × 33 lattice
  ///   over the output, so the picture is drawn over itself there
  ///   (warning, `folded-spline`, naming the two points nearest the fold).
  ///
  /// - Complexity: O(n²) for the pairs, plus one spline solve, O(n³),
  ///   when no error was found.
  public var issues: [MeshIssue] {
    if pairs.isEmpty {
      return [
        MeshIssue(
          severity: .error, rule: .emptyMesh, face: nil, vertices: [],
          message: "the point set has no point pairs")
      ]
    }
    guard pairs.count <= ThinPlateSpline.maximumPoints else {
      return [
        MeshIssue(
          severity: .error, rule: .tooManyPoints, face: nil, vertices: [],
          message:
            "the point set has \(pairs.count) point pairs; a spline takes at most \(ThinPlateSpline.maximumPoints)"
        )
      ]
    }
    let pointRules: Set<MeshIssue.Rule> = [
      .nonFiniteCoordinate, .absurdCoordinate, .looksLikePixels,
    ]
    var found = WarpMesh(pointPairs: pairs, faces: []).validate().filter {
      pointRules.contains($0.rule)
    }
    guard !found.contains(where: { $0.severity == .error }) else { return found }
    let controls = controlPoints
    found += coincidences(controls, side: .to)
    found += coincidences(controls, side: .from)
    if let line = collinearity(controls, side: .to) {
      found.append(line)
    } else if let line = collinearity(controls, side: .from) {
      found.append(line)
    }
    guard !found.contains(where: { $0.severity == .error }) else { return found }
    if let fold = self.fold(controls) { found.append(fold) }
    return found
  }

  /// The spline's control points in normalized units: each pair's `to`
  /// (index into ``pairs``), then the pinned corners that no `to` sits on
  /// (index nil), as ``WarpMesh/thinPlateSpline(pairs:outputSize:contentSize:pinCorners:tolerance:)``
  /// adds them.
  private var controlPoints: [(index: Int?, to: Vector2, from: Vector2)] {
    var controls: [(index: Int?, to: Vector2, from: Vector2)] = pairs.enumerated().map {
      ($0.offset, Vector2($0.element.to), Vector2($0.element.from))
    }
    if pinCorners {
      for corner in [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]
      where !controls.contains(where: { $0.to == corner }) {
        controls.append((nil, corner, corner))
      }
    }
    return controls
  }

  private static func name(_ index: Int?) -> String {
    index.map { "point \($0)" } ?? "a pinned corner"
  }

  /// `(0.5, 0.25)`: a point as a message shows it.
  private static func text(_ p: Vector2) -> String {
    "(" + String(format: "%g", p.x) + ", " + String(format: "%g", p.y) + ")"
  }

  private static func text(_ x: Double) -> String { String(format: "%.2g", x) }

  /// Which end of the pairs a check looks at: where the spline passes
  /// (`to`, its control points) or what it shows there (`from`).
  private enum Side: String {
    case to, from

    func of(_ control: (index: Int?, to: Vector2, from: Vector2)) -> Vector2 {
      self == .to ? control.to : control.from
    }
  }

  /// "points 3 and 7", "point 2 and a pinned corner", "points 0, 1 and 2".
  private static func names(_ indices: [Int?]) -> String {
    let numbers = indices.compactMap { $0 }.map(String.init)
    let corners = indices.count - numbers.count
    var parts = numbers.count <= 1 ? numbers.map { "point " + $0 } : []
    if numbers.count > 1 {
      parts = [
        "points " + numbers.dropLast().joined(separator: ", ") + " and " + numbers.last!
      ]
    }
    if corners > 0 { parts.append(corners == 1 ? "a pinned corner" : "\(corners) pinned corners") }
    return parts.joined(separator: " and ")
  }

  /// Pairs whose `side` points are closer than ``minimumSeparation``, at
  /// most eight.
  private func coincidences(
    _ controls: [(index: Int?, to: Vector2, from: Vector2)], side: Side
  ) -> [MeshIssue] {
    var found: [MeshIssue] = []
    for i in controls.indices {
      for j in controls.indices where j > i {
        let (a, b) = (controls[i], controls[j])
        let d = side.of(a) - side.of(b)
        let distance = (d * d).sum().squareRoot()
        guard distance < Self.minimumSeparation else { continue }
        let place =
          distance == 0
          ? "both at \(Self.text(side.of(a)))"
          : "\(Self.text(distance)) apart, \(Self.text(side.of(a))) and \(Self.text(side.of(b)))"
        let why =
          side == .to
          ? "their \"to\" points are \(place): the spline cannot pass through two places at one point"
          : "their \"from\" points are \(place): two places would show one point of the picture, squeezing it between them"
        let remedy =
          a.index == nil || b.index == nil
          ? "move or remove the point, or unpin the corners (\"pinCorners\": false)"
          : "move or remove one"
        found.append(
          MeshIssue(
            severity: .error, rule: .coincidentPoints, face: nil,
            vertices: [a.index, b.index].compactMap { $0 },
            message:
              "\(Self.names([a.index, b.index])) are the same: \(why); a spline needs its points at least \(Self.minimumSeparation) apart: \(remedy)"
          ))
        if found.count == 8 { return found }  // enough to show the pattern
      }
    }
    return found
  }

  /// An error when every `side` point lies within ``minimumSeparation``
  /// of one line (the line through the two farthest apart), or there are
  /// fewer than three (checked on the `to` side).
  private func collinearity(
    _ controls: [(index: Int?, to: Vector2, from: Vector2)], side: Side
  ) -> MeshIssue? {
    let points = controls.map { side.of($0) }
    let named = controls.compactMap(\.index)
    guard points.count >= 3 else {
      guard side == .to else { return nil }
      return MeshIssue(
        severity: .error, rule: .collinearPoints, face: nil, vertices: named,
        message:
          "a spline needs three points not on one line, and there \(points.count == 1 ? "is 1" : "are \(points.count)") (pinned corners count)"
      )
    }
    // The line through the two points farthest apart; the others' distance
    // from it.
    var (p, q, farthest) = (points[0], points[1], -1.0)
    for i in points.indices {
      for j in points.indices where j > i {
        let d = points[i] - points[j]
        if (d * d).sum() > farthest { (p, q, farthest) = (points[i], points[j], (d * d).sum()) }
      }
    }
    let direction = q - p
    let length = (direction * direction).sum().squareRoot()
    guard length > 0 else { return nil }  // coincident: reported already
    let off = points.map { abs(cross(direction, $0 - p)) / length }.max() ?? 0
    guard off < Self.minimumSeparation else { return nil }
    let what =
      side == .to
      ? "the spline is not determined off that line"
      : "the picture would be squashed onto that line"
    return MeshIssue(
      severity: .error, rule: .collinearPoints, face: nil, vertices: named,
      message:
        "\(Self.names(Array(controls.map(\.index).prefix(3)))) lie on one line: every \"\(side.rawValue)\" point is within \(Self.text(off)) of the line through \(Self.text(p)) and \(Self.text(q)), so \(what); a spline needs three points at least \(Self.minimumSeparation) off one line (pin the corners, or add a point)"
    )
  }

  /// The first lattice point where the spline's Jacobian (of the map from
  /// the output to the content) is not positive, as a warning.
  private func fold(_ controls: [(index: Int?, to: Vector2, from: Vector2)]) -> MeshIssue? {
    guard
      let spline = try? ThinPlateSpline(
        controlPoints: controls.map(\.to), values: controls.map(\.from))
    else { return nil }
    let steps = 32
    let h = 1e-4
    for row in 0...steps {
      for column in 0...steps {
        let p = Vector2(Double(column) / Double(steps), Double(row) / Double(steps))
        let dx = (spline(p + Vector2(h, 0)) - spline(p - Vector2(h, 0))) / (2 * h)
        let dy = (spline(p + Vector2(0, h)) - spline(p - Vector2(0, h))) / (2 * h)
        guard dx.x * dy.y - dx.y * dy.x <= 0 else { continue }
        let nearest = controls.filter { $0.index != nil }
          .sorted {
            let a = $0.to - p
            let b = $1.to - p
            return (a * a).sum() < (b * b).sum()
          }
          .prefix(2)
        let names = nearest.map { Self.name($0.index) }.joined(separator: " and ")
        return MeshIssue(
          severity: .warning, rule: .foldedSpline, face: nil,
          vertices: nearest.compactMap(\.index),
          message:
            "the spline folds near \(Self.text(p)) (the picture is drawn over itself there); \(names) pull too far for the room between them"
        )
      }
    }
    return nil
  }
}

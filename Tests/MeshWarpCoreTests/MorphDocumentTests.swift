import Foundation
import MeshWarpCore
import Testing

/// The morph document: the intermediate points, the two meshes, the
/// dissolve weight, folds over t, validation and its JSON.
@Suite struct MorphDocumentTests {
  /// A one-face morph whose corners move from `a` to `b`.
  static func square(b: [CGPoint]) -> MorphDocument {
    MorphDocument(
      a: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)],
      b: b, faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
  }

  /// The square mirrored left to right: valid at both ends, flat at t = 0.5.
  static let mirrored = square(b: [
    CGPoint(x: 1, y: 0), CGPoint(x: 0, y: 0), CGPoint(x: 0, y: 1), CGPoint(x: 1, y: 1),
  ])

  /// A document whose b points are a's moved, on a 4×3 grid.
  static func moved() -> MorphDocument {
    var morph = MorphDocument.identity(columns: 4, rows: 3)
    morph.b = morph.a.map { CGPoint(x: 0.1 + 0.8 * $0.x, y: $0.y * $0.y) }
    morph.b[5].x += 0.05
    return morph
  }

  @Test func identityHasTheSamePointsInBothPictures() throws {
    let morph = MorphDocument.identity(columns: 3, rows: 2)
    #expect(morph.a.count == 6)
    #expect(morph.a == morph.b)
    #expect(morph.faces == WarpMesh.identity(columns: 3, rows: 2).faces)
    #expect(morph.grid == WarpMesh.GridShape(columns: 3, rows: 2))
    #expect(!morph.smooth && morph.warpEasing == .linear && morph.dissolveEasing == .linear)
    try morph.validate()
  }

  @Test func intermediatePointsRunFromAToBExactly() {
    var morph = Self.moved()
    #expect(morph.intermediatePoints(at: 0) == morph.a)
    #expect(morph.intermediatePoints(at: 1) == morph.b)
    let half = morph.intermediatePoints(at: 0.5)
    for i in morph.a.indices {
      #expect(abs(half[i].x - (morph.a[i].x + morph.b[i].x) / 2) < 1e-15)
      #expect(abs(half[i].y - (morph.a[i].y + morph.b[i].y) / 2) < 1e-15)
    }
    // The warp's easing moves the points: ease-in lags behind linear.
    morph.warpEasing = .easeIn
    let w = TimingCurve.easeIn(0.5)
    let eased = morph.intermediatePoints(at: 0.5)
    #expect(abs(eased[5].x - ((1 - w) * morph.a[5].x + w * morph.b[5].x)) < 1e-15)
    #expect(eased[5] != half[5])
  }

  @Test func meshesWarpEachPictureToTheIntermediatePoints() {
    var morph = Self.moved()
    morph.smooth = true
    let m = morph.intermediatePoints(at: 0.3)
    let (meshA, meshB) = morph.meshes(at: 0.3)
    #expect(meshA.pointPairs.map(\.from) == morph.a)
    #expect(meshA.pointPairs.map(\.to) == m)
    #expect(meshB.pointPairs.map(\.from) == morph.b)
    #expect(meshB.pointPairs.map(\.to) == m)
    #expect(meshA.faces == morph.faces && meshB.faces == morph.faces)
    #expect(meshA.grid == morph.grid && meshA.smooth && meshB.smooth)
    // At the ends one side is the identity.
    #expect(morph.meshes(at: 0).a.isIdentity)
    #expect(morph.meshes(at: 1).b.isIdentity)
  }

  /// SwiftUI's ease-in-out, the cubic Bézier (0.42, 0, 0.58, 1), solved
  /// here by bisection on its x, independently of `TimingCurve`.
  @Test func dissolveWeightFollowsItsEasing() {
    var morph = Self.moved()
    #expect(morph.dissolveWeight(at: 0) == 0 && morph.dissolveWeight(at: 1) == 1)
    #expect(morph.dissolveWeight(at: 0.25) == 0.25)
    morph.dissolveEasing = .easeInOut
    func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
    }
    var (low, high) = (0.0, 1.0)
    for _ in 0..<200 {
      let mid = (low + high) / 2
      if bezier(mid, 0.42, 0.58) < 0.25 { low = mid } else { high = mid }
    }
    let expected = bezier((low + high) / 2, 0, 1)
    #expect(abs(expected - 0.129162) < 1e-6)
    #expect(abs(morph.dissolveWeight(at: 0.25) - expected) < 1e-9)
    #expect(abs(morph.dissolveWeight(at: 0.5) - 0.5) < 1e-12)
    // The warp keeps its own (linear) curve.
    #expect(morph.intermediatePoints(at: 0.25)[5].x == 0.75 * morph.a[5].x + 0.25 * morph.b[5].x)
  }

  @Test func aMirroredFaceFoldsHalfWay() throws {
    #expect(Self.mirrored.folds() == [MorphFold(face: 0, t: 0.5)])
    #expect(Self.moved().folds().isEmpty)
    #expect(MorphDocument.identity(columns: 5, rows: 5).folds().isEmpty)
    #expect(throws: MorphError.folds([MorphFold(face: 0, t: 0.5)])) {
      try Self.mirrored.validate()
    }
    do {
      try Self.mirrored.validate()
    } catch {
      #expect("\(error)".contains("face 0 at t = 0.5"))
    }
  }

  /// A fold between samples is refined by bisection: the right edge
  /// x = 1 − t·(1 + c) reaches the left edge at t = 1 / (1 + c) = 0.3.
  @Test func aFoldBetweenSamplesIsRefined() {
    let c = 1 / 0.3 - 1
    let morph = Self.square(b: [
      CGPoint(x: 0, y: 0), CGPoint(x: -c, y: 0), CGPoint(x: -c, y: 1), CGPoint(x: 0, y: 1),
    ])
    let folds = morph.folds()
    #expect(folds.count == 1)
    #expect(abs((folds.first?.t ?? 0) - 0.3) < 1e-8)
    // Ease-in slows the points: w = 0.3 comes later, at the t with easeIn(t) = 0.3.
    var eased = morph
    eased.warpEasing = .easeIn
    let t = eased.folds().first?.t ?? 0
    #expect(abs(TimingCurve.easeIn(t) - 0.3) < 1e-7)
    #expect(t > 0.35)
  }

  @Test func structuralErrorsAreNamed() {
    var counts = Self.moved()
    counts.b.removeLast()
    #expect(throws: MorphError.pointCounts(a: 12, b: 11)) { try counts.validate() }
    var range = Self.moved()
    range.faces.append(MeshFace(i0: 0, i1: 1, i2: 2, i3: 12))
    #expect {
      try range.validate()
    } throws: { error in
      guard case .points(let side, let issue) = error as? MorphError else { return false }
      return side == "a" && issue.rule == .indexOutOfRange && issue.face == 6
    }
    var grid = Self.moved()
    grid.grid = WarpMesh.GridShape(columns: 5, rows: 3)
    #expect(throws: MorphError.grid(columns: 5, rows: 3, points: 12)) { try grid.validate() }
    var smooth = Self.square(b: Self.mirrored.b)
    smooth.smooth = true
    #expect(throws: MorphError.smoothNeedsGrid) { try smooth.validate() }
    var bowtie = Self.moved()
    bowtie.b.swapAt(0, 1)
    #expect {
      try bowtie.validate()
    } throws: { error in
      guard case .points(let side, _) = error as? MorphError else { return false }
      return side == "b"
    }
    var easing = Self.moved()
    easing.dissolveEasing = .cubicBezier(x1: 2, y1: 0, x2: 0.5, y2: 1)
    #expect {
      try easing.validate()
    } throws: { error in
      guard case .easing(let name, _) = error as? MorphError else { return false }
      return name == "dissolveEasing"
    }
  }

  @Test func jsonGridShorthandAndFaces() throws {
    let json = """
      {"columns": 2, "rows": 2, "a": [[0,0],[1,0],[0,1],[1,1]],
       "b": [[0.1,0],[1,0],[0,1],[0.9,0.8]], "smooth": true,
       "warpEasing": "easeInOut", "dissolveEasing": {"cubicBezier": [0.2, 0, 0.4, 1]}}
      """
    let morph = try JSONDecoder().decode(MorphDocument.self, from: Data(json.utf8))
    #expect(morph.grid == WarpMesh.GridShape(columns: 2, rows: 2))
    #expect(morph.faces == [MeshFace(i0: 0, i1: 1, i2: 3, i3: 2)])
    #expect(morph.b[3] == CGPoint(x: 0.9, y: 0.8))
    #expect(morph.smooth)
    #expect(morph.warpEasing == .easeInOut)
    #expect(morph.dissolveEasing == .cubicBezier(x1: 0.2, y1: 0, x2: 0.4, y2: 1))
    let back = try JSONDecoder().decode(
      MorphDocument.self, from: try JSONEncoder().encode(morph))
    #expect(back == morph)

    let faces = """
      {"a": [[0,0],[1,0],[1,1],[0,1]], "b": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3]]}
      """
    let free = try JSONDecoder().decode(MorphDocument.self, from: Data(faces.utf8))
    #expect(free.grid == nil && free.faces == [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
    #expect(free.warpEasing == .linear && !free.smooth)
    let encoded = String(decoding: try JSONEncoder().encode(free), as: UTF8.self)
    #expect(encoded.contains("\"faces\""))
    #expect(try JSONDecoder().decode(MorphDocument.self, from: Data(encoded.utf8)) == free)

    // The shorthand: no "a" is the even grid, no "b" equals "a".
    let bare = try JSONDecoder().decode(
      MorphDocument.self, from: Data(#"{"columns": 3, "rows": 3, "b": \#(grid9)}"#.utf8))
    #expect(bare.a == MorphDocument.identity(columns: 3, rows: 3).a)
    #expect(bare.b[4] == CGPoint(x: 0.6, y: 0.5))
  }

  private var grid9: String {
    "[[0,0],[0.5,0],[1,0],[0,0.5],[0.6,0.5],[1,0.5],[0,1],[0.5,1],[1,1]]"
  }

  @Test(arguments: [
    (#"{"columns": 2, "rows": 2, "a": [[0,0],[1,0],[0,1]]}"#, "a 2×2 grid has 4"),
    (#"{"a": [[0,0]], "b": [[0,0]]}"#, "no \"faces\""),
    (#"{"columns": 2, "rows": 2, "warpEasing": "bouncy"}"#, "unknown easing \"bouncy\""),
    (#"{"faces": [[0,1,2,3]], "a": [[0,0],[1,0],[1,1],[0,1]], "b": [[0,0]]}"#, "\"a\" has 4"),
    (#"{"faces": [[0,1,2]], "a": [[0,0]], "b": [[0,0]]}"#, "expected 4"),
  ])
  func jsonErrorsSayWhatIsWrong(json: String, message: String) {
    #expect {
      _ = try JSONDecoder().decode(MorphDocument.self, from: Data(json.utf8))
    } throws: { error in
      "\(error)".contains(message)
    }
  }

  /// A file naming a grid whose point count overflows is refused with a
  /// message, not a trap.
  @Test func hugeGridIsRefusedWithoutTrapping() throws {
    let json =
      #"{"columns": 4294967296, "rows": 4294967296, "faces": [[0,1,3,2]], "a": [[0,0],[1,0],[0,1],[1,1]], "b": [[0,0],[1,0],[0,1],[1,1]]}"#
    let document = try JSONDecoder().decode(MorphDocument.self, from: Data(json.utf8))
    #expect(throws: MorphError.self) { try document.validate() }
    do {
      try document.validate()
    } catch {
      #expect("\(error)".contains("more points than can be counted"), "\(error)")
    }
  }
}

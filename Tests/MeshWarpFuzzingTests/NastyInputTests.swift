import Foundation
import MeshWarpCore
import MeshWarpFiles
import MeshWarpImageIO
import Testing
import _TestSupport

@testable import MeshWarpFuzzing

// Hand-made hostile inputs for the fuzz entries. Each runs in a child process
// (an exit test) that must exit normally: a trap fails the one test and names
// the input (`ChildProcess.report`). Where the code under test has a
// documented answer (an error, a refusal) the parent checks it afterwards.

@Suite struct NastyPNGTests {
  @Test(.enabled(if: LongTests.enabled, Comment(rawValue: LongTests.reason)))
  func everyTruncationOfValidPNGs() async throws {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      for name in ["rgba8_4x3.png", "apng_2frames.png", "fixture_interlaced_rgba16.png"] {
        let bytes = FuzzCorpus.seed(.png, name)
        // Every length of the small files; every 7th of the 906-byte one.
        let stride = bytes.count > 500 ? 7 : 1
        for length in Swift.stride(from: 0, to: bytes.count, by: stride) {
          ChildProcess.announce("\(name) cut to \(length) bytes", log: log)
          fuzzPNG(Array(bytes.prefix(length)))
        }
      }
    }
    child.report(result)
    let bytes = FuzzCorpus.seed(.png, "rgba8_4x3.png")
    for length in 0..<bytes.count {
      #expect(throws: ImageCodecError.self, "cut to \(length) bytes") {
        _ = try PNGDecoder.decode(Array(bytes.prefix(length)))
      }
    }
  }

  /// A header claiming 2³¹−1 × 2³¹−1 pixels is refused before allocating.
  @Test func hugeIHDRIsRefusedBeforeAllocating() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      fuzzPNG(FuzzCorpus.seed(.png, "bad_huge_ihdr.png"))
    }
    child.report(result)
    let bytes = FuzzCorpus.seed(.png, "bad_huge_ihdr.png")
    #expect(throws: ImageCodecError.self) { _ = try PNGDecoder.decode(bytes) }
    #expect(throws: ImageCodecError.self) { _ = try APNGReader.read(bytes) }
  }

  @Test func emptyAndJunk() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      fuzzPNG([])
      fuzzPNG([0x89])
      fuzzPNG(FuzzCorpus.seed(.png, "bad_signature_only.png"))
      fuzzPNG([UInt8](repeating: 0xFF, count: 4096))
      fuzzPNG(FuzzCorpus.seed(.png, "bad_signature_only.png") + [UInt8](repeating: 0, count: 64))
    }
    child.report(result)
  }
}

@Suite struct NastyMeshTests {
  /// A one-face mesh over the unit square's corners with `to` replaced.
  static func quad(to: [CGPoint], faces: [MeshFace]? = nil) -> WarpMesh {
    let from = [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)]
    return WarpMesh(
      pointPairs: zip(from, to).map { MeshPointPair(from: $0, to: $1) },
      faces: faces ?? [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)])
  }

  @Test(arguments: [
    // Warped corners beyond ±Double.max once scaled to pixels; their
    // differences overflow to ∞ even in unit coordinates.
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[-1e308,0],[1e308,0],[1e308,1e-300],[0,1]], "faces": [[0,1,2,3]]}"#,
    #"{"from": [[0,0],[1e308,0],[1e308,1e308],[0,1e308]], "to": [[-1e308,-1e308],[1e308,-1e308],[1e308,1e308],[-1e308,1e308]], "faces": [[0,1,2,3]]}"#,
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1e300,0],[1e300,1e300],[0,1]], "faces": [[0,1,2,3]]}"#,
    // Int.max and Int.min indices.
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[9223372036854775807,1,2,3],[0,-9223372036854775808,2,3],[0,1,2,3]]}"#,
    // columns · rows overflows Int.
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3]], "columns": 4611686018427387904, "rows": 4}"#,
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3]], "columns": -9223372036854775808, "rows": -1}"#,
  ])
  func hostileMeshJSON(json: String) async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, json] in
      ChildProcess.announce(json, log: log)
      fuzzMesh(Array(json.utf8))
    }
    child.report(result)
  }

  /// Corner values JSON cannot carry (NaN, ∞) and extremes: `to` of
  /// corners 0, 1 (x) and 3 (y). By index: Swift Testing cannot match a
  /// NaN argument to its exit test (NaN ≠ NaN), and the parent then waits
  /// forever.
  static let extremeValues: [[Double]] = [
    [1e308, -1e308, 1e308, 1e-308], [.nan, 0, 1, 1], [.infinity, 0, 0, 1],
    [-.infinity, .nan, 1e300, -1e300], [.greatestFiniteMagnitude, 0, 0, .leastNonzeroMagnitude],
  ]

  @Test(arguments: extremeValues.indices)
  func extremeCoordinates(index: Int) async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, index] in
      let values = NastyMeshTests.extremeValues[index]
      ChildProcess.announce("\(values)", log: log)
      let to = [
        CGPoint(x: values[0], y: values[1]), CGPoint(x: values[2], y: 0),
        CGPoint(x: 1, y: values[3]), CGPoint(x: 0, y: 1),
      ]
      let mesh = NastyMeshTests.quad(to: to)
      exercise(mesh)
      exercise(
        WarpMesh(
          pointPairs: mesh.pointPairs.map { MeshPointPair(from: $0.to, to: $0.from) },
          faces: mesh.faces))
    }
    child.report(result)
  }

  @Test func extremeIndicesAndEmptyMeshes() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      let corners = [
        CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1),
      ]
      exercise(
        NastyMeshTests.quad(
          to: corners,
          faces: [
            MeshFace(i0: Int.max, i1: 1, i2: 2, i3: 3), MeshFace(i0: 0, i1: Int.min, i2: 2, i3: 3),
            MeshFace(i0: -1, i1: -2, i2: -3, i3: -4), MeshFace(i0: 0, i1: 1, i2: 2, i3: 3),
          ]))
      exercise(WarpMesh(pointPairs: [], faces: []))
      exercise(WarpMesh(pointPairs: [], faces: [MeshFace(i0: 0, i1: 0, i2: 0, i3: 0)]))
      let point = CGPoint(x: 0.5, y: 0.5)
      exercise(NastyMeshTests.quad(to: [point, point, point, point]))
      exercise(
        WarpMesh(
          pointPairs: Array(repeating: MeshPointPair(from: point, to: point), count: 4),
          faces: [MeshFace(i0: 0, i1: 1, i2: 2, i3: 3)]))
    }
    child.report(result)
    let mesh = NastyMeshTests.quad(
      to: [CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1), CGPoint(x: 0, y: 1)],
      faces: [
        MeshFace(i0: Int.max, i1: 1, i2: 2, i3: 3), MeshFace(i0: 0, i1: Int.min, i2: 2, i3: 3),
        MeshFace(i0: 0, i1: 1, i2: 2, i3: 3),
      ])
    #expect(mesh.validationErrors.map(\.face) == [0, 1])
    #expect(mesh.validationErrors.allSatisfy { $0.rule == .indexOutOfRange })
  }

  /// 100 000 faces through the JSON path: decoded and validated (what
  /// `fuzzMesh` does above `FuzzLimits.meshMaxRenderedFaces` faces): the
  /// 100 cells of an 11 × 11 grid, 1 000 times over (1.5 MB of JSON). Cost
  /// is linear; this must not hang.
  @Test func hundredThousandFaces() throws {
    let side = 11
    var points: [String] = []
    for r in 0..<side { for c in 0..<side { points.append("[\(c),\(r)]") } }
    var cells: [String] = []
    for r in 0..<(side - 1) {
      for c in 0..<(side - 1) {
        let i = r * side + c
        cells.append("[\(i),\(i + 1),\(i + side + 1),\(i + side)]")
      }
    }
    let list = points.joined(separator: ",")
    let faces = Array(repeating: cells.joined(separator: ","), count: 1000).joined(separator: ",")
    let json = Array(#"{"from":[\#(list)],"to":[\#(list)],"faces":[\#(faces)]}"#.utf8)
    let mesh = try JSONFile.decode(WarpMesh.self, from: json, source: "100k faces")
    #expect(mesh.faces.count == 100_000 && mesh.pointPairs.count == side * side)
    #expect(mesh.validate().isEmpty)
  }
}

@Suite struct NastyGradientTests {
  @Test(arguments: [
    #"{"width": 1000000000, "height": 3, "points": [[0,0]], "colors": [[0,0,0]]}"#,
    #"{"width": 1000000000, "height": 1000000000, "points": [], "colors": []}"#,
    // width · height overflows Int.
    #"{"width": 4611686018427387904, "height": 4, "points": [], "colors": []}"#,
    #"{"width": 9223372036854775807, "height": 9223372036854775807, "points": [], "colors": []}"#,
    #"{"width": -3, "height": -3, "points": [], "colors": []}"#,
    #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1e308,-1e308,0],[0,1,0],[0,0,1],[1,1,1]]}"#,
    // Found by fuzz-gradient: in Oklab the cube of a huge colour overflows
    // and inf − inf gave a NaN encode-table index (Int(NaN) trapped).
    #"{"width": 2, "height": 2, "points": [[5,0],[1,0],[0,1],[1,1]], "colors": [[2,0,0],[92233720368547758070,1,0],[0,0,1],[1,1,1,0.5]], "smoothsColors": false, "colorSpace": "perceptual"}"#,
    #"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": [[1e308,-1e308,0],[0,1,0],[0,0,1],[1,1,1]], "colorSpace": "perceptual"}"#,
    #"{"width": 2, "height": 2, "points": [[1e308,1e308],[-1e308,0],[0,-1e308],[1e308,-1e308]], "colors": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}"#,
    #"{"width": 2, "height": 2, "points": [[0.5,0.5],[0.5,0.5],[0.5,0.5],[0.5,0.5]], "colors": [[1,0,0],[0,1,0],[0,0,1],[1,1,1]]}"#,
    #"{"width": 8, "height": 8, "points": [], "colors": []}"#,
  ])
  func hostileGradientJSON(json: String) async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, json] in
      ChildProcess.announce(json, log: log)
      fuzzGradient(Array(json.utf8))
    }
    child.report(result)
  }

  /// A count mismatch whose expected count overflows is an error, never a
  /// valid mesh: 2⁶² × 4 wraps to 0, which would match empty arrays.
  @Test func overflowingSizeIsInvalid() async {
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String] in
      let mesh = GradientMesh(
        width: 1 << 62, height: 4, points: [], colors: [], background: .black)
      ChildProcess.announce("2^62 × 4 gradient", log: log)
      guard !mesh.validationErrors.isEmpty else { fatalError("2^62 × 4 with no points is valid") }
      _ = mesh.validationErrors.map(\.description)
    }
    child.report(result)
  }

  /// Gradients with every vertex at a random place up to `scale` image
  /// sizes away, from 1 to near Double's range: 3 × 3 at every scale, 5 × 5
  /// nearby and 8 × 8 (the largest rendered) far away. (At ±1000 image
  /// sizes every patch needs the finest tessellation: seconds per render in
  /// a debug build, so not here.)
  static func seed(side: Int) -> UInt64 { 0x5EED_8808 &+ UInt64(side) }

  @Test(arguments: [(3, 1.0), (3, 1e3), (3, 1e150), (3, 1e300), (5, 1.0), (8, 1e300)])
  func scatteredVertices(side: Int, scale: Double) async {
    print("scatteredVertices(\(side), \(scale)) seed \(Self.seed(side: side))")
    let child = ChildProcess()
    let log = child.log
    let result = await #expect(processExitsWith: .success) {
      [log = log as String, side, scale] in
      let seed = NastyGradientTests.seed(side: side)
      var random = SeededRandom(seed: seed)
      let count = side * side
      let points = (0..<count).map { _ in
        Vector2(random.double(in: -1...1) * scale, random.double(in: -1...1) * scale)
      }
      let colors = (0..<count).map { _ in
        GradientColor(
          red: random.double(in: -0.5...1.5), green: random.double(in: 0...1),
          blue: random.double(in: 0...1), alpha: random.double(in: 0...1))
      }
      for smooth in [true, false] {
        ChildProcess.announce(
          "\(side)×\(side) at scale \(scale), smooth \(smooth), seed \(seed)", log: log)
        exercise(
          GradientMesh(
            width: side, height: side, points: points, colors: colors, background: .black,
            smoothsColors: smooth, colorSpace: smooth ? .perceptual : .device))
      }
    }
    child.report(result)
  }
}

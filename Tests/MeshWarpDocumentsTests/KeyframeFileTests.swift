import Foundation
import MeshWarpCore
import MeshWarpFiles
import Testing
import _TestSupport

@testable import MeshWarpDocuments

/// Keyframe files: inline values, references, and errors with line:column.
@Suite struct KeyframeFileTests {
  static func meshJSON(dx: Double, columns: Int = 2) throws -> String {
    var mesh = WarpMesh.identity(columns: columns, rows: 2)
    mesh.pointPairs[0].to.x += dx
    return String(decoding: try JSONEncoder().encode(mesh), as: UTF8.self)
  }

  @Test func loadsInlineAndReferencedMeshes() throws {
    let directory = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: directory.file("parts"), withIntermediateDirectories: true)
    try Self.meshJSON(dx: 0.25).write(
      toFile: directory.file("parts/b.json"), atomically: true, encoding: .utf8)
    let text = """
      {"loop": true, "keyframes": [
        {"time": 0, "mesh": \(try Self.meshJSON(dx: 0)), "easing": "easeInOut"},
        {"time": 2, "mesh": "parts/b.json", "easing": {"cubicBezier": [0.25, 0.1, 0.25, 1]}}
      ]}
      """
    try text.write(toFile: directory.file("anim.json"), atomically: true, encoding: .utf8)
    let timeline = try KeyframeFile.load(WarpMesh.self, path: directory.file("anim.json"))
    #expect(timeline.repeatMode == .loop)
    #expect(timeline.duration == 2)
    #expect(timeline.keyframes[0].easing == .easeInOut)
    #expect(timeline.keyframes[1].easing == .ease)
    #expect(timeline.mesh(at: 0).pointPairs[0].to.x == 0)
    #expect(timeline.mesh(at: 1.999_999_999).pointPairs[0].to.x > 0.2499)
    #expect(timeline.value(at: 1).pointPairs[0].to.x == 0.125)  // easeInOut is symmetric
  }

  /// A gradient keyframe that omits a key keeps the previous keyframe's
  /// value (colorSpace, background, even the points); a real difference is
  /// one grammatical sentence.
  @Test func omittedGradientKeysInheritFromThePreviousKeyframe() throws {
    let first = """
      {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
       "colors": ["#f00", "#0f0", "#00f", "#fff"], "colorSpace": "perceptual",
       "background": "#102030", "smoothsColors": false}
      """
    let text = """
      {"keyframes": [
        {"time": 0, "gradient": \(first)},
        {"time": 1, "gradient": {"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]],
          "colors": ["#000", "#0f0", "#00f", "#fff"]}},
        {"time": 2, "gradient": {"colors": ["#fff", "#0f0", "#00f", "#000"]}}]}
      """
    let timeline = try KeyframeFile.decode(
      GradientMesh.self, from: Array(text.utf8), source: "g.json", referencesRelativeTo: "")
    let values = timeline.keyframes.map(\.value)
    #expect(values.allSatisfy { $0.colorSpace == .perceptual && !$0.smoothsColors })
    #expect(values[1].background == values[0].background)
    #expect(values[2].locations == values[0].locations)
    #expect(values[2].colors[0] == GradientColor(red: 1, green: 1, blue: 1))
    let mismatch = """
      {"keyframes": [
        {"time": 0, "gradient": \(first)},
        {"time": 1, "gradient": {"colorSpace": "device"}}]}
      """
    do {
      _ = try KeyframeFile.decode(
        GradientMesh.self, from: Array(mismatch.utf8), source: "g.json", referencesRelativeTo: "")
      Issue.record("a device keyframe after a perceptual one was accepted")
    } catch {
      #expect(
        "\(error)".hasSuffix(
          "keyframes[1].gradient: it has colorSpace device where keyframes[0] has perceptual; every keyframe needs the shape of keyframes[0]"
        ), "\(error)")
    }
  }

  @Test func loadsGradients() throws {
    let g = GradientPresets.meshing(at: 0)
    let h = GradientPresets.meshing(at: 1)
    func json(_ mesh: GradientMesh) throws -> String {
      String(decoding: try JSONEncoder().encode(mesh), as: UTF8.self)
    }
    let text = """
      {"loop": "pingPong", "duration": 3, "keyframes": [{"time": 0, "gradient": \(try json(g))},
      {"time": 1, "gradient": \(try json(h))}]}
      """
    let timeline = try KeyframeFile.decode(
      GradientMesh.self, from: Array(text.utf8), source: "g.json", referencesRelativeTo: "")
    #expect(timeline.repeatMode == .pingPong)
    #expect(timeline.duration == 3)
    #expect(timeline.gradient(at: 0) == g)
  }

  /// The error message of decoding `text` as mesh keyframes.
  static func failure(_ text: String, folder: String = "") -> String {
    do {
      _ = try KeyframeFile.decode(
        WarpMesh.self, from: Array(text.utf8), source: "anim.json", referencesRelativeTo: folder)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func errorsCarryLineAndColumn() throws {
    let a = try Self.meshJSON(dx: 0)
    let big = try Self.meshJSON(dx: 0, columns: 3)
    // Topology: placed at the third keyframe's mesh (line 4, column 22).
    let mismatch = Self.failure(
      """
      {"keyframes": [
        {"time": 0, "mesh": \(a)},
        {"time": 1, "mesh": \(a)},
        {"time": 2, "mesh": \(big)}]}
      """)
    #expect(mismatch.hasPrefix("anim.json:4:23: keyframes[2].mesh: "), "\(mismatch)")
    #expect(
      mismatch
        == "anim.json:4:23: keyframes[2].mesh: it has 6 point pairs instead of 4; every keyframe needs the shape of keyframes[0]"
    )
    // Unsorted and duplicate times: at the time.
    let unsorted = Self.failure(
      """
      {"keyframes": [{"time": 1, "mesh": \(a)},
        {"time": 0.5, "mesh": \(a)}]}
      """)
    #expect(unsorted.hasPrefix("anim.json:2:12: keyframes[1].time: "), "\(unsorted)")
    #expect(unsorted.contains("comes before"))
    let duplicate = Self.failure(
      "{\"keyframes\": [{\"time\": 1, \"mesh\": \(a)}, {\"time\": 1, \"mesh\": \(a)}]}")
    #expect(duplicate.contains("keyframes[1].time"))
    #expect(duplicate.contains("same as keyframes[0]"))
    // Unknown easing, bad cubicBezier, bad loop, wrong value key, zero duration.
    let easing = Self.failure(
      """
      {"keyframes": [
        {"time": 0, "mesh": \(a), "easing": "bounce"}]}
      """)
    #expect(easing.hasPrefix("anim.json:2:"), "\(easing)")
    #expect(easing.contains("keyframes[0].easing: unknown easing \"bounce\""))
    let bezier = Self.failure(
      "{\"keyframes\": [{\"time\": 0, \"mesh\": \(a), \"easing\": {\"cubicBezier\": [2, 0, 1]}}]}")
    #expect(bezier.contains("cubicBezier has 3 numbers"), "\(bezier)")
    let outside = Self.failure(
      "{\"keyframes\": [{\"time\": 0, \"mesh\": \(a), \"easing\": {\"cubicBezier\": [2, 0, 1, 1]}}]}"
    )
    #expect(outside.contains("x1 and x2 must lie in 0…1"), "\(outside)")
    let loop = Self.failure("{\"loop\": \"sometimes\", \"keyframes\": []}")
    #expect(loop.hasPrefix("anim.json:1:10: loop: "), "\(loop)")
    let key = Self.failure("{\"keyframes\": [{\"time\": 0, \"gradient\": {}}]}")
    #expect(key.contains("missing key \"mesh\"; this keyframe has \"gradient\""), "\(key)")
    let lone = Self.failure("{\"keyframes\": [{\"time\": 0, \"mesh\": \(a)}]}")
    #expect(lone.contains("lasts no time"), "\(lone)")
    let empty = Self.failure("{\"keyframes\": []}")
    #expect(empty.hasPrefix("anim.json:1:15: keyframes: "), "\(empty)")
    let syntax = Self.failure("{\"keyframes\": [,]}")
    #expect(syntax.hasPrefix("anim.json:1:16: JSON syntax error"), "\(syntax)")
  }

  @Test func referenceErrorsNameBothFiles() throws {
    let directory = try TemporaryDirectory()
    let a = try Self.meshJSON(dx: 0)
    let missing = Self.failure(
      "{\"keyframes\": [{\"time\": 0, \"mesh\": \(a)},\n {\"time\": 1, \"mesh\": \"nope.json\"}]}",
      folder: directory.path)
    #expect(missing.hasPrefix("anim.json:2:22: keyframes[1].mesh: "), "\(missing)")
    #expect(missing.contains(directory.file("nope.json")))
    try "{\"from\": [[0, 0]], \"to\": [[0, 0]], \"faces\": [[0, 0, 0]]}".write(
      toFile: directory.file("bad.json"), atomically: true, encoding: .utf8)
    let bad = Self.failure(
      "{\"keyframes\": [{\"time\": 0, \"mesh\": \(a)}, {\"time\": 1, \"mesh\": \"bad.json\"}]}",
      folder: directory.path)
    #expect(bad.contains("bad.json:1:"), "\(bad)")
    #expect(bad.contains("has 3 indices, expected 4"), "\(bad)")
  }
}

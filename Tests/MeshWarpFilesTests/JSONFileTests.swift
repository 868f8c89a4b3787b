import Foundation
import MeshWarpCore
import Testing
import _TestSupport

@testable import MeshWarpFiles

/// JSON loading: syntax errors carry line and column, content errors the
/// coding path (and where the value is), and valid JSON decodes as
/// Foundation would.
@Suite struct JSONFileTests {
  /// The key scan reads only the top level: a nested "keyframes", one in
  /// a string or a value, and non-objects do not count; it agrees with
  /// Foundation's parse on every case.
  @Test func topLevelKeyScanSeesOnlyTheTopLevel() throws {
    let cases: [(String, Bool)] = [
      (#"{"keyframes": []}"#, true),
      (#" {"a": {"keyframes": 1}, "keyframes" : [1]}"#, true),
      (#"{"a": {"keyframes": 1}}"#, false),
      (#"{"a": "keyframes", "b": ["keyframes"]}"#, false),
      (#"{"a\"keyframes": 1}"#, false),
      (#"[{"keyframes": 1}]"#, false),
      (#"{"keyframe": 1, "keyframess": 2}"#, false),
      ("", false),
    ]
    for (text, expected) in cases {
      let bytes = Array(text.utf8)
      #expect(
        (JSONParser.objectKeys(bytes)?.top.contains("keyframes") ?? false) == expected, "\(text)")
      let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
      #expect((object?["keyframes"] != nil) == expected, "\(text)")
    }
  }

  /// The nested scan gives the keys of the first element of the named
  /// top-level array, and only when that element is an object.
  @Test func nestedKeyScanReadsTheFirstElementOnly() {
    let cases: [(String, Set<String>)] = [
      (#"{"keyframes": [{"time": 0, "gradient": {"a": 1}}, {"mesh": 2}]}"#, ["time", "gradient"]),
      (#"{"other": [{"x": 1}], "keyframes": [{"mesh": "a.json"}]}"#, ["mesh"]),
      (#"{"keyframes": [1, {"mesh": 2}]}"#, []),
      (#"{"keyframes": []}"#, []),
      (#"{"keyframes": {"mesh": 1}}"#, []),
      (#"{"keyframes": [{"nested": {"gradient": 1}}]}"#, ["nested"]),
      (#"{"keyframes": [ "s", {"mesh": 1}]}"#, []),
    ]
    for (text, expected) in cases {
      #expect(
        JSONParser.objectKeys(Array(text.utf8), nestedIn: "keyframes")?.nested == expected,
        "\(text)")
    }
  }

  struct Sample: Decodable, Equatable {
    var name: String
    var faces: [[Int]]
    var scale: Double?
    var nested: Nested?
    struct Nested: Decodable, Equatable { var flag: Bool }
  }

  /// The error `decode` throws for `text`, as its description.
  func errorText<T: Decodable>(_ type: T.Type, _ text: String, source: String = "in.json") -> String
  {
    do {
      _ = try JSONFile.decode(type, from: Array(text.utf8), source: source)
      return "no error"
    } catch {
      return "\(error)"
    }
  }

  @Test func syntaxErrorsHaveLineAndColumn() {
    let cases: [(String, String)] = [
      (
        "{\n  \"name\": \"a\",\n  \"faces\": [[0,0],, [1,0]]\n}",
        "in.json:3:19: JSON syntax error: unexpected character ',', expected a value"
      ),
      ("[1, 2,]", "in.json:1:7: JSON syntax error: trailing comma before ']'"),
      ("{\"a\": 1,}", "in.json:1:9: JSON syntax error: trailing comma before '}'"),
      ("{\"a\": NaN}", "in.json:1:7: JSON syntax error: NaN and Infinity are not JSON numbers"),
      (
        "{\"a\": -Infinity}",
        "in.json:1:8: JSON syntax error: NaN and Infinity are not JSON numbers"
      ),
      ("", "in.json:1:1: JSON syntax error: the file is empty"),
      ("  \n  ", "in.json:2:3: JSON syntax error: the file is empty"),
      ("{\"a\": \"open", "in.json:1:7: JSON syntax error: unterminated string"),
      ("{\"é\": [1, x]}", "in.json:1:11: JSON syntax error: unexpected character 'x'"),
      (
        "{\"a\" 1}",
        "in.json:1:6: JSON syntax error: unexpected character '1' after key \"a\", expected ':'"
      ),
      ("[1] [2]", "in.json:1:5: JSON syntax error: unexpected character '[' after the end"),
      ("[01]", "in.json:1:3: JSON syntax error: numbers must not have leading zeros"),
      ("[1e999]", "in.json:1:2: JSON syntax error: number 1e999 is out of range"),
      ("{'a': 1}", "in.json:1:2: JSON syntax error: unexpected character '''"),
      ("[\"\\q\"]", "in.json:1:4: JSON syntax error: invalid escape"),
      ("[\"\\ud800\"]", "JSON syntax error: unpaired surrogate"),
      ("[tru]", "in.json:1:5: JSON syntax error: unexpected character ']' (did you mean true?)"),
      ("{\"a\": [1, 2", "in.json:1:12: JSON syntax error: unexpected end of file in an array"),
    ]
    for (text, expected) in cases {
      let message = errorText([String: [Int]].self, text)
      #expect(
        message.hasPrefix(expected) || message.contains(expected),
        "\(text.debugDescription) → \(message)")
    }
  }

  @Test func deepNestingIsRefusedNotACrash() {
    let text = String(repeating: "[", count: 100_000)
    #expect(errorText([Int].self, text).contains("nesting deeper than 512"))
  }

  @Test func contentErrorsHaveTheCodingPath() {
    let base = "{\"name\": \"m\",\n \"faces\": [[0, 1, 2, 3],\n  [4, 5, %@, 7]]}"
    func with(_ value: String) -> String { base.replacingOccurrences(of: "%@", with: value) }
    #expect(
      errorText(Sample.self, with("\"six\""))
        == "in.json:3:10: faces[1][2]: expected a whole number, found the string \"six\"")
    #expect(
      errorText(Sample.self, with("1.5"))
        == "in.json:3:10: faces[1][2]: expected a whole number, found 1.5")
    #expect(
      errorText(Sample.self, with("3e20")).contains("faces[1][2]: expected a whole number in"))
    #expect(
      errorText(Sample.self, with("null")).contains(
        "faces[1][2]: expected a whole number, found null"))
    #expect(errorText(Sample.self, "{\"faces\": []}") == "in.json:1:1: missing key \"name\"")
    #expect(
      errorText(Sample.self, "{\"name\": 3, \"faces\": []}")
        == "in.json:1:10: name: expected a string, found 3")
    #expect(
      errorText(Sample.self, "{\"name\": \"x\", \"faces\": [], \"nested\": {\"flag\": 1}}")
        == "in.json:1:47: nested.flag: expected true or false, found 1")
    #expect(errorText(Sample.self, "[1]") == "in.json:1:1: expected an object, found an array")
    // A key twice in one object (other readers keep one silently); the
    // same key in two objects is fine.
    #expect(
      errorText(Sample.self, "{\"name\": \"a\", \"faces\": [],\n \"name\": \"b\"}")
        == "in.json:2:2: JSON syntax error: duplicate key \"name\": this object already has one; keep one of them"
    )
    #expect(
      errorText(
        Sample.self, "{\"name\": \"a\", \"faces\": [], \"nested\": {\"flag\": true, \"name\": 1}}")
        == "no error")
    #expect(
      errorText(Sample.self, "{\"name\": \"x\", \"faces\": {}}")
        == "in.json:1:24: faces: expected an array, found an object")
  }

  @Test func validJSONDecodes() throws {
    let text = """
      \u{FEFF}{"name": "caf\\u00e9 \\ud83d\\ude00 \\"q\\" \\n", "faces": [[0, 1, 2, 3], [-0, 1e0, 2.0, 30E-1]],
       "scale": -1.25e-3, "nested": {"flag": true}, "unknown": [null, {}, []]}
      """
    let sample = try JSONFile.decode(Sample.self, from: Array(text.utf8), source: "t")
    #expect(
      sample
        == Sample(
          name: "café 😀 \"q\" \n", faces: [[0, 1, 2, 3], [0, 1, 2, 3]], scale: -1.25e-3,
          nested: .init(flag: true)))
    struct Text: Decodable { var name: String }
    let escaped = try JSONFile.decode(
      Text.self, from: Array(#"{"name": "caf\u00e9 \ud83d\ude00 \"q\"\n\/"}"#.utf8), source: "t")
    #expect(escaped.name == "café 😀 \"q\"\n/")
    // Optional keys may be absent or null.
    let minimal = try JSONFile.decode(
      Sample.self, from: Array(#"{"name": "n", "faces": [], "scale": null}"#.utf8), source: "t")
    #expect(minimal.scale == nil && minimal.nested == nil)
  }

  @Test func agreesWithFoundationOnValidInput() throws {
    // Random valid mesh-like documents decode to the same values both ways.
    let seed: UInt64 = 0x15_0_ACE
    print("JSONFileTests.agreesWithFoundationOnValidInput seed \(seed)")
    var rng = SeededRandom(seed: seed)
    struct Doc: Codable, Equatable {
      var values: [Double]
      var ints: [[Int]]
      var label: String
    }
    for _ in 0..<20 {
      let doc = Doc(
        values: (0..<10).map { _ in Double.random(in: -1e6...1e6, using: &rng) },
        ints: (0..<5).map { _ in (0..<4).map { _ in Int.random(in: -1000...1000, using: &rng) } },
        label: String((0..<8).map { _ in "aé😀\"\\\n/x".randomElement(using: &rng)! }))
      let bytes = Array(try JSONEncoder().encode(doc))
      let ours = try JSONFile.decode(Doc.self, from: bytes, source: "t")
      let foundation = try JSONDecoder().decode(Doc.self, from: Data(bytes))
      #expect(ours == foundation)
      #expect(ours == doc)
    }
  }

  @Test func warpMeshFiles() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("mesh.json")
    let mesh = WarpMesh.identity(columns: 3, rows: 2)
    try AtomicFile.write(Array(try JSONEncoder().encode(mesh)), to: path)
    let loaded = try JSONFile.decode(WarpMesh.self, path: path)
    #expect(loaded.pointPairs == mesh.pointPairs)
    #expect(loaded.faces == mesh.faces)

    let bad = """
      {"from": [[0,0],[1,0],[1,1],[0,1]],
       "to":   [[0,0],[1,0],[1,1],[0,1]],
       "faces": [[0,1,2,3], [0,1,2]]}
      """
    try AtomicFile.write(Array(bad.utf8), to: path)
    do {
      _ = try JSONFile.decode(WarpMesh.self, path: path)
      Issue.record("a face of 3 indices must be refused")
    } catch {
      let text = "\(error)"
      #expect(text.hasPrefix("\(path):3:11: faces: "), "\(text)")
      #expect(text.contains("[1] has 3 indices, expected 4"), "\(text)")
    }
    let wrongType = #"{"from": [[0,0]], "to": [[0,"a"]], "faces": []}"#
    try AtomicFile.write(Array(wrongType.utf8), to: path)
    #expect(
      throws: FileError.jsonContent(
        source: path, line: 1, column: 29, codingPath: "to[0][1]",
        reason: "expected a number, found the string \"a\"")
    ) {
      try JSONFile.decode(WarpMesh.self, path: path)
    }
  }

  @Test func fileErrorsNameThePath() throws {
    let directory = try TemporaryDirectory()
    let missing = directory.file("nope.json")
    #expect(
      throws: FileError.fileSystem(
        path: missing, operation: .open, reason: "no such file or directory")
    ) {
      try JSONFile.decode(WarpMesh.self, path: missing)
    }
    #expect(throws: FileError.self) {
      try JSONFile.decode(WarpMesh.self, path: directory.path)
    }
    let big = directory.file("big.json")
    try AtomicFile.write(Array(repeating: 0x20, count: 2000), to: big)
    #expect(throws: FileError.self) {
      try JSONFile.decode(WarpMesh.self, path: big, maxBytes: 1000)
    }
  }
}

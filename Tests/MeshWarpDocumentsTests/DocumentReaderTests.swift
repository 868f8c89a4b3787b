import Foundation
import MeshWarpCore
import MeshWarpFiles
import Testing
import _TestSupport

@testable import MeshWarpDocuments

/// The document reader: every kind told from its keys, the wrong kind and
/// files that are no document refused with what they are, and each kind
/// decoded as its decoder does.
@Suite struct DocumentReaderTests {
  static let mesh =
    #"{"from": [[0,0],[1,0],[1,1],[0,1]], "to": [[0,0],[1,0],[1,1],[0,1]], "faces": [[0,1,2,3]]}"#
  static let grid = #"{"columns": 2, "rows": 2, "to": [[0,0],[1,0],[0,1],[1,1]]}"#
  static let points = #"{"from": [[0.5,0.5]], "to": [[0.6,0.4]]}"#
  static let gradient =
    ##"{"width": 2, "height": 2, "points": [[0,0],[1,0],[0,1],[1,1]], "colors": ["#F00", "#0F0", "#00F", "#FFF"]}"##
  static let meshKeyframes =
    #"{"keyframes": [{"time": 0, "mesh": \#(grid)}, {"time": 1, "mesh": \#(grid)}]}"#
  static let gradientKeyframes =
    ##"{"keyframes": [{"time": 0, "gradient": \##(gradient)}, {"time": 1, "gradient": \##(gradient)}]}"##

  @Test(arguments: [
    (mesh, DocumentKind.mesh), (grid, .mesh), (points, .pointSet), (gradient, .gradient),
    (meshKeyframes, .meshKeyframes), (gradientKeyframes, .gradientKeyframes),
    (#"{"keyframes": "x"}"#, .meshKeyframes), (#"{}"#, .pointSet),
    (#"{"columns": 2, "rows": 2, "a": [], "b": []}"#, .morph),
    (#"{"faces": [[0,1,2,3]], "a": [[0,0],[1,0],[1,1],[0,1]]}"#, .morph),
  ])
  func kindsAreToldByTheirKeys(text: String, kind: DocumentKind) throws {
    #expect(DocumentKind.identify(Array(text.utf8)) == kind)
    #expect(DocumentKind.foreignFile(Array(text.utf8)) == nil)
  }

  @Test func nonObjectsHaveNoKind() {
    #expect(DocumentKind.identify(Array("[1, 2]".utf8)) == nil)
    #expect(DocumentKind.identify(Array("  ".utf8)) == nil)
  }

  /// Each kind decodes through the reader as through its own decoder.
  @Test func eachKindDecodes() throws {
    let file = DocumentFile(bytes: Array(Self.meshKeyframes.utf8), path: "anim.json")
    #expect(try file.timeline(WarpMesh.self).keyframes.count == 2)
    guard case .keyframes = try file.warp() else {
      Issue.record("a mesh keyframe file reads as keyframes")
      return
    }
    guard
      case .pointSet(let set) = try DocumentFile(bytes: Array(Self.points.utf8), path: "p.json")
        .warp()
    else {
      Issue.record("a point set reads as a point set")
      return
    }
    #expect(set.pairs.count == 1)
    guard
      case .mesh(let mesh) = try DocumentFile(bytes: Array(Self.grid.utf8), path: "g.json").warp()
    else {
      Issue.record("a grid reads as a mesh")
      return
    }
    #expect(mesh.pointPairs.count == 4 && mesh.faces.count == 1)
    let gradient = try DocumentFile(bytes: Array(Self.gradient.utf8), path: "g.json").gradient()
    #expect(gradient.width == 2 && gradient.height == 2)
  }

  /// A picture or video where a document belongs is named for what it is.
  @Test(arguments: [
    ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] as [UInt8], "a PNG image"),
    ([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10], "a JPEG image"),
    (Array("GIF89a".utf8), "a GIF image"),
    (Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8), "a WebP image"),
    ([0, 0, 0, 0x18] + Array("ftypheic".utf8), "a HEIC image"),
    ([0, 0, 0, 0x18] + Array("ftypisom".utf8), "an MP4 or QuickTime video"),
    ([0x1A, 0x45, 0xDF, 0xA3, 0x01], "a Matroska or WebM video"),
  ])
  func foreignFilesAreNamed(bytes: [UInt8], found: String) throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("photo.png")
    try AtomicFile.write(bytes, to: path)
    #expect(
      throws: DocumentError.notADocument(
        source: path, found: found,
        expected:
          "a mesh file (--mesh takes a mesh, a point set, a mesh keyframe file, an effect or an effect keyframe file)"
      )
    ) {
      try DocumentFile.read(path, accepting: DocumentKind.warps, role: "--mesh")
    }
  }

  @Test func wrongKindsSayWhatTheyAreAndWhatIsTaken() throws {
    let directory = try TemporaryDirectory()
    let path = directory.file("gradient.json")
    try AtomicFile.write(Array(Self.gradient.utf8), to: path)
    do {
      _ = try DocumentFile.read(path, accepting: DocumentKind.warps, role: "--mesh")
      Issue.record("a gradient given as a mesh must be refused")
    } catch {
      #expect(
        "\(error)"
          == "\(path) is a gradient file; --mesh takes a mesh, a point set, a mesh keyframe file, an effect or an effect keyframe file"
      )
    }
    let meshPath = directory.file("mesh.json")
    try AtomicFile.write(Array(Self.mesh.utf8), to: meshPath)
    #expect(
      throws: DocumentError.wrongKind(
        source: meshPath, found: .mesh, expected: "expected a gradient or a gradient keyframe file")
    ) {
      try DocumentFile.read(meshPath, accepting: DocumentKind.gradients)
    }
    // Accepted kinds pass, and JSON that is no object is left to the decoder.
    _ = try DocumentFile.read(path, accepting: DocumentKind.gradients)
    let array = directory.file("array.json")
    try AtomicFile.write(Array("[1]".utf8), to: array)
    _ = try DocumentFile.read(array, accepting: DocumentKind.warps)
  }

  @Test func syntaxErrorsArePlaced() {
    let file = DocumentFile(bytes: Array("{\n  \"faces\": [1,\n}".utf8), path: "bad.json")
    #expect(throws: FileError.self) { try file.checkSyntax() }
    do {
      try file.checkSyntax()
    } catch {
      #expect("\(error)".hasPrefix("bad.json:3:1:"), "\(error)")
    }
  }
}

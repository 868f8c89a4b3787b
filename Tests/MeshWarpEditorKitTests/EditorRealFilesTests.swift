import Foundation
import MeshWarpCore
import MeshWarpEditorKit
import MeshWarpRender
import Testing
import _TestSupport

/// The editor on real files: a photo's aspect ratio, where saves go, and
/// what a saved mesh records (Documentation/Reliability.md, "The editor").
@Suite struct EditorRealFilesTests {
  /// A 451×300 picture whose every pixel differs from its neighbours.
  static let photo: RGBAImage = {
    var pixels: [UInt8] = []
    for y in 0..<300 {
      for x in 0..<451 {
        pixels += [UInt8(x % 256), UInt8(y % 256), UInt8((x * 7 + y * 3) % 256), 255]
      }
    }
    return RGBAImage(width: 451, height: 300, pixels: pixels)
  }()

  static func folder() throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "meshwarp-editor-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url.path
  }

  /// Rows `y0..<y1` of `image`, as bytes.
  static func rows(_ image: RGBAImage, _ y0: Int, _ y1: Int) -> ArraySlice<UInt8> {
    image.pixels[(y0 * image.width * 4)..<(y1 * image.width * 4)]
  }

  @Test func photoKeepsItsAspectRatioAndPSavesItsOwnSize() throws {
    var lines: [String] = []
    let session = EditorSession(
      frameWidth: 800, frameHeight: 600,
      content: EditorContent(width: 800, height: 600, picture: Self.photo), paused: true
    ) { lines.append($0) }
    // 451×300 scaled by 800/451 is 800×532.2: 800×532, 34 rows down.
    let v = session.viewport
    #expect((v.x, v.y, v.width, v.height) == (0, 34, 800, 532))
    session.handle(.key(.toggleOverlay))
    let frame = session.renderFrame().image
    #expect(frame.width == 800 && frame.height == 600)
    let letterboxed = WarpRenderer.render(
      Self.photo, mesh: session.mesh, options: WarpOptions(width: 800, height: 532))
    #expect(Self.rows(frame, 34, 566).elementsEqual(letterboxed.pixels))
    let bar = RGBAImage(width: 800, height: 34, fill: EditorSession.letterboxColor).pixels
    #expect(Self.rows(frame, 0, 34).elementsEqual(bar))
    #expect(Self.rows(frame, 566, 600).elementsEqual(bar))
    // The centre control point shows at the window's centre and drags in
    // the viewport's units.
    session.handle(.key(.toggleOverlay))
    session.handle(.mouseDown(Vector2(400, 300)))
    session.handle(.mouseMove(Vector2(460, 320)))
    session.handle(.mouseUp(Vector2(460, 320)))
    #expect(session.mesh[column: 1, row: 1] == CGPoint(x: 460.0 / 800, y: (320.0 - 34) / 532))
    #expect(lines.contains { $0.hasPrefix("point 4 (column 1, row 1) moved to 460.0 320.0 px") })
    // P: the warp alone at the photo's own size, as `meshwarp warp` gives it.
    session.handle(.key(.saveClean))
    let clean = try #require(session.renderFrame().clean)
    #expect(clean.width == 451 && clean.height == 300)
    #expect(clean == WarpRenderer.render(Self.photo, mesh: session.mesh, options: WarpOptions()))
  }

  @Test func saveAndExportGoToTheSaveFolderNotNextToThePicture() throws {
    let pictures = try Self.folder()
    let saves = try Self.folder()
    var lines: [String] = []
    let session = EditorSession(
      frameWidth: 451, frameHeight: 300,
      content: EditorContent(width: 451, height: 300, picture: Self.photo), saveDirectory: saves,
      paused: true
    ) { lines.append($0) }
    session.contentPath = (pictures as NSString).appendingPathComponent("photo.png")
    session.handle(.key(.saveJSON))
    session.handle(.key(.exportSwift))
    session.handle(.key(.switchMode))
    session.handle(.key(.saveJSON))
    session.handle(.key(.exportSwift))
    let names = [
      "photo-mesh.json", "photo-warp.swift", "photo-gradient.json", "photo-gradient.swift",
    ]
    #expect(Set(try FileManager.default.contentsOfDirectory(atPath: saves)) == Set(names))
    #expect(try FileManager.default.contentsOfDirectory(atPath: pictures).isEmpty)
    #expect(lines.contains("mesh saved: \(saves)/photo-mesh.json (3x3 points)"))
  }

  @Test func savedMeshRecordsSmoothInTheCompactForm() throws {
    let dir = try Self.folder()
    let s = LoggedSession()
    let path = (dir as NSString).appendingPathComponent("m.json")
    try s.session.useMeshFile(path: path)
    s.drag(from: Vector2(200, 150), to: Vector2(260, 190))
    s.session.handle(.key(.toggleSmooth))
    s.session.handle(.key(.saveJSON))
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(
      text.hasPrefix(
        "{\n  \"columns\": 3,\n  \"rows\": 3,\n  \"smooth\": true,\n  \"from\": [\n"
          + "    [0, 0], [0.5, 0], [1, 0],\n    [0, 0.5], [0.5, 0.5], [1, 0.5],\n"
          + "    [0, 1], [0.5, 1], [1, 1]\n  ],\n  \"to\": [\n"), "\(text)")
    #expect(text.contains("\n  \"faces\": [\n    [0, 1, 4, 3], [1, 2, 5, 4],\n"))
    // It reopens exactly, smooth, and renders as the editor showed it.
    let loaded = try EditorFiles.openWarp(path: path, contentSize: Vector2(640, 480)).mesh
    #expect(loaded.smooth && loaded.pointPairs == s.session.mesh.pointPairs)
    let source = s.session.content.background(time: 0)
    #expect(
      WarpRenderer.render(source, mesh: loaded, options: WarpOptions())
        == WarpRenderer.render(
          source, mesh: s.session.mesh, options: WarpOptions(smooth: true)))
    // A new session opening it has K on.
    let again = LoggedSession()
    try again.session.useMeshFile(path: path)
    #expect(again.session.smooth && again.lines.contains("smooth: on"))
    #expect(again.session.mesh == s.session.mesh)
  }

  @Test func aLoaderIsAValueNotAGlobalRegistry() throws {
    let custom = EditorContentLoader(
      decoders: ["raw": { _ in RGBAImage(width: 2, height: 1, fill: .white) }])
    #expect(custom.canLoad(path: "a.RAW") && !custom.canLoad(path: "a.png"))
    #expect(try custom.load(path: "x.raw").width == 2)
    #expect(!EditorContentLoader.standard.canLoad(path: "a.raw"))
    var lines: [String] = []
    let session = EditorSession(
      frameWidth: 40, frameHeight: 20, content: EditorContent(width: 40, height: 20),
      loader: custom
    ) { lines.append($0) }
    session.handle(.open(path: "pic.raw"))
    #expect(lines.contains("content: picture 2x1 from pic.raw"))
  }
}

import Foundation
import MeshWarpIO
import Testing
import _TestSupport

/// The examples at the top of README.md's library section and of each
/// library's DocC landing page, compiled and run here so that they cannot
/// rot. `pagesShowTheTestedCode` checks that every page shows exactly this
/// code: each example's lines (imports left out) must appear, in order, in
/// this file, once the temporary folder prefix `\(d)/` is removed from
/// the file names the examples read and write.
@Suite struct DocumentationExampleTests {
  /// The repository root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// Page (relative to the root) and which of its ```swift blocks (0-based)
  /// is an example tested here. README.md's block 0 is a Package.swift
  /// excerpt; block 3 is from Examples/OriginalReadme/WarpedCardView.swift,
  /// which Scripts/typecheck-apple.sh type-checks.
  static let examples: [(page: String, block: Int)] = [
    ("README.md", 1), ("README.md", 2),
    ("Sources/MeshWarpCore/MeshWarpCore.docc/MeshWarpCore.md", 0),
    ("Sources/MeshWarpRender/MeshWarpRender.docc/MeshWarpRender.md", 0),
    ("Sources/MeshWarpFiles/MeshWarpFiles.docc/MeshWarpFiles.md", 0),
    ("Sources/MeshWarpDocuments/MeshWarpDocuments.docc/MeshWarpDocuments.md", 0),
    ("Sources/MeshWarpImageIO/MeshWarpImageIO.docc/MeshWarpImageIO.md", 0),
    ("Sources/MeshWarpVideo/MeshWarpVideo.docc/MeshWarpVideo.md", 0),
    ("Sources/MeshWarpText/MeshWarpText.docc/MeshWarpText.md", 0),
  ]

  /// The non-empty, trimmed lines of `text`, without imports.
  static func codeLines(_ text: String) -> [String] {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty && !$0.hasPrefix("import ") }
  }

  /// The `index`th ```swift block of a Markdown page.
  static func swiftBlock(_ markdown: String, _ index: Int) -> String? {
    let parts = markdown.components(separatedBy: "```swift\n").dropFirst()
    guard index < parts.count else { return nil }
    let block = parts[parts.startIndex + index]
    return block.components(separatedBy: "```").first
  }

  @Test(arguments: examples.indices) func pagesShowTheTestedCode(_ index: Int) throws {
    let (page, block) = Self.examples[index]
    let markdown = try String(
      contentsOf: Self.root.appendingPathComponent(page), encoding: .utf8)
    let example = try #require(Self.swiftBlock(markdown, block), "\(page): no block \(block)")
    let source = try String(contentsOfFile: #filePath, encoding: .utf8)
      .replacingOccurrences(of: #"\(d)/"#, with: "")
    let wanted = Self.codeLines(example)
    let have = Self.codeLines(source)
    #expect(!wanted.isEmpty)
    let found = have.indices.contains { start in
      start + wanted.count <= have.count
        && Array(have[start..<start + wanted.count]) == wanted
    }
    #expect(
      found,
      "\(page), swift block \(block), is not the code tested in this file:\n\(wanted.joined(separator: "\n"))"
    )
  }

  /// A 96×64 test picture written to `path` as PNG.
  static func writeTestPicture(_ path: String) throws {
    let picture = ImageGenerators.checkerboard(width: 96, height: 64, cell: 8)
    try OutputFile.write(try PNGEncoder.encode(picture), to: path)
  }

  @Test func readmeStills() throws {
    let folder = try TemporaryDirectory()
    let d = folder.path
    try Self.writeTestPicture("\(d)/in.png")

    var mesh = WarpMesh.identity(columns: 3, rows: 3)  // 3×3 vertices, 4 faces
    mesh[column: 1, row: 1] = CGPoint(x: 0.62, y: 0.40)  // drag the centre
    for issue in mesh.validate() { print(issue) }  // rule, face, vertices

    let image = try PNGDecoder.decodeFile(path: "\(d)/in.png")
    let warped = WarpRenderer.render(image, mesh: mesh, options: WarpOptions(edges: .transparent))
    try OutputFile.write(try PNGEncoder.encode(warped), to: "\(d)/out.png")

    // Hit-testing: where does a point of the warped picture come from?
    let contentPoint = MeshMapping(mesh: mesh).sourcePoint(forDestination: CGPoint(x: 0.5, y: 0.5))

    let out = try PNGDecoder.decodeFile(path: "\(d)/out.png")
    #expect(out.width == 96 && out.height == 64 && out.pixels != image.pixels)
    let point = try #require(contentPoint)
    #expect(point.x < 0.5 && point.y > 0.5)  // the centre moved up and right
  }

  @Test(.enabled(if: VideoTools.available, "ffmpeg and ffprobe are not on PATH"))
  func videoExample() throws {
    let folder = try TemporaryDirectory()
    let d = folder.path
    _ = try VideoTools.output([
      "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=64x48:rate=10",
      "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=8000", "-t", "1", "-c:v", "libx264",
      "-pix_fmt", "yuv420p", "-c:a", "aac", "\(d)/clip.mp4",
    ])

    let reader = try VideoReader(path: "\(d)/clip.mp4")
    let info = reader.info
    let writer = try VideoWriter(
      path: "\(d)/warped.mp4", width: info.width, height: info.height,
      options: VideoEncoding(framesPerSecond: info.framesPerSecond, audioSource: "\(d)/clip.mp4"))
    let wave = MeshPresets.sinusoidal(columns: 16, rows: 16, amplitude: 0.5)
    var frameOut = RGBAImage(width: info.width, height: info.height)
    while let frame = try reader.nextFrame() {
      WarpRenderer.render(frame.image, mesh: wave, into: &frameOut)
      try writer.append(frameOut)
    }
    try writer.finish()

    let written = try VideoReader(path: "\(d)/warped.mp4").info
    #expect(written.width == 64 && written.height == 48 && written.hasAudio)
    #expect(written.frameCount == 10)

    // The same in one call (README.md's library section).
    do {
      let wave = MeshPresets.sinusoidal(columns: 16, rows: 16, amplitude: 0.5)
      let job = VideoWarp(
        input: .video(path: "\(d)/clip.mp4"), mesh: .still(wave),
        output: VideoWarp.Output(path: "\(d)/warped.mp4"))
      let result = try job.run(note: { print("note:", $0) })
      print("\(result.framesWritten) frames, audio: \(result.audio)")

      let again = try VideoReader(path: "\(d)/warped.mp4").info
      #expect(again.width == 64 && again.height == 48 && again.hasAudio)
      #expect(again.frameCount == 10 && result.framesWritten == 10 && result.audio == .copy)
    }
  }

  @Test func coreExample() throws {
    var mesh = WarpMesh.identity(columns: 3, rows: 3)  // 3×3 vertices, 4 faces
    mesh[column: 1, row: 1] = CGPoint(x: 0.62, y: 0.40)  // drag the centre
    let issues = mesh.validate()  // empty: every face is convex and in order
    let mapping = MeshMapping(mesh: mesh)
    let content = mapping.sourcePoint(forDestination: CGPoint(x: 0.62, y: 0.40))
    // content is (0.5, 0.5): the dragged point shows the content's centre

    #expect(issues.isEmpty)
    let point = try #require(content)
    #expect(abs(point.x - 0.5) < 1e-9 && abs(point.y - 0.5) < 1e-9)
  }

  @Test func renderExample() {
    let source = RGBAImage(width: 320, height: 240, fill: RGBA8(40, 120, 220, 255))
    let wave = MeshPresets.sinusoidal(columns: 16, rows: 16)
    let warped = WarpRenderer.render(source, mesh: wave, options: WarpOptions(edges: .transparent))
    let gradient = GradientRenderer().render(
      GradientPresets.meshing(at: 2), width: 400, height: 400)

    #expect(warped.width == 320 && warped.height == 240)
    #expect(gradient.width == 400 && gradient.height == 400)
    #expect(Set(gradient.pixels).count > 16)  // colours, not a blank canvas
  }

  @Test func filesExample() throws {
    let folder = try TemporaryDirectory()
    let d = folder.path

    struct Settings: Codable {
      var columns: Int
      var rows: Int
    }

    try OutputFile.write(Array(#"{"columns": 4, "rows": 3}"#.utf8), to: "\(d)/settings.json")
    let settings = try JSONFile.decode(Settings.self, path: "\(d)/settings.json")
    // Errors name the file, line and column: "settings.json:1:13: …"

    #expect(settings.columns == 4 && settings.rows == 3)
    try OutputFile.write(Array(#"{"columns": "4", "rows": 3}"#.utf8), to: "\(d)/bad.json")
    #expect {
      try JSONFile.decode(Settings.self, path: "\(d)/bad.json")
    } throws: { error in
      "\(error)".contains("bad.json:1:13")
    }
  }

  @Test func documentsExample() throws {
    let folder = try TemporaryDirectory()
    let d = folder.path

    try OutputFile.write(
      Array(#"{"from": [[0.5, 0.5]], "to": [[0.6, 0.4]]}"#.utf8), to: "\(d)/pull.json")
    let file = try DocumentFile.read(
      "\(d)/pull.json", accepting: DocumentKind.warps, role: "--mesh")
    // file.kind == .pointSet; a PNG given here: "pull.json is a PNG image, not a mesh file (…)"
    let warp = try WarpSource(mesh: file).animation(
      contentSize: Vector2(640, 480), outputSize: Vector2(640, 480))
    let mesh = warp.mesh(at: 0)  // the thin-plate spline's mesh for a 640×480 picture

    #expect(file.kind == .pointSet)
    #expect((mesh?.faces.count ?? 0) > 1)
  }

  @Test func imageIOExample() throws {
    let folder = try TemporaryDirectory()
    let d = folder.path
    let photo = ImageGenerators.benchmarkPicture(width: 120, height: 80)
    try OutputFile.write(try JPEGEncoder.encode(photo), to: "\(d)/photo.jpg")

    // PNG, JPEG, WebP or GIF, recognised by its bytes:
    let decoded = try ImageDecoder.decodeFile(path: "\(d)/photo.jpg")
    let warped = WarpRenderer.render(decoded.image, mesh: MeshPresets.originalCard)
    try OutputFile.write(try PNGEncoder.encode(warped), to: "\(d)/card.png")
    try OutputFile.write(try WebPEncoder.encode(warped, quality: 80), to: "\(d)/card.webp")

    #expect(decoded.format == .jpeg)
    #expect(try ImageDecoder.decodeFile(path: "\(d)/card.png").image.pixels == warped.pixels)
    #expect(try ImageDecoder.decodeFile(path: "\(d)/card.webp").format == .webp)
  }

  @Test func textExample() throws {
    let font = try FontFace(.defaultBoldSans)
    let text = try FilledText("Meshing", font: font, options: TextLayoutOptions(sizePixels: 120))
    let filled = text.render { width, height in
      GradientRenderer().render(GradientPresets.meshing(at: 2), width: width, height: height)
    }

    #expect(filled.width == text.width && filled.height == text.height)
    #expect(filled.width > filled.height && filled.pixels.contains { $0 != 0 })
  }
}

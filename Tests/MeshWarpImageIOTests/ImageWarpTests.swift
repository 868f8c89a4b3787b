import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// The library's job for stills: planned before anything is written, the
/// mesh read for the picture's size, rendered and written by one writer.
@Suite struct ImageWarpTests {
  static let picture = TestImages.photoLike(width: 48, height: 32)

  /// An identity mesh into PNG bytes gives the picture back exactly.
  @Test func identityIntoBytesIsExact() throws {
    let job = ImageWarp(
      input: .decoded(DecodedImage(image: Self.picture, format: .png)),
      warp: .mesh(.still(.identity(columns: 3, rows: 3))),
      output: try StillOutput(path: StandardOutput.path))
    let bytes = try #require(try job.run())
    let back = try ImageDecoder.decode(bytes: bytes).image
    #expect(back == Self.picture)
  }

  /// A point set is made into the spline's mesh at the output's size,
  /// and the plan says what will be written before anything is.
  @Test func planReadsThePointSetForThePictureSize() throws {
    let directory = try TemporaryDirectory()
    let points = directory.file("points.json")
    try AtomicFile.write(Array(#"{"from": [[0.5,0.5]], "to": [[0.6,0.4]]}"#.utf8), to: points)
    let out = directory.file("out.jpg")
    let job = ImageWarp(
      input: .decoded(DecodedImage(image: Self.picture, format: .png)),
      warp: .source(WarpSource(mesh: try DocumentFile.read(points))), width: 96, height: 64,
      output: try StillOutput(path: out))
    let plan = try job.plan()
    #expect(plan.width == 96 && plan.height == 64)
    #expect(plan.format == .jpeg)
    guard case .mesh(let mesh) = plan.geometry else {
      Issue.record("a point set plans a mesh")
      return
    }
    #expect(mesh.faces.count > 1, "the spline's lattice, not an identity quad")
    #expect(plan.summary == "a 96x64 JPEG to \(out)")
    #expect(!FileManager.default.fileExists(atPath: out), "planning writes nothing")
    try plan.run()
    #expect(try ImageDecoder.decodeFile(path: out).image.width == 96)
  }

  /// A size above the limit is refused before the input is read, and a
  /// mesh with nothing in the picture before anything is rendered.
  @Test func refusalsComeBeforeTheWork() throws {
    let tooLarge = ImageWarp(
      input: .file(path: "/nonexistent/picture.png"),
      warp: .mesh(.still(.identity(columns: 2, rows: 2))),
      width: 1000, height: 1000, output: try StillOutput(path: "/nonexistent/out.png"),
      maxPixels: 999_999)
    #expect(throws: ImageWarpError.outputTooLarge(width: 1000, height: 1000, maxPixels: 999_999)) {
      try tooLarge.plan()
    }
    let directory = try TemporaryDirectory()
    let mesh = directory.file("pixels.json")
    // Pixel coordinates in a normalized file: every face lies beyond 1.
    try AtomicFile.write(
      Array(#"{"columns": 2, "rows": 2, "to": [[10,10],[40,10],[10,30],[40,30]]}"#.utf8), to: mesh)
    let nothing = ImageWarp(
      input: .decoded(DecodedImage(image: Self.picture, format: .png)),
      warp: .source(WarpSource(mesh: try DocumentFile.read(mesh))),
      output: try StillOutput(path: directory.file("out.png")))
    do {
      _ = try nothing.plan()
      Issue.record("a mesh outside the picture must be refused")
    } catch let error as ImageWarpError {
      guard case .nothingDrawn(let source, _) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(source == mesh)
    }
    #expect(directoryListing(directory.path) == ["pixels.json"])
  }

  /// A background goes under a PNG's transparent pixels, through the one
  /// compositing routine; JPEG goes over it too, with a note.
  @Test func backgroundIsCompositedOnce() throws {
    var clear = Self.picture
    for y in 0..<clear.height { for x in 0..<8 { clear[x, y] = RGBA8(0, 0, 0, 0) } }
    let decoded = DecodedImage(image: clear, format: .png)
    let red = RGBA8(255, 0, 0, 255)
    for path in ["out.png", "out.jpg"] {
      var notes: [String] = []
      let isJPEG = path.hasSuffix("jpg")
      let format: ImageFormat = isJPEG ? .jpeg : .png
      var output = try StillOutput(path: StandardOutput.path, format: format)
      output.background = red
      let bytes = try #require(
        try ImageWarp(
          input: .decoded(decoded), warp: .mesh(.still(.identity(columns: 2, rows: 2))),
          output: output
        ).run(note: { notes.append($0) }))
      let back = try ImageDecoder.decode(bytes: bytes).image
      #expect(back[2, 5].a == 255)
      #expect(back[2, 5].r >= 250 && back[2, 5].g <= 5, "\(path): \(back[2, 5])")
      #expect(notes.count == (isJPEG ? 1 : 0), "\(notes)")
    }
  }
}

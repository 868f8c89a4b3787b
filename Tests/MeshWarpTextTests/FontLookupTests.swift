import Foundation
import MeshWarpText
import Testing
import _TestSupport

/// Finding fonts through fontconfig and by path, and the errors.
@Suite struct FontLookupTests {
  @Test func familyAndStyleThroughFontconfig() throws {
    let face = try FontFace(.pattern("DejaVu Sans:bold"))
    print("fontconfig matched \"DejaVu Sans:bold\":", face)
    #expect(face.path == FontFixtures.dejaVuSansBold)
    #expect(face.family == "DejaVu Sans")
    #expect(face.style == "Bold")
    #expect(face.widthTreatment == .asDesigned)
    #expect(face.unitsPerEm == 2048)
  }

  @Test func defaultIsABoldSans() throws {
    let face = try FontFace()
    #expect(face.path == FontFixtures.dejaVuSansBold)
    #expect(face.style == "Bold")
  }

  @Test func familyComparisonIgnoresCaseAndBlanks() throws {
    let face = try FontFace(.pattern("dejavusans:bold"))
    #expect(face.path == FontFixtures.dejaVuSansBold)
  }

  @Test func genericFamilyIsAccepted() throws {
    let face = try FontFace(.pattern("sans-serif:bold"))
    #expect(face.style.contains("Bold"))
  }

  @Test func byFilePath() throws {
    let face = try FontFace(.file(path: FontFixtures.dejaVuSansBold))
    #expect(face.family == "DejaVu Sans")
    #expect(face.style == "Bold")
    #expect(face.faceIndex == 0)
  }

  @Test func argumentParsing() {
    #expect(FontSpecifier(argument: "DejaVu Sans:bold") == .pattern("DejaVu Sans:bold"))
    #expect(FontSpecifier(argument: "fonts/x") == .file(path: "fonts/x"))
    #expect(FontSpecifier(argument: "Inter.TTF") == .file(path: "Inter.TTF"))
    #expect(FontSpecifier(argument: "a.otf") == .file(path: "a.otf"))
    #expect(FontSpecifier(argument: "Noto.ttc") == .file(path: "Noto.ttc"))
    #expect(FontSpecifier(argument: "serif") == .pattern("serif"))
  }

  @Test func missingFamilyNamesFontconfigsSubstitute() {
    let family = "No Such Family Zq9"
    #expect {
      _ = try FontFace(.pattern(family + ":bold"))
    } throws: { error in
      guard case FontError.familyNotFound(let requested, let nearest) = error else { return false }
      print("missing family error:", error)
      return requested == family && nearest != nil
        && "\(error)".contains(family) && "\(error)".contains(nearest!)
    }
  }

  @Test func missingFileNamesThePath() {
    let path = "/nonexistent/dir/Missing-Bold.ttf"
    #expect(throws: FontError.fileNotFound(path: path)) { _ = try FontFace(.file(path: path)) }
    #expect("\(FontError.fileNotFound(path: path))".contains(path))
  }

  @Test func nonFontFileIsUnreadableAndNamesThePath() throws {
    let directory = FileManager.default.temporaryDirectory
      .appendingPathComponent("meshwarp-font-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let junk = directory.appendingPathComponent("NotAFont.ttf").path
    try Data("this is not a font\n".utf8).write(to: URL(fileURLWithPath: junk))
    for path in [junk, directory.path] {
      #expect {
        _ = try FontFace(.file(path: path))
      } throws: { error in
        guard case FontError.unreadableFont(let named, _) = error else { return false }
        print("unreadable error:", error)
        return named == path && "\(error)".contains(path)
      }
    }
  }

  @Test func outOfRangeFaceIndexIsUnreadable() {
    #expect {
      _ = try FontFace(.file(path: FontFixtures.dejaVuSansBold, faceIndex: 3))
    } throws: { error in
      guard case FontError.unreadableFont(let path, _) = error else { return false }
      return path == FontFixtures.dejaVuSansBold
    }
  }
}

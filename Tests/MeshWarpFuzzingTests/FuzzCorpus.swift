import Foundation

@testable import MeshWarpFuzzing

/// The committed fuzz corpus, `Fuzz/Corpus/<kind>/`, found from this file's
/// path (the tests run from the package's build folder).
enum FuzzCorpus {
  /// The input kinds, one folder (and one fuzz target) each.
  enum Kind: String, CaseIterable, Codable, Sendable {
    case png, mesh, gradient, jpeg, webp, gif, tiff, heif, keyframes, pointset, video

    /// Runs `bytes` through this kind's fuzz entry.
    func fuzz(_ bytes: [UInt8]) {
      switch self {
      case .png: fuzzPNG(bytes)
      case .mesh: fuzzMesh(bytes)
      case .gradient: fuzzGradient(bytes)
      case .jpeg: fuzzJPEG(bytes)
      case .webp: fuzzWebP(bytes)
      case .gif: fuzzGIF(bytes)
      case .tiff: fuzzTIFF(bytes)
      case .heif: fuzzHEIF(bytes)
      case .keyframes: fuzzKeyframes(bytes)
      case .pointset: fuzzPointSet(bytes)
      case .video: fuzzVideo(bytes)
      }
    }

    /// Binary formats are shown in base64 in failure messages.
    var isBinary: Bool { [.png, .jpeg, .webp, .gif, .tiff, .heif, .video].contains(self) }
  }

  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fuzz/Corpus")

  /// Every file of one kind, sorted by name, with its bytes.
  static func files(_ kind: Kind) -> [(name: String, bytes: [UInt8])] {
    let folder = root.appendingPathComponent(kind.rawValue)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.sorted().compactMap { name in
      guard !name.hasPrefix("."),
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return (name, [UInt8](data))
    }
  }

  /// Whether a corpus file is a hand-made input (`Fuzz/make_corpus.py`):
  /// those have descriptive names with an extension, `bad_` first when
  /// they are meant to be refused; files that libFuzzer adds are named by
  /// the SHA-1 of their content, without an extension.
  static func isHandMade(_ name: String) -> Bool { name.contains(".") }

  /// The bytes of one named seed.
  static func seed(_ kind: Kind, _ name: String) -> [UInt8] {
    let path = root.appendingPathComponent(kind.rawValue).appendingPathComponent(name).path
    guard let data = FileManager.default.contents(atPath: path) else {
      preconditionFailure("missing corpus file \(path): run python3 Fuzz/make_corpus.py")
    }
    return [UInt8](data)
  }
}

import Foundation

/// The one place where the editor turns a file into content: the command
/// line's picture, a file dropped on the window. Each decoder is keyed by
/// lower-case file extension; PNG is built in, and other readers (JPEG,
/// WebP, video frames) plug in by adding an entry to ``decoders`` before the
/// window opens.
package enum DemoContentLoader {
  /// Reads a picture file into RGBA pixels.
  package typealias Decoder = @Sendable (_ path: String) throws -> RGBAImage

  /// The decoders by lower-case extension (without the dot).
  nonisolated(unsafe) package static var decoders: [String: Decoder] = [
    "png": { try PNGDecoder.decodeFile(path: $0) }
  ]

  /// A file that no decoder reads.
  package struct UnsupportedFile: Error, CustomStringConvertible, Hashable, Sendable {
    package var path: String
    package var description: String {
      "\(path): no reader for this kind of file (readable: "
        + DemoContentLoader.decoders.keys.sorted().joined(separator: ", ") + ")"
    }
  }

  /// Whether some decoder reads files named like `path`.
  package static func canLoad(path: String) -> Bool {
    decoders[(path as NSString).pathExtension.lowercased()] != nil
  }

  /// Reads the picture at `path` with the decoder for its extension.
  ///
  /// - Throws: ``UnsupportedFile``, or the decoder's error.
  package static func load(path: String) throws -> RGBAImage {
    guard let decode = decoders[(path as NSString).pathExtension.lowercased()] else {
      throw UnsupportedFile(path: path)
    }
    return try decode(path)
  }
}

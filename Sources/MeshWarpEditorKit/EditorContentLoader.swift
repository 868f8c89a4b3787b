import Foundation
import MeshWarpImageIO
import MeshWarpRender

/// The one place where the editor turns a file into content: the command
/// line's picture or video, a file dropped on the window. Pictures are read
/// by a decoder keyed by lower-case file extension (PNG, JPEG, WebP, TIFF
/// and GIF's first frame through `ImageDecoder` in ``standard``; a loader with
/// more is a value made with ``init(decoders:)`` and handed to the
/// session); videos (``videoExtensions``) play looping through
/// ``LoopingVideo``.
package struct EditorContentLoader: Sendable {
  /// Reads a picture file into RGBA pixels.
  package typealias Decoder = @Sendable (_ path: String) throws -> RGBAImage

  /// The decoders by lower-case extension (without the dot).
  package var decoders: [String: Decoder]

  /// A loader reading pictures with `decoders` (default:
  /// ``stillDecoders``) and videos through ffmpeg.
  package init(decoders: [String: Decoder] = EditorContentLoader.stillDecoders) {
    self.decoders = decoders
  }

  /// The loader for what `ImageDecoder` reads.
  package static let standard = EditorContentLoader()

  /// PNG, JPEG, WebP, TIFF and GIF (its first frame) through `ImageDecoder`.
  package static var stillDecoders: [String: Decoder] {
    let still: Decoder = { try ImageDecoder.decodeFile(path: $0).image }
    return [
      "png": still, "jpg": still, "jpeg": still, "webp": still, "gif": still, "tif": still,
      "tiff": still,
    ]
  }

  /// Extensions (lower case) opened as video through ffmpeg.
  package static let videoExtensions: Set<String> = [
    "mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ogv", "apng",
  ]

  /// A file that no decoder reads.
  package struct UnsupportedFile: Error, CustomStringConvertible, Hashable, Sendable {
    package var path: String
    /// The extensions the loader reads, sorted.
    package var readable: [String]
    package var description: String {
      "\(path): no reader for this kind of file (readable: \(readable.joined(separator: ", ")))"
    }
  }

  static func fileExtension(_ path: String) -> String {
    (path as NSString).pathExtension.lowercased()
  }

  /// Whether `path` is opened as a video.
  package func isVideo(path: String) -> Bool {
    Self.videoExtensions.contains(Self.fileExtension(path))
  }

  /// Whether some decoder (or the video player) reads files named like `path`.
  package func canLoad(path: String) -> Bool {
    decoders[Self.fileExtension(path)] != nil || isVideo(path: path)
  }

  /// Reads the picture at `path` with the decoder for its extension.
  ///
  /// - Throws: ``UnsupportedFile``, or the decoder's error.
  package func load(path: String) throws -> RGBAImage {
    guard let decode = decoders[Self.fileExtension(path)] else {
      throw UnsupportedFile(
        path: path, readable: (Array(decoders.keys) + Self.videoExtensions).sorted())
    }
    return try decode(path)
  }

  /// The content for the file at `path`: a looping video (first frame at
  /// animation time `time`) or a picture; `width × height` is the
  /// checkerboard's size, unused here.
  ///
  /// - Throws: ``UnsupportedFile``, or the decoder's or video reader's error.
  package func content(path: String, width: Int, height: Int, time: Double = 0) throws
    -> EditorContent
  {
    if isVideo(path: path) {
      return EditorContent(video: try LoopingVideo(path: path), startTime: time)
    }
    return EditorContent(width: width, height: height, picture: try load(path: path))
  }
}

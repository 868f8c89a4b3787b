import Foundation

/// The one place where the editor turns a file into content: the command
/// line's picture or video, a file dropped on the window. Pictures are read
/// by a decoder keyed by lower-case file extension (PNG, JPEG, WebP and
/// GIF's first frame through `ImageDecoder`; more plug in by adding an entry
/// to ``decoders`` before the window opens); videos (``videoExtensions``)
/// play looping through ``LoopingVideo``.
package enum DemoContentLoader {
  /// Reads a picture file into RGBA pixels.
  package typealias Decoder = @Sendable (_ path: String) throws -> RGBAImage

  /// The decoders by lower-case extension (without the dot).
  nonisolated(unsafe) package static var decoders: [String: Decoder] = {
    let still: Decoder = { try ImageDecoder.decodeFile(path: $0).image }
    return ["png": still, "jpg": still, "jpeg": still, "webp": still, "gif": still]
  }()

  /// Extensions (lower case) opened as video through ffmpeg.
  package static let videoExtensions: Set<String> = [
    "mp4", "m4v", "mov", "mkv", "webm", "avi", "mpg", "mpeg", "ogv", "apng",
  ]

  /// A file that no decoder reads.
  package struct UnsupportedFile: Error, CustomStringConvertible, Hashable, Sendable {
    package var path: String
    package var description: String {
      "\(path): no reader for this kind of file (readable: "
        + (Array(DemoContentLoader.decoders.keys) + DemoContentLoader.videoExtensions).sorted()
        .joined(separator: ", ") + ")"
    }
  }

  static func fileExtension(_ path: String) -> String {
    (path as NSString).pathExtension.lowercased()
  }

  /// Whether `path` is opened as a video.
  package static func isVideo(path: String) -> Bool {
    videoExtensions.contains(fileExtension(path))
  }

  /// Whether some decoder (or the video player) reads files named like `path`.
  package static func canLoad(path: String) -> Bool {
    decoders[fileExtension(path)] != nil || isVideo(path: path)
  }

  /// Reads the picture at `path` with the decoder for its extension.
  ///
  /// - Throws: ``UnsupportedFile``, or the decoder's error.
  package static func load(path: String) throws -> RGBAImage {
    guard let decode = decoders[fileExtension(path)] else {
      throw UnsupportedFile(path: path)
    }
    return try decode(path)
  }

  /// The content for the file at `path`: a looping video (first frame at
  /// animation time `time`) or a picture; `width × height` is the
  /// checkerboard's size, unused here.
  ///
  /// - Throws: ``UnsupportedFile``, or the decoder's or video reader's error.
  package static func content(path: String, width: Int, height: Int, time: Double = 0) throws
    -> DemoContent
  {
    if isVideo(path: path) {
      return DemoContent(video: try LoopingVideo(path: path), startTime: time)
    }
    return DemoContent(width: width, height: height, picture: try load(path: path))
  }
}

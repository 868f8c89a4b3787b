import Foundation
import MeshWarpFiles
import MeshWarpImageIO

/// What an output path (or `-` with a format name) will be written as: the
/// one decision behind `-o` for stills, animations and video alike.
///
/// ```swift
/// let target = try OutputTarget.decide(path: "out.mp4", format: nil, animates: true)
/// // target.content == .frames(.video(.mp4)), target.destination == .file
/// ```
///
/// The content is a still picture (PNG, JPEG, WebP) or frames over time
/// (``OutputFormat``: an animated PNG, a video container, a numbered
/// sequence); the destination is a file replaced atomically, standard
/// output, a FIFO or device written through, or a folder of numbered files.
public struct OutputTarget: Sendable, Equatable {
  /// What is written.
  public enum Content: Sendable, Equatable {
    /// One picture.
    case still(ImageFormat)
    /// Frames over time.
    case frames(OutputFormat)
  }

  /// Where the bytes go.
  public enum Destination: Sendable, Equatable {
    /// A regular file, replaced atomically when the write succeeds.
    case file
    /// Standard output (`-`).
    case standardOutput
    /// A FIFO, device, socket or path under /dev/ or /proc/, written
    /// through, never renamed over.
    case writtenThrough
    /// Numbered files, one per frame.
    case sequence
  }

  /// The path as given.
  public let path: String
  /// What is written.
  public let content: Content
  /// Where the bytes go.
  public let destination: Destination

  /// A still picture at `path`.
  ///
  /// - Parameters:
  ///   - path: the file, or `-` (PNG unless `format` says otherwise).
  ///   - format: a still format's name (png, jpg, jpeg, webp) whatever the
  ///     path says; nil: the path's extension.
  /// - Throws: ``OutputTargetError/isADirectory(path:)``, or
  ///   `ImageCodecError.unsupportedOutput` / `.missingOutputFormat` naming
  ///   what is written.
  public static func still(path: String, format: String? = nil) throws -> OutputTarget {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
      isDirectory.boolValue
    {
      throw OutputTargetError.isADirectory(path: path)
    }
    let chosen = try ImageEncoder.outputFormat(path: path, format: format)
    return OutputTarget(path: path, content: .still(chosen), destination: destination(of: path))
  }

  /// Frames over time at `path`.
  ///
  /// - Parameters:
  ///   - path: the file, a `%04d` pattern, a folder, or `-` (an animated
  ///     PNG unless `format` says otherwise).
  ///   - format: an animated format's name (apng, mp4, mkv, mov, webm, gif,
  ///     webp); for a file it must agree with the path's extension.
  /// - Throws: `VideoError.unsupportedOutput` for a path no writer takes,
  ///   ``OutputTargetError/notAnimated(format:)`` or
  ///   ``OutputTargetError/formatMismatch(format:path:)``.
  public static func frames(path: String, format: String? = nil) throws -> OutputTarget {
    let named = try OutputFormat.infer(path: path, pngIsAnimated: true)
    var chosen = named
    if let format {
      guard let asked = OutputFormat.named(format) else {
        throw OutputTargetError.notAnimated(format: format)
      }
      if path == StandardOutput.path {
        chosen = asked
      } else if asked != named {
        throw OutputTargetError.formatMismatch(format: format, path: path)
      }
    }
    return OutputTarget(path: path, content: .frames(chosen), destination: destination(of: path))
  }

  /// A still for content that does not change, else frames; a still
  /// format's name or extension with changing content is frames too
  /// (`.png` becomes an animated PNG, and `frames` says what else fails).
  public static func decide(path: String, format: String?, animates: Bool) throws -> OutputTarget {
    animates ? try frames(path: path, format: format) : try still(path: path, format: format)
  }

  /// Where the bytes of `path` go.
  static func destination(of path: String) -> Destination {
    if path == StandardOutput.path { return .standardOutput }
    switch try? OutputFormat.infer(path: path, pngIsAnimated: true) {
    case .pngSequence, .jpegSequence: return .sequence
    default: break
    }
    return OutputFile.writesThrough(path) == nil ? .file : .writtenThrough
  }
}

/// Why an output path cannot be written as asked.
public enum OutputTargetError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A still asked for at a folder.
  case isADirectory(path: String)
  /// A format name that no animated output has.
  case notAnimated(format: String)
  /// A format name other than the one the file's extension says.
  case formatMismatch(format: String, path: String)

  public var description: String {
    switch self {
    case .isADirectory(let path):
      "\(path) is a directory: a picture is written to a file (name one, such as \(path)/out.png); a directory takes an animation's frames"
    case .notAnimated(let format):
      "\(format): not an animated format (apng, mp4, mkv, mov, webm, gif, webp)"
    case .formatMismatch(let format, let path):
      "\(format) does not match the output (its extension says \(path))"
    }
  }
}

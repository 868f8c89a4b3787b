import Foundation
import _TestSupport

/// Independent decoders and encoders the format tests compare against.
public enum ExternalTools {
  /// Whether the tests' Python can import Pillow and numpy.
  public static let hasPillow: Bool = TestPython.imports("PIL", "numpy")
  /// Whether `ffmpeg` runs.
  public static let hasFFmpeg: Bool = run(["ffmpeg", "-hide_banner", "-version"])?.status == 0
  /// Whether libheif's `heif-enc` and `heif-convert` run (Debian's
  /// libheif-examples).
  public static let hasHeifTools: Bool =
    run(["heif-enc", "--list-encoders"])?.status == 0
    && run(["heif-convert", "--list-decoders"])?.status == 0

  /// Runs a program found on PATH; nil when it cannot start.
  public static func run(_ arguments: [String], input: [UInt8] = []) -> (
    status: Int32, output: [UInt8]
  )? {
    try? ToolProcess.run("/usr/bin/env", arguments, input: input)
  }

  /// Pillow's reading of `path`: RGBA bytes after `ImageOps.exif_transpose`,
  /// plus width, height, and the ICC profile's length (0 when none).
  public static func pillowDecode(_ path: String) -> (
    width: Int, height: Int, rgba: [UInt8], iccCount: Int
  )? {
    let script = """
      import sys; from PIL import Image, ImageOps
      im = Image.open(sys.argv[1]); icc = im.info.get('icc_profile') or b''
      im = ImageOps.exif_transpose(im).convert('RGBA')
      sys.stdout.buffer.write(b'%d %d %d\\n' % (im.width, im.height, len(icc)) + im.tobytes())
      """
    guard let result = run(TestPython.command + ["-c", script, path]), result.status == 0,
      let newline = result.output.firstIndex(of: 10)
    else { return nil }
    let header = String(decoding: result.output[..<newline], as: UTF8.self).split(separator: " ")
    guard header.count == 3, let w = Int(header[0]), let h = Int(header[1]), let n = Int(header[2])
    else { return nil }
    return (w, h, Array(result.output[(newline + 1)...]), n)
  }

  /// ffmpeg's reading of a still image as 8-bit RGBA.
  public static func ffmpegDecode(_ path: String) -> [UInt8]? {
    guard
      let result = run([
        "ffmpeg", "-v", "error", "-i", path, "-frames:v", "1", "-f", "rawvideo", "-pix_fmt",
        "rgba", "-",
      ]), result.status == 0
    else { return nil }
    return result.output
  }
}

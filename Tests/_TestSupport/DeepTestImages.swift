import Foundation
import MeshWarpRender

/// Deep test pictures and an independent reader of deep files.
public enum DeepTestImages {
  /// Which samples a deep test picture has.
  public enum Layout: String, CaseIterable, Sendable {
    case gray, grayAlpha, rgb, rgba

    /// Whether every pixel has r = g = b.
    public var isGray: Bool { self == .gray || self == .grayAlpha }
    /// Whether some pixels are not opaque.
    public var hasAlpha: Bool { self == .grayAlpha || self == .rgba }
  }

  /// A smooth picture (gradients, ripples, a soft disc) that uses all 16
  /// bits: nearly every value falls between two 8-bit levels (v/257 not an
  /// integer), so a round trip through 8 bits changes it.
  public static func photoLike(width: Int, height: Int, layout: Layout = .rgba) -> RGBA16Image {
    var image = RGBA16Image(width: width, height: height)
    let (w, h) = (Double(width), Double(height))
    func value(_ v: Double) -> UInt16 { UInt16(min(max((v * 65535).rounded(), 0), 65535)) }
    for y in 0..<height {
      for x in 0..<width {
        let (px, py) = (Double(x) + 0.5, Double(y) + 0.5)
        let disc = 1 / (1 + exp((hypot(px - 0.6 * w, py - 0.4 * h) - 0.25 * min(w, h)) / 0.8))
        let r = 0.35 + 0.3 * px / w + 0.1 * sin(px / 5 + py / 9) + 0.2 * disc
        let g = 0.4 + 0.25 * py / h + 0.08 * sin(hypot(px - 0.3 * w, py - 0.7 * h) / 3)
        let b = 0.6 - 0.2 * py / h + 0.07 * sin(px / 3.3) * sin(py / 4.1) - 0.3 * disc
        let a = 0.55 + 0.4 * sin(px / 6 + 1) * cos(py / 7)
        let grey = 0.299 * r + 0.587 * g + 0.114 * b
        switch layout {
        case .gray, .grayAlpha:
          let v = value(grey)
          image[x, y] = RGBA16(v, v, v, layout.hasAlpha ? value(a) : 65535)
        case .rgb, .rgba:
          image[x, y] = RGBA16(value(r), value(g), value(b), layout.hasAlpha ? value(a) : 65535)
        }
      }
    }
    return image
  }

  /// Whether the tests' Python has OpenCV and numpy, which read 16-bit PNG
  /// and TIFF.
  public static let openCVAvailable: Bool = TestPython.imports("numpy", "cv2")

  /// The 16-bit RGBA values OpenCV reads from the file at `path`
  /// (`cv2.imread` with `IMREAD_UNCHANGED`: grey repeated, BGR turned to
  /// RGB, 65535 alpha added where the file has none), row by row; nil when
  /// OpenCV does not read it as 16 bits.
  public static func openCVRead(_ path: String) throws -> (
    width: Int, height: Int, pixels: [UInt16]
  )? {
    let script = """
      import sys
      import cv2
      import numpy as np
      a = cv2.imread(sys.argv[1], cv2.IMREAD_UNCHANGED)
      if a is None or a.dtype != np.uint16:
          sys.exit(3)
      if a.ndim == 2:
          a = np.stack([a, a, a], -1)
      if a.shape[2] == 3:
          a = np.concatenate([a[..., ::-1], np.full(a.shape[:2] + (1,), 65535, np.uint16)], -1)
      else:
          a = np.concatenate([a[..., 2::-1], a[..., 3:]], -1)
      h, w = a.shape[:2]
      sys.stdout.buffer.write(np.array([w, h], "<u4").tobytes())
      sys.stdout.buffer.write(np.ascontiguousarray(a).astype("<u2").tobytes())
      """
    let process = TestPython.process(["-c", script, path])
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0, data.count >= 8 else { return nil }
    return data.withUnsafeBytes { raw in
      let w = Int(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
      let h = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 4, as: UInt32.self)))
      guard raw.count == 8 + w * h * 8 else { return nil }
      let values = (0..<(w * h * 4)).map {
        UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 8 + 2 * $0, as: UInt16.self))
      }
      return (w, h, values)
    }
  }
}

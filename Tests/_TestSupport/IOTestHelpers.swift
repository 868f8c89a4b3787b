import Foundation
import MeshWarpRender

/// A random image; `opaque` keeps every alpha at 255.
public func randomImage(
  width: Int, height: Int, rng: inout SeededRandom, opaque: Bool = false
) -> RGBAImage {
  var pixels = [UInt8](repeating: 0, count: width * height * 4)
  for i in 0..<pixels.count {
    pixels[i] = (opaque && i % 4 == 3) ? 255 : UInt8.random(in: 0...255, using: &rng)
  }
  return RGBAImage(width: width, height: height, pixels: pixels)
}

/// A smooth, compressible test frame that changes with `frame` (like an
/// animation): gradients plus a moving square, with varying alpha.
public func animatedTestFrame(width: Int, height: Int, frame: Int) -> RGBAImage {
  var image = RGBAImage(width: width, height: height)
  for y in 0..<height {
    for x in 0..<width {
      let inSquare =
        (x - frame * 3 + 1000) % width < width / 4 && y > height / 4 && y < height * 3 / 4
      image[x, y] = RGBA8(
        UInt8((x * 255) / max(width - 1, 1)), UInt8((y * 255) / max(height - 1, 1)),
        UInt8((frame * 17) & 255), inSquare ? 255 : UInt8(128 + (x + frame) % 100))
    }
  }
  return image
}

/// A fresh empty directory under the system temporary directory, removed
/// when the value goes away.
public struct TemporaryDirectory: ~Copyable {
  public let path: String
  public init() throws {
    let base =
      NSTemporaryDirectory().hasSuffix("/") ? NSTemporaryDirectory() : NSTemporaryDirectory() + "/"
    var template = Array((base + "meshwarp-io-tests-XXXXXX").utf8CString)
    guard mkdtemp(&template) != nil else { throw CocoaError(.fileWriteUnknown) }
    path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }
  public func file(_ name: String) -> String { path + "/" + name }
  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The names in a directory, sorted.
public func directoryListing(_ path: String) -> [String] {
  ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).sorted()
}

/// Largest per-byte difference between two equal-length byte arrays.
public func maxDifference(_ a: [UInt8], _ b: [UInt8]) -> Int {
  precondition(a.count == b.count)
  var m = 0
  for i in a.indices { m = max(m, abs(Int(a[i]) - Int(b[i]))) }
  return m
}

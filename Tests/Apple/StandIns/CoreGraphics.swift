// A stand-in for the parts of Apple's Core Graphics that MeshWarpEffect
// uses (Scripts/typecheck-apple.sh): a bitmap context that wraps bytes in a
// CGImage. Each declaration names its page under
// developer.apple.com/documentation/coregraphics/ (`doc: …`); bodies are
// placeholders. CGFloat, CGPoint, CGSize and CGRect come from Foundation on
// Linux, as from Core Graphics on Apple platforms.
@_exported import Foundation

/// Placeholder for Core Foundation's `CFString` (doc: corefoundation/cfstring),
/// the type of Core Graphics' colour-space names.
public final class CFString: @unchecked Sendable {
  init() {}
}

/// doc: cgimage — `class CGImage`
public final class CGImage {
  init() {}
}

/// doc: cgcolorspace — `class CGColorSpace`
public final class CGColorSpace {
  /// doc: cgcolorspace/srgb — `class let sRGB: CFString`
  public static let sRGB = CFString()
  /// doc: cgcolorspace/init(name:) — `init?(name: CFString)`
  public init?(name: CFString) {}
}

/// doc: cgimagealphainfo — `enum CGImageAlphaInfo : UInt32`
public enum CGImageAlphaInfo: UInt32, Sendable {
  /// doc: cgimagealphainfo/premultipliedlast
  case premultipliedLast = 1
}

/// doc: cgcontext — `class CGContext`
public final class CGContext {
  /// doc: cgcontext/init(data:width:height:bitspercomponent:bytesperrow:space:bitmapinfo:)-… —
  /// `init?(data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32)`
  public init?(
    data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int,
    bytesPerRow: Int, space: CGColorSpace, bitmapInfo: UInt32
  ) {}
  /// doc: cgcontext/makeimage() — `func makeImage() -> CGImage?`
  public func makeImage() -> CGImage? { nil }
}

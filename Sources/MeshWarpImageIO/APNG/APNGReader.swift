import MeshWarpFiles
import MeshWarpRender

/// An animated PNG read back: its canvas, loop count and every frame
/// composited to a full canvas image, as a viewer would show it.
public struct APNGAnimation: Sendable {
  /// One displayed frame.
  public struct Frame: Sendable {
    /// The canvas after this frame was drawn (before its dispose op).
    public var image: RGBAImage
    /// How long it shows.
    public var delay: APNGDelay
    /// The region its data covered.
    public var region: PixelRect
    public var disposeOp: APNGDisposeOp
    public var blendOp: APNGBlendOp
  }

  public var width: Int
  public var height: Int
  /// `acTL` num_plays: 0 loops forever. 0 for a PNG without `acTL`.
  public var loopCount: Int
  /// False for a plain PNG (no `acTL`): then `frames` holds its one image.
  public var isAnimated: Bool
  /// False when the `IDAT` image is not the first frame (no `fcTL` before
  /// it); that image is then not in `frames`.
  public var defaultImageIsFirstFrame: Bool
  public var frames: [Frame]
}

/// Reads animated PNGs: the independent check of `APNGWriter`, written from
/// the PNG and APNG specifications without libpng. Every chunk's CRC is
/// verified; sequence numbers, frame regions and chunk order are checked;
/// frame data are inflated with zlib and unfiltered here.
///
/// Supports what the writer produces and more: all filter types, dispose
/// and blend ops, several data chunks per frame. Limited to 8-bit RGBA,
/// non-interlaced images (the writer's format); other PNGs are refused with
/// an error that says so — decode those with `PNGDecoder`.
public enum APNGReader {
  /// Parses and decodes an animated (or plain) PNG.
  ///
  /// - Parameters:
  ///   - bytes: the whole file.
  ///   - source: how errors name the data.
  ///   - maxPixels: refuse canvases larger than this, before allocating.
  /// - Throws: `ImageCodecError.invalidImage` saying which rule the data
  ///   breaks, or `.imageTooLarge`.
  /// - Complexity: O(bytes + frames · pixels).
  public static func read(
    _ bytes: [UInt8], source: String = "APNG data", maxPixels: Int = DecodeLimits.defaultMaxPixels
  ) throws -> APNGAnimation {
    var parser = Parser(bytes: bytes, source: source, maxPixels: maxPixels)
    return try parser.parse()
  }

  /// Reads the file at `path`; errors name it.
  public static func readFile(path: String, maxPixels: Int = DecodeLimits.defaultMaxPixels) throws
    -> APNGAnimation
  {
    try read(try FileInput.readBytes(path: path), source: path, maxPixels: maxPixels)
  }

  private struct FrameControl {
    var region: PixelRect
    var delay: APNGDelay
    var dispose: APNGDisposeOp
    var blend: APNGBlendOp
  }

  private struct Parser {
    let bytes: [UInt8]
    let source: String
    let maxPixels: Int

    var width = 0
    var height = 0
    var frameCount: Int?
    var loopCount = 0
    var expectedSequence: UInt32 = 0
    var currentControl: FrameControl?
    var currentData: [UInt8] = []
    var sawIDAT = false
    var idatIsFrame = false
    var defaultImage: RGBAImage?
    var canvas: RGBAImage!
    var frames: [APNGAnimation.Frame] = []

    init(bytes: [UInt8], source: String, maxPixels: Int) {
      self.bytes = bytes
      self.source = source
      self.maxPixels = maxPixels
    }

    func fail(_ reason: String) -> ImageCodecError {
      .invalidImage(source: source, reason: reason)
    }

    mutating func parse() throws -> APNGAnimation {
      guard bytes.count >= 8, bytes.starts(with: PNGDecoder.signature) else {
        throw fail("not a PNG file (the first 8 bytes are not the PNG signature)")
      }
      var offset = 8
      var index = 0
      var previousType = ""
      var sawIEND = false
      while offset < bytes.count {
        guard offset + 12 <= bytes.count else {
          throw fail("truncated: chunk \(index) header at byte \(offset) is cut off")
        }
        let length = Int(bytes.bigEndianUInt32(at: offset))
        let typeBytes = bytes[(offset + 4)..<(offset + 8)]
        let type = String(decoding: typeBytes, as: UTF8.self)
        guard length < 1 << 31, offset + 12 + length <= bytes.count else {
          throw fail("truncated: chunk \(type) at byte \(offset) claims \(length) bytes")
        }
        let dataRange = (offset + 8)..<(offset + 8 + length)
        let storedCRC = bytes.bigEndianUInt32(at: offset + 8 + length)
        let computedCRC = bytes[(offset + 4)..<(offset + 8 + length)].withUnsafeBufferPointer {
          crc32OfBytes($0)
        }
        guard storedCRC == computedCRC else {
          throw fail(
            "CRC mismatch in chunk \(type) at byte \(offset) (stored \(hex(storedCRC)), computed \(hex(computedCRC)))"
          )
        }
        if index == 0 && type != "IHDR" { throw fail("first chunk is \(type), not IHDR") }
        let data = bytes[dataRange]
        try handle(type: type, data: data, previousType: previousType)
        previousType = type
        offset = dataRange.upperBound + 4
        index += 1
        if type == "IEND" {
          sawIEND = true
          break
        }
      }
      guard sawIEND else { throw fail("truncated: no IEND chunk") }
      try finishFrame()
      guard sawIDAT else { throw fail("no IDAT chunk") }
      if let frameCount {
        guard frames.count == frameCount else {
          throw fail("acTL announces \(frameCount) frames, the file holds \(frames.count)")
        }
      } else if let defaultImage {
        frames = [
          APNGAnimation.Frame(
            image: defaultImage, delay: APNGDelay(numerator: 0, denominator: 1),
            region: PixelRect(x: 0, y: 0, width: width, height: height), disposeOp: .none,
            blendOp: .source)
        ]
      }
      return APNGAnimation(
        width: width, height: height, loopCount: loopCount, isAnimated: frameCount != nil,
        defaultImageIsFirstFrame: idatIsFrame || frameCount == nil, frames: frames)
    }

    mutating func handle(type: String, data: ArraySlice<UInt8>, previousType: String) throws {
      switch type {
      case "IHDR":
        guard width == 0 else { throw fail("second IHDR chunk") }
        guard data.count == 13 else { throw fail("IHDR has \(data.count) bytes, expected 13") }
        let d = Array(data)
        width = Int(d.bigEndianUInt32(at: 0))
        height = Int(d.bigEndianUInt32(at: 4))
        guard width > 0, height > 0, width < 1 << 31, height < 1 << 31 else {
          throw fail("invalid dimensions \(width)×\(height)")
        }
        guard width * height <= maxPixels else {
          throw ImageCodecError.imageTooLarge(
            source: source, width: width, height: height, maxPixels: maxPixels)
        }
        guard d[8] == 8, d[9] == 6, d[10] == 0, d[11] == 0, d[12] == 0 else {
          throw fail(
            "this reader supports 8-bit RGBA, non-interlaced images only (bit depth \(d[8]), colour type \(d[9]), interlace \(d[12])); use PNGDecoder"
          )
        }
        canvas = RGBAImage(width: width, height: height)
      case "acTL":
        guard !sawIDAT else { throw fail("acTL after IDAT") }
        guard frameCount == nil else { throw fail("second acTL chunk") }
        guard data.count == 8 else { throw fail("acTL has \(data.count) bytes, expected 8") }
        let d = Array(data)
        let count = Int(d.bigEndianUInt32(at: 0))
        guard count > 0 else { throw fail("acTL announces 0 frames") }
        frameCount = count
        loopCount = Int(d.bigEndianUInt32(at: 4))
      case "fcTL":
        try finishFrame()
        guard data.count == 26 else { throw fail("fcTL has \(data.count) bytes, expected 26") }
        let d = Array(data)
        try checkSequence(d.bigEndianUInt32(at: 0), chunk: "fcTL")
        let region = PixelRect(
          x: Int(d.bigEndianUInt32(at: 12)), y: Int(d.bigEndianUInt32(at: 16)),
          width: Int(d.bigEndianUInt32(at: 4)), height: Int(d.bigEndianUInt32(at: 8)))
        guard region.width > 0, region.height > 0, region.x + region.width <= width,
          region.y + region.height <= height
        else {
          throw fail(
            "frame \(frames.count) region \(region.width)×\(region.height) at (\(region.x), \(region.y)) is outside the \(width)×\(height) canvas"
          )
        }
        guard let dispose = APNGDisposeOp(rawValue: d[24]), let blend = APNGBlendOp(rawValue: d[25])
        else { throw fail("frame \(frames.count) has dispose op \(d[24]), blend op \(d[25])") }
        if !sawIDAT {
          guard region == PixelRect(x: 0, y: 0, width: width, height: height) else {
            throw fail("the fcTL before IDAT must cover the whole canvas")
          }
          idatIsFrame = true
        }
        currentControl = FrameControl(
          region: region,
          delay: APNGDelay(
            numerator: d.bigEndianUInt16(at: 20), denominator: d.bigEndianUInt16(at: 22)),
          dispose: dispose, blend: blend)
      case "IDAT":
        guard width > 0 else { throw fail("IDAT before IHDR") }
        if sawIDAT && previousType != "IDAT" { throw fail("IDAT chunks are not consecutive") }
        sawIDAT = true
        currentData.append(contentsOf: data)
      case "fdAT":
        guard sawIDAT else { throw fail("fdAT before IDAT") }
        guard currentControl != nil else { throw fail("fdAT without a preceding fcTL") }
        guard data.count >= 4 else { throw fail("fdAT shorter than its sequence number") }
        try checkSequence(Array(data.prefix(4)).bigEndianUInt32(at: 0), chunk: "fdAT")
        currentData.append(contentsOf: data.dropFirst(4))
      case "IEND":
        break
      default:
        // Unknown critical chunks (uppercase first letter) cannot be skipped.
        if let first = type.utf8.first, first >= 65 && first <= 90, type != "PLTE" {
          throw fail("unknown critical chunk \(type)")
        }
      }
      // An IDAT image that is not a frame (a plain PNG, or an APNG whose
      // first fcTL comes after IDAT) ends at the first chunk after it.
      if type != "IDAT" && sawIDAT && defaultImage == nil && !idatIsFrame {
        defaultImage = try decode(currentData, region: full, what: "the image")
        currentData = []
      }
    }

    var full: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    mutating func checkSequence(_ number: UInt32, chunk: String) throws {
      guard number == expectedSequence else {
        throw fail("\(chunk) has sequence number \(number), expected \(expectedSequence)")
      }
      expectedSequence += 1
    }

    /// Decodes the data gathered for the current frame and draws it.
    mutating func finishFrame() throws {
      guard let control = currentControl else { return }
      let index = frames.count
      guard !currentData.isEmpty else { throw fail("frame \(index) has no image data") }
      let pixels = try decode(currentData, region: control.region, what: "frame \(index)")
      currentData = []
      currentControl = nil
      let before = canvas!
      draw(pixels, in: control.region, blend: index == 0 ? .source : control.blend)
      frames.append(
        APNGAnimation.Frame(
          image: canvas, delay: control.delay, region: control.region,
          disposeOp: control.dispose, blendOp: control.blend))
      switch control.dispose {
      case .none: break
      case .background: clear(control.region)
      case .previous:
        // On the first frame, "previous" means the cleared canvas (spec).
        if index == 0 { clear(control.region) } else { restore(control.region, from: before) }
      }
    }

    /// Inflates and unfilters `region`'s rows of RGBA.
    func decode(_ data: [UInt8], region: PixelRect, what: String) throws -> RGBAImage {
      let rowBytes = region.width * 4
      var raw: [UInt8]
      do {
        raw = try Zlib.decompress(data, expectedCount: (rowBytes + 1) * region.height)
      } catch {
        throw fail("\(what): \(error)")
      }
      var pixels = [UInt8](repeating: 0, count: rowBytes * region.height)
      var badFilter: (row: Int, type: UInt8)?
      raw.withUnsafeMutableBufferPointer { raw in
        pixels.withUnsafeMutableBufferPointer { out in
          for y in 0..<region.height {
            let row = raw.baseAddress! + y * (rowBytes + 1)
            let previous: UnsafePointer<UInt8>? =
              y == 0 ? nil : UnsafePointer(out.baseAddress! + (y - 1) * rowBytes)
            let target = out.baseAddress! + y * rowBytes
            target.update(from: row + 1, count: rowBytes)
            if !PNGRowFilter.unfilterRow(
              type: row[0], row: target, previous: previous, count: rowBytes, bytesPerPixel: 4)
            {
              badFilter = (y, row[0])
              return
            }
          }
        }
      }
      if let badFilter {
        throw fail("\(what): row \(badFilter.row) has unknown filter type \(badFilter.type)")
      }
      return RGBAImage(width: region.width, height: region.height, pixels: pixels)
    }

    mutating func draw(_ image: RGBAImage, in region: PixelRect, blend: APNGBlendOp) {
      for y in 0..<region.height {
        for x in 0..<region.width {
          let source = image[x, y]
          switch blend {
          case .source:
            canvas[region.x + x, region.y + y] = source
          case .over:
            canvas[region.x + x, region.y + y] = over(source, canvas[region.x + x, region.y + y])
          }
        }
      }
    }

    mutating func clear(_ region: PixelRect) {
      for y in region.y..<(region.y + region.height) {
        for x in region.x..<(region.x + region.width) { canvas[x, y] = .transparent }
      }
    }

    mutating func restore(_ region: PixelRect, from before: RGBAImage) {
      for y in region.y..<(region.y + region.height) {
        for x in region.x..<(region.x + region.width) { canvas[x, y] = before[x, y] }
      }
    }
  }

  /// Straight-alpha "over" (APNG spec, blend_op OVER): αo = αs + αd(1 − αs);
  /// Co = (Cs·αs + Cd·αd(1 − αs)) / αo; rounded to 8 bits.
  static func over(_ s: RGBA8, _ d: RGBA8) -> RGBA8 {
    if s.a == 255 || d.a == 0 { return s.a == 0 ? d : s }
    if s.a == 0 { return d }
    let sa = Double(s.a) / 255
    let da = Double(d.a) / 255
    let oa = sa + da * (1 - sa)
    func channel(_ cs: UInt8, _ cd: UInt8) -> UInt8 {
      UInt8(((Double(cs) * sa + Double(cd) * da * (1 - sa)) / oa).rounded())
    }
    return RGBA8(
      channel(s.r, d.r), channel(s.g, d.g), channel(s.b, d.b), UInt8((oa * 255).rounded()))
  }
}

private func hex(_ value: UInt32) -> String {
  let digits = String(value, radix: 16)
  return "0x" + String(repeating: "0", count: max(0, 8 - digits.count)) + digits
}

import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// HEIC and AVIF in through libheif, against files made by `heif-enc` and
/// decoded by `heif-convert` (Debian's libheif-examples).
@Suite struct HEIFTests {
  static let tools = ExternalTools.hasHeifTools && ExternalTools.hasPillow

  /// Runs `script` (Python, `sys.argv[1]` a scratch folder).
  static func python(_ script: String, in directory: borrowing TemporaryDirectory) throws {
    let result = try #require(
      ExternalTools.run(TestPython.command + ["-c", script, directory.path]))
    try #require(result.status == 0, "\(String(decoding: result.output, as: UTF8.self))")
  }

  /// Runs a tool on PATH, requiring success.
  static func tool(_ arguments: [String]) throws {
    let result = try #require(ExternalTools.run(arguments))
    try #require(
      result.status == 0, "\(arguments[0]): \(String(decoding: result.output, as: UTF8.self))")
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  /// A 64×48 picture: 8-bit `p8.png` with an sRGB ICC profile (and
  /// `plain.png` without), 16-bit
  /// `p16.png`, and `o6.jpg` with EXIF orientation 6 and the profile.
  static let pictures = """
    import sys
    import numpy as np
    from PIL import Image, ImageCms
    import cv2
    d = sys.argv[1]
    y, x = np.mgrid[0:48, 0:64]
    rgb = np.stack([x * 4 + 3, y * 5 + 2, (x + y) * 2 + 1], -1)
    icc = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    Image.fromarray(rgb.astype(np.uint8)).save(d + "/p8.png", icc_profile=icc)
    Image.fromarray(rgb.astype(np.uint8)).save(d + "/plain.png")
    deep = np.stack([x * 1000 + 77, y * 1300 + 5, (x + y) * 480 + 999], -1).astype(np.uint16)
    cv2.imwrite(d + "/p16.png", deep[..., ::-1])
    exif = Image.Exif()
    exif[0x0112] = 6
    Image.fromarray(rgb.astype(np.uint8)).save(d + "/o6.jpg", exif=exif.tobytes(), icc_profile=icc, quality=95)
    """

  /// heif-convert's 8- or 16-bit PNG of `heif`, as RGBA values (16-bit
  /// ones as stored: heif-convert shifts n-bit values left by 16 − n).
  static func reference(_ heif: String, _ png: String) throws -> (
    width: Int, height: Int, pixels: [UInt16]
  ) {
    try tool(["heif-convert", "--quiet", heif, png])
    return try #require(try DeepTestImages.openCVRead(png))
  }

  /// An 8-bit HEIC reads as 8-bit RGBA within 1 level of heif-convert's
  /// decoding, with the PNG's ICC profile it was made from.
  @Test(.enabled(if: tools)) func eightBitMatchesHeifConvert() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-q", "95", directory.file("p8.png"), "-o", directory.file("p8.heic"),
    ])
    let decoded = try ImageDecoder.decodeFile(path: directory.file("p8.heic"))
    #expect(decoded.format == .heic)
    #expect(decoded.notes.isEmpty)
    guard case .rgba8(let image) = decoded.pixels else {
      Issue.record("an 8-bit HEIC is read at 8 bits")
      return
    }
    try Self.tool([
      "heif-convert", "--quiet", directory.file("p8.heic"), directory.file("ref8.png"),
    ])
    let pillow = try #require(ExternalTools.pillowDecode(directory.file("ref8.png")))
    #expect(pillow.width == image.width && pillow.height == image.height)
    #expect(maxDifference(pillow.rgba, image.pixels) <= 1)
    let png = try PNGDecoder.decodeDescribed(try Self.bytes(directory.file("p8.png")))
    #expect(decoded.color.iccProfile == png.color.iccProfile)
    #expect(decoded.color.iccProfile != nil)
  }

  /// A 10-bit HEIC (heif-enc -b 10 from a 16-bit PNG) reads deep, each
  /// value v to round(v · 65535 / 1023), within 1 ten-bit level of
  /// heif-convert's decoding.
  @Test(.enabled(if: tools && DeepTestImages.openCVAvailable)) func tenBitReadsDeep() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-b", "10", "-q", "95", directory.file("p16.png"), "-o",
      directory.file("p10.heic"),
    ])
    let decoded = try ImageDecoder.decodeFile(path: directory.file("p10.heic"))
    guard case .rgba16(let image) = decoded.pixels else {
      Issue.record("a 10-bit HEIC is read deep")
      return
    }
    let theirs = try Self.reference(directory.file("p10.heic"), directory.file("ref10.png"))
    #expect(theirs.width == 64 && theirs.height == 48)
    var worst = 0
    for (ours, reference) in zip(image.pixels, theirs.pixels) {
      // Ours is a multiple of 65535/1023 apart; back to 10 bits exactly.
      let level = (Int(ours) * 1023 + 32767) / 65535
      #expect(Int(ours) == (level * 65535 + 511) / 1023, "not a scaled 10-bit value")
      worst = max(worst, abs(level - Int(reference >> 6)))
    }
    #expect(worst <= 1, "largest difference \(worst) ten-bit levels")
  }

  /// An EXIF orientation inside a HEIC does not turn the picture (HEIF's
  /// own `irot` does, and libheif applies it): read as heif-convert shows
  /// it, and the EXIF written on says 1.
  @Test(.enabled(if: tools)) func exifOrientationIsResetNotApplied() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-q", "95", directory.file("o6.jpg"), "-o", directory.file("o6.heic"),
    ])
    let decoded = try ImageDecoder.decodeFile(path: directory.file("o6.heic"))
    let exif = try #require(decoded.metadata.exif)
    #expect(EXIF.orientation(exif) == 1)
    #expect(decoded.color.iccProfile != nil)
    #expect(decoded.pixels.width == 64 && decoded.pixels.height == 48)
  }

  /// A file whose primary image carries `irot` (a quarter turn) is read
  /// upright, as heif-convert shows it: 48×64, the same pixels within 1.
  @Test(.enabled(if: tools)) func rotationIsApplied() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-q", "95", directory.file("p8.png"), "-o", directory.file("p8.heic"),
    ])
    try Self.python(Self.addRotation, in: directory)
    let decoded = try ImageDecoder.decodeFile(path: directory.file("turned.heic"))
    #expect(decoded.pixels.width == 48 && decoded.pixels.height == 64)
    try Self.tool([
      "heif-convert", "--quiet", directory.file("turned.heic"), directory.file("t.png"),
    ])
    let pillow = try #require(ExternalTools.pillowDecode(directory.file("t.png")))
    #expect(pillow.width == 48 && pillow.height == 64)
    #expect(maxDifference(pillow.rgba, decoded.image.pixels) <= 1)
  }

  /// Adds an `irot` property (angle 1: 90° anticlockwise) to p8.heic's
  /// primary item, as `turned.heic`: the box appended to `ipco`, its
  /// association to `ipma`, the sizes of the boxes around them and the
  /// `iloc` offsets into `mdat` moved by the bytes added (ISO/IEC
  /// 14496-12 §8.11.3, ISO/IEC 23008-12 §9.3).
  static let addRotation = """
    import struct, sys
    d = sys.argv[1]
    b = bytearray(open(d + "/p8.heic", "rb").read())
    def boxes(start, end):
        out = []
        while start + 8 <= end:
            size = struct.unpack(">I", b[start:start + 4])[0]
            out.append((bytes(b[start + 4:start + 8]).decode(), (start, size)))
            start += size
        return out
    def children(start, end):
        return dict(boxes(start, end))
    top = children(0, len(b))
    meta = top["meta"]
    inner = children(meta[0] + 12, meta[0] + meta[1])
    iprp = inner["iprp"]
    props = children(iprp[0] + 8, iprp[0] + iprp[1])
    ipco, ipma = props["ipco"], props["ipma"]
    count = len(boxes(ipco[0] + 8, ipco[0] + ipco[1]))
    primary = struct.unpack(">H", b[inner["pitm"][0] + 12:inner["pitm"][0] + 14])[0]
    # ipma: entries of item id, association count, associations.
    version, flags = b[ipma[0] + 8], b[ipma[0] + 11]
    p = ipma[0] + 16
    wide = flags & 1
    for _ in range(struct.unpack(">I", b[ipma[0] + 12:ipma[0] + 16])[0]):
        item = struct.unpack(">H", b[p:p + 2])[0] if version < 1 else struct.unpack(">I", b[p:p + 4])[0]
        p += 2 if version < 1 else 4
        n = b[p]
        if item == primary:
            at, entry = p, n
        p += 1 + n * (2 if wide else 1)
    added = struct.pack(">H", 0x8000 | (count + 1)) if wide else bytes([0x80 | (count + 1)])
    delta = 9 + len(added)
    # iloc: shift every file offset (construction method 0) by delta.
    il = inner["iloc"][0]
    iv = b[il + 8]
    sizes = b[il + 12], b[il + 13]
    off_size, len_size, base_size, idx_size = sizes[0] >> 4, sizes[0] & 15, sizes[1] >> 4, sizes[1] & 15
    q = il + 14
    n_items = struct.unpack(">H", b[q:q + 2])[0] if iv < 2 else struct.unpack(">I", b[q:q + 4])[0]
    q += 2 if iv < 2 else 4
    def shift(pos, size):
        if size == 4:
            struct.pack_into(">I", b, pos, struct.unpack(">I", b[pos:pos + 4])[0] + delta)
        elif size == 8:
            struct.pack_into(">Q", b, pos, struct.unpack(">Q", b[pos:pos + 8])[0] + delta)
    for _ in range(n_items):
        q += 2 if iv < 2 else 4
        method = 0
        if iv in (1, 2):
            method = struct.unpack(">H", b[q:q + 2])[0] & 15
            q += 2
        q += 2
        base = q
        q += base_size
        extents = struct.unpack(">H", b[q:q + 2])[0]
        q += 2
        if method == 0 and base_size:
            shift(base, base_size)
        for _ in range(extents):
            if iv in (1, 2) and idx_size:
                q += idx_size
            if method == 0 and not base_size:
                shift(q, off_size)
            q += off_size + len_size
    for box, grow in [(meta, delta), (iprp, delta), (ipco, 9), (ipma, len(added))]:
        struct.pack_into(">I", b, box[0], box[1] + grow)
    b[at] = entry + 1
    b[at + 1 + entry * len(added):at + 1 + entry * len(added)] = added
    b[ipco[0] + ipco[1]:ipco[0] + ipco[1]] = struct.pack(">I", 9) + b"irot" + bytes([1])
    open(d + "/turned.heic", "wb").write(b)
    """

  /// An AVIF whose `nclx` says Display P3 (primaries 12, the sRGB
  /// transfer 13) reads with an ICC profile made for it: red at P3's
  /// (0.680, 0.320), D50-adapted in the profile to about (0.682, 0.319),
  /// not sRGB's (0.648, 0.331).
  @Test(.enabled(if: tools)) func nclxBecomesAnICCProfile() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-A", "-q", "90", directory.file("plain.png"), "-o", directory.file("p.avif"),
    ])
    var avif = try Self.bytes(directory.file("p.avif"))
    // heif-enc 1.15 writes nclx 2/2/6 (unspecified): say P3 instead.
    let colr = Array("colrnclx".utf8)
    let at = try #require(
      (0..<(avif.count - 12)).first { Array(avif[$0..<($0 + 8)]) == colr })
    avif.replaceSubrange((at + 8)..<(at + 12), with: [0, 12, 0, 13])
    let decoded = try ImageDecoder.decode(bytes: avif, source: "p3.avif")
    #expect(decoded.format == .avif)
    let icc = try #require(decoded.color.iccProfile)
    try Data(icc).write(to: URL(fileURLWithPath: directory.file("p3.icc")))
    try Self.python(
      """
      import sys
      from PIL import ImageCms
      p = ImageCms.getOpenProfile(sys.argv[1] + "/p3.icc")
      assert "Display P3" in ImageCms.getProfileDescription(p), ImageCms.getProfileDescription(p)
      x, y = p.profile.red_primary[1][:2]
      assert abs(x - 0.682) < 0.003 and abs(y - 0.319) < 0.003, (x, y)
      """, in: directory)
  }

  /// A truncated file is a clear error naming the format; a size over the
  /// limit is refused before decoding; HEIC and AVIF are not written.
  @Test(.enabled(if: tools)) func badInputsAndOutputsAreRefused() throws {
    let directory = try TemporaryDirectory()
    try Self.python(Self.pictures, in: directory)
    try Self.tool([
      "heif-enc", "-q", "95", directory.file("p8.png"), "-o", directory.file("p8.heic"),
    ])
    let whole = try Self.bytes(directory.file("p8.heic"))
    for cut in [whole.count / 2, whole.count - 10, 40] {
      do {
        _ = try ImageDecoder.decode(bytes: Array(whole.prefix(cut)), source: "cut.heic")
        Issue.record("a HEIC cut at \(cut) of \(whole.count) bytes decoded")
      } catch ImageCodecError.invalidImageData(let source, let format, let reason) {
        #expect(source == "cut.heic" && format == "HEIC" && !reason.isEmpty)
      }
    }
    #expect(
      throws: ImageCodecError.imageTooLarge(source: "big", width: 64, height: 48, maxPixels: 1000)
    ) {
      try ImageDecoder.decode(bytes: whole, source: "big", maxPixels: 1000)
    }
    for name in ["out.heic", "out.avif"] {
      #expect(throws: ImageCodecError.self) { try StillOutput(path: name) }
    }
  }
}

/// HEIC and AVIF are recognised by their `ftyp` brands, and sequences
/// and MP4 files are not taken for stills.
@Suite struct HEIFBrandTests {
  static func ftyp(_ major: String, _ compatible: [String]) -> [UInt8] {
    let brands = compatible.flatMap { Array($0.utf8) }
    let size = 16 + brands.count
    return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(major.utf8) + [0, 0, 0, 0] + brands
      + [0, 0, 0, 8] + Array("meta".utf8)
  }

  @Test func brandsDecideTheFormat() {
    #expect(ImageFormat.detect(Self.ftyp("heic", ["mif1", "heic"])) == .heic)
    #expect(ImageFormat.detect(Self.ftyp("mif1", ["mif1", "heic"])) == .heic)
    #expect(ImageFormat.detect(Self.ftyp("avif", ["mif1", "avif", "miaf"])) == .avif)
    #expect(ImageFormat.detect(Self.ftyp("mif1", ["avif"])) == .avif)
    #expect(ImageFormat.detect(Self.ftyp("avis", ["avif", "msf1"])) == nil)
    #expect(ImageFormat.detect(Self.ftyp("isom", ["iso2", "avc1", "mp41"])) == nil)
    #expect(ImageFormat(fileExtension: "HEIF") == .heic && !ImageFormat.heic.isWritable)
  }
}

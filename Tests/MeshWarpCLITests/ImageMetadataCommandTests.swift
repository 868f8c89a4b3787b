import Foundation
import MeshWarpCore
import Testing
import _TestSupport

/// EXIF, XMP and density from the input reach every still output, checked
/// with Pillow as the independent reader: what Pillow and ImageMagick
/// users expect of a tool that edits the pixels only.
@Suite(.enabled(if: TestPython.imports("PIL"), "Pillow is not installed"))
struct ImageMetadataCommandTests {
  /// The XMP packet the inputs carry (with a `tiff:Orientation` of 6, as
  /// Photoshop writes beside the EXIF tag).
  static let xmp =
    #"<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:tiff="http://ns.adobe.com/tiff/1.0/" tiff:Orientation="6" tiff:Make="MeshCam"/></rdf:RDF></x:xmpmeta>"#

  /// Writes a 48×32 gradient with EXIF (Make, DateTime, GPS, Orientation 6)
  /// through Pillow as `path` (its extension picks the format): JPEG also
  /// with 300 dpi, an APP1 XMP segment and an ICC profile; PNG with
  /// `eXIf`; WebP (lossless) with an `EXIF` chunk.
  static let makeScript = """
    import sys
    from PIL import Image
    path, xmp = sys.argv[1], sys.argv[2].encode()
    im = Image.new('RGB', (48, 32))
    im.putdata([(x * 5, y * 7, (x * y) % 256) for y in range(32) for x in range(48)])
    exif = Image.Exif()
    exif[0x010F] = 'MeshCam'
    exif[0x0132] = '2024:05:06 07:08:09'
    exif[0x0112] = 6
    exif[0x8825] = {1: 'N', 2: (48.0, 51.0, 30.0)}
    if path.endswith('.jpg'):
        im.save(path, exif=exif, dpi=(300, 300), quality=95, icc_profile=bytes(range(256)) * 2)
        data = open(path, 'rb').read()
        payload = b'http://ns.adobe.com/xap/1.0/\\x00' + xmp
        segment = b'\\xff\\xe1' + (len(payload) + 2).to_bytes(2, 'big') + payload
        open(path, 'wb').write(data[:2] + segment + data[2:])
    elif path.endswith('.png'):
        im.save(path, exif=exif)
    else:
        im.save(path, exif=exif, lossless=True)
    """

  /// Pillow's reading of `argv[1]` as JSON, its pixels compared with
  /// `ImageOps.exif_transpose` of the input `argv[2]`.
  static let readScript = """
    import sys, json
    from PIL import Image, ImageOps
    out = Image.open(sys.argv[1])
    xmp = out.info.get('xmp') or out.info.get('XML:com.adobe.xmp')
    for name, data in getattr(out, 'applist', []):
        if name == 'APP1' and data.startswith(b'http://ns.adobe.com/xap/1.0/\\x00'):
            xmp = data[29:]
    if isinstance(xmp, bytes):
        xmp = xmp.decode()
    exif = out.getexif()
    gps = exif.get_ifd(0x8825)
    ref = ImageOps.exif_transpose(Image.open(sys.argv[2])).convert('RGB')
    got = out.convert('RGB')
    diffs = [abs(a - b) for p, q in zip(got.getdata(), ref.getdata()) for a, b in zip(p, q)]
    print(json.dumps({
        'size': list(out.size), 'make': exif.get(0x010F), 'date': exif.get(0x0132),
        'orientation': exif.get(0x0112), 'tags': len(exif),
        'gps': [gps.get(1), [float(v) for v in gps.get(2, ())]],
        'dpi': [round(v, 3) for v in out.info['dpi']] if 'dpi' in out.info else None,
        'xmp': xmp, 'icc': len(out.info.get('icc_profile') or b''),
        'meanDiff': sum(diffs) / len(diffs) if got.size == ref.size else -1}))
    """

  struct Reading: Decodable {
    var size: [Int]
    var make: String?
    var date: String?
    var orientation: Int?
    var tags: Int
    var gps: GPS
    var dpi: [Double]?
    var xmp: String?
    var icc: Int
    var meanDiff: Double

    /// GPSLatitudeRef and GPSLatitude.
    struct GPS: Decodable {
      var ref: String?
      var latitude: [Double]
      init(from decoder: any Decoder) throws {
        var list = try decoder.unkeyedContainer()
        ref = try list.decodeIfPresent(String.self)
        latitude = try list.decode([Double].self)
      }
    }
  }

  static func python(_ script: String, _ arguments: [String]) throws -> [UInt8] {
    let result = try ToolProcess.run(
      "/usr/bin/env", TestPython.command + ["-c", script] + arguments, showsErrors: true)
    try #require(result.status == 0, "python failed on \(arguments)")
    return result.output
  }

  static func make(_ path: String) throws {
    _ = try python(makeScript, [path, xmp])
  }

  static func read(_ path: String, input: String) throws -> Reading {
    try JSONDecoder().decode(Reading.self, from: Data(try python(readScript, [path, input])))
  }

  /// A JPEG from Pillow with EXIF (orientation 6), XMP, 300 dpi and an
  /// ICC profile, warped through an identity mesh to JPEG, PNG and WebP:
  /// Pillow reads back Make, DateTime and GPS, orientation 1 over pixels
  /// turned as `exif_transpose` turns them, 300 dpi (PNG `pHYs` 11811
  /// pixels a metre; WebP has no density field, the EXIF keeps its own),
  /// the XMP with its `tiff:Orientation` also 1, and the profile. Before,
  /// only the profile and the turned pixels came through.
  @Test func exifXMPAndDensityReachEveryStillOutput() throws {
    let folder = TemporaryFolder()
    let input = folder.file("in.jpg")
    try Self.make(input)
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    for name in ["out.jpg", "out.png", "out.webp"] {
      let out = folder.file(name)
      // (Lossless WebP: lossy WebP's 4:2:0 chroma alone is 4 levels off.)
      let lossless = name == "out.webp" ? ["--lossless"] : []
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out] + lossless)
      #expect(run.status == 0, "\(run.errors)")
      let read = try Self.read(out, input: input)
      #expect(read.size == [32, 48], "\(name)")
      #expect(read.meanDiff >= 0 && read.meanDiff < 3, "\(name): \(read.meanDiff)")
      #expect(read.make == "MeshCam", "\(name)")
      #expect(read.date == "2024:05:06 07:08:09", "\(name)")
      #expect(read.gps.ref == "N" && read.gps.latitude == [48, 51, 30], "\(name)")
      #expect(read.orientation == 1, "\(name)")
      if name != "out.webp" {
        #expect(read.dpi.map { $0.map { abs($0 - 300) < 0.01 } } == [true, true], "\(name)")
      }
      #expect(read.xmp?.contains(#"tiff:Make="MeshCam""#) == true, "\(name): \(read.xmp ?? "none")")
      #expect(read.xmp?.contains(#"tiff:Orientation="1""#) == true, "\(name)")
      #expect(read.icc == 512, "\(name)")
    }
  }

  /// A PNG with an `eXIf` chunk and a WebP with an `EXIF` chunk, both
  /// orientation 6: the output is turned as Pillow's `exif_transpose`
  /// turns the input, its orientation tag 1, the other tags kept. Before,
  /// only JPEG's orientation was applied: a 48×32 output, as stored.
  @Test func orientationOfPNGAndWebPIsApplied() throws {
    let folder = TemporaryFolder()
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    for input in ["in.png", "in.webp"] {
      try Self.make(folder.file(input))
      let out = folder.file(input + ".out.png")
      let run = ToolRun(["warp", folder.file(input), "--mesh", mesh, "-o", out])
      #expect(run.status == 0, "\(run.errors)")
      let read = try Self.read(out, input: folder.file(input))
      #expect(read.size == [32, 48], "\(input)")
      #expect(read.meanDiff == 0, "\(input)")
      #expect(read.orientation == 1 && read.make == "MeshCam", "\(input)")
      #expect(read.gps.latitude == [48, 51, 30], "\(input)")
    }
  }

  /// `--strip` writes none of it, the ICC profile included (as
  /// ImageMagick's `-strip`); the pixels are still turned upright.
  @Test func stripDropsAllMetadata() throws {
    let folder = TemporaryFolder()
    let input = folder.file("in.jpg")
    try Self.make(input)
    let mesh = folder.write(WarpMesh.identity(columns: 2, rows: 2), "m.json")
    for name in ["out.jpg", "out.png", "out.webp"] {
      let out = folder.file(name)
      let run = ToolRun(["warp", input, "--mesh", mesh, "-o", out, "--strip"])
      #expect(run.status == 0, "\(run.errors)")
      let read = try Self.read(out, input: input)
      #expect(read.size == [32, 48], "\(name)")
      #expect(read.tags == 0 && read.dpi == nil && read.xmp == nil && read.icc == 0, "\(name)")
    }
  }
}

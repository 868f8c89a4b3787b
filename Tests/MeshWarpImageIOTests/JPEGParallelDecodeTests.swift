import CJPEG
import CTurboJPEG
import Foundation
import MeshWarpRender
import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// Sequential JPEGs decoded in strips on several threads
/// (`JPEGStripDecoding`): the pixels of one TurboJPEG decode, byte for byte,
/// on every chroma sampling, odd sizes and several thread counts.
@Suite struct JPEGParallelDecodeTests {
  /// A noisy picture (every block has AC coefficients, chroma changes
  /// within each MCU, so a strip that started a row off would show).
  static func picture(width: Int, height: Int, channels: Int = 3) -> [UInt8] {
    var state: UInt64 = UInt64(width * 7919 + height)
    var bytes = [UInt8](repeating: 0, count: width * height * channels)
    for y in 0..<height {
      for x in 0..<width {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let noise = Int(state >> 59)
        let i = (y * width + x) * channels
        bytes[i] = UInt8(clamping: (x / 3) % 256 + noise)
        bytes[i + 1] = UInt8(clamping: (y / 2) % 256 + noise)
        bytes[i + 2] = UInt8(clamping: ((x + y) / 5) % 256 + noise)
        if channels == 4 { bytes[i + 3] = UInt8(clamping: (x * y / 97) % 256) }
      }
    }
    return bytes
  }

  /// A JPEG of `picture` from TurboJPEG: `sampling` is a TJSAMP value; CMYK
  /// input makes a YCCK file.
  static func jpeg(
    width: Int, height: Int, sampling: TJSAMP, cmyk: Bool = false, progressive: Bool = false
  ) throws -> [UInt8] {
    let pixels = picture(width: width, height: height, channels: cmyk ? 4 : 3)
    let handle = try #require(tjInitCompress())
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    let status = tjCompress2(
      handle, pixels, Int32(width), 0, Int32(height),
      Int32((cmyk ? TJPF_CMYK : TJPF_RGB).rawValue), &output, &size, Int32(sampling.rawValue), 90,
      progressive ? Int32(TJFLAG_PROGRESSIVE) : 0)
    defer { tjFree(output) }
    try #require(status == 0)
    return Array(UnsafeBufferPointer(start: try #require(output), count: Int(size)))
  }

  static let samplings: [(String, TJSAMP)] = [
    ("4:2:0", TJSAMP_420), ("4:2:2", TJSAMP_422), ("4:4:4", TJSAMP_444), ("4:4:0", TJSAMP_440),
    ("4:1:1", TJSAMP_411), ("grey", TJSAMP_GRAY),
  ]

  @Test(arguments: [(1001, 777), (333, 517), (97, 61), (640, 33)])
  func stripsDecodeToTheOneThreadPixels(width: Int, height: Int) throws {
    for (name, sampling) in Self.samplings {
      let bytes = try Self.jpeg(width: width, height: height, sampling: sampling)
      let serial = try JPEGDecoder.decode(bytes, threads: 1)
      for threads in [2, 3, 5, 8] {
        // The strips must really be decoded in pieces for the test to mean
        // anything.
        let plan = JPEGDecoder.stripPlan(
          bytes, width: width, height: height, threads: threads, minimumStripPixels: 0)
        let strips = try #require(plan, "\(name) \(width)×\(height)")
        #expect(strips.count >= 2)
        let parallel = try JPEGDecoder.decode(
          bytes, source: "test", maxPixels: .max, threads: threads, minimumStripPixels: 0)
        #expect(parallel.isGrayscale == serial.isGrayscale)
        let row = Self.firstDifferentRow(parallel.image, serial.image)
        #expect(
          row == nil,
          "\(name) \(width)×\(height) on \(threads) threads (strips \(strips)): first difference at row \(row ?? -1)"
        )
      }
    }
  }

  @Test func cmykStripsDecodeToTheOneThreadPixels() throws {
    let bytes = try Self.jpeg(width: 517, height: 333, sampling: TJSAMP_420, cmyk: true)
    let serial = try JPEGDecoder.decode(bytes, threads: 1)
    for threads in [2, 3] {
      #expect(
        JPEGDecoder.stripPlan(
          bytes, width: 517, height: 333, threads: threads, minimumStripPixels: 0)
          != nil)
      let parallel = try JPEGDecoder.decode(
        bytes, source: "test", maxPixels: .max, threads: threads, minimumStripPixels: 0)
      let row = Self.firstDifferentRow(parallel.image, serial.image)
      #expect(row == nil, "\(threads) threads: first difference at row \(row ?? -1)")
    }
  }

  /// The strips tile the picture in whole iMCU rows, shrink downwards
  /// (each later strip also skips the rows above it), and one thread,
  /// small pictures and progressive files stay in one piece.
  @Test func stripPlans() throws {
    let strips = try #require(
      JPEGStripDecoding.strips(height: 3000, imcuRows: 16, threads: 4, skipShare: 0.3))
    #expect(strips.count == 4)
    #expect(strips.first?.lowerBound == 0 && strips.last?.upperBound == 3000)
    for (a, b) in zip(strips, strips.dropFirst()) {
      #expect(a.upperBound == b.lowerBound)
      #expect(a.upperBound % 16 == 0)
      #expect(a.count >= b.count)
    }
    // With r = 0.3 on 2 threads the first strip holds 1/(2 − r) of the rows.
    let two = try #require(
      JPEGStripDecoding.strips(height: 3000, imcuRows: 16, threads: 2, skipShare: 0.3))
    #expect(abs(two[0].count - 1765) <= 8)
    #expect(JPEGStripDecoding.strips(height: 3000, imcuRows: 16, threads: 1, skipShare: 0.3) == nil)
    #expect(JPEGStripDecoding.strips(height: 31, imcuRows: 16, threads: 4, skipShare: 0.3) == nil)
    let small = try Self.jpeg(width: 200, height: 100, sampling: TJSAMP_420)
    #expect(JPEGDecoder.stripPlan(small, width: 200, height: 100, threads: 4) == nil)
    let progressive = try Self.jpeg(
      width: 300, height: 200, sampling: TJSAMP_420, progressive: true)
    #expect(
      JPEGDecoder.stripPlan(
        progressive, width: 300, height: 200, threads: 4, minimumStripPixels: 0) == nil)
    let serial = try JPEGDecoder.decode(progressive, threads: 1)
    let many = try JPEGDecoder.decode(
      progressive, source: "test", maxPixels: .max, threads: 4, minimumStripPixels: 0)
    #expect(many.image.pixels == serial.image.pixels)
  }

  /// A sequential JPEG in three scans, one per component (libjpeg's scan
  /// script), as `cjpeg -scans` writes one.
  static func multiscanJPEG(width: Int, height: Int) throws -> [UInt8] {
    let pixels = picture(width: width, height: height)
    var info = jpeg_compress_struct()
    var error = jpeg_error_mgr()
    info.err = jpeg_std_error(&error)
    jpeg_CreateCompress(&info, JPEG_LIB_VERSION, MemoryLayout<jpeg_compress_struct>.size)
    defer { jpeg_destroy_compress(&info) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    jpeg_mem_dest(&info, &output, &size)
    defer { free(output) }
    info.image_width = JDIMENSION(width)
    info.image_height = JDIMENSION(height)
    info.input_components = 3
    info.in_color_space = JCS_RGB
    jpeg_set_defaults(&info)
    jpeg_set_quality(&info, 90, 1)
    let scans = UnsafeMutablePointer<jpeg_scan_info>.allocate(capacity: 3)
    defer { scans.deallocate() }
    for c in 0..<3 {
      scans[c] = jpeg_scan_info(
        comps_in_scan: 1, component_index: (Int32(c), 0, 0, 0), Ss: 0, Se: 63, Ah: 0, Al: 0)
    }
    info.scan_info = UnsafePointer(scans)
    info.num_scans = 3
    jpeg_start_compress(&info, 1)
    pixels.withUnsafeBufferPointer { p in
      while info.next_scanline < info.image_height {
        var row: JSAMPROW? = UnsafeMutablePointer(
          mutating: p.baseAddress! + Int(info.next_scanline) * width * 3)
        _ = jpeg_write_scanlines(&info, &row, 1)
      }
    }
    jpeg_finish_compress(&info)
    return Array(UnsafeBufferPointer(start: try #require(output), count: Int(size)))
  }

  /// A sequential file in several scans stays in one piece: libjpeg decodes
  /// all its entropy data before the first row, so every strip would.
  @Test func filesInSeveralScansStayInOnePiece() throws {
    let bytes = try Self.multiscanJPEG(width: 300, height: 200)
    #expect(
      JPEGDecoder.stripPlan(bytes, width: 300, height: 200, threads: 4, minimumStripPixels: 0)
        == nil)
    let serial = try JPEGDecoder.decode(bytes, threads: 1)
    let many = try JPEGDecoder.decode(
      bytes, source: "test", maxPixels: .max, threads: 4, minimumStripPixels: 0)
    #expect(many.image.pixels == serial.image.pixels)
    // The baseline file of the same picture does go to strips.
    let baseline = try Self.jpeg(width: 300, height: 200, sampling: TJSAMP_420)
    #expect(
      JPEGDecoder.stripPlan(baseline, width: 300, height: 200, threads: 4, minimumStripPixels: 0)
        != nil)
  }

  /// A truncated file fails in strips as in one piece, with the same
  /// libjpeg message (the last strip reads the whole file).
  @Test func truncatedFilesFailAsInOnePiece() throws {
    let bytes = try Self.jpeg(width: 640, height: 480, sampling: TJSAMP_420)
    let cut = Array(bytes.prefix(bytes.count * 2 / 3))
    // (The cut file really goes to strips.)
    #expect(
      JPEGDecoder.stripPlan(cut, width: 640, height: 480, threads: 3, minimumStripPixels: 0)
        != nil)
    var serialError: String?
    var stripError: String?
    do { _ = try JPEGDecoder.decode(cut, threads: 1) } catch { serialError = "\(error)" }
    do {
      _ = try JPEGDecoder.decode(
        cut, source: "JPEG data", maxPixels: .max, threads: 3, minimumStripPixels: 0)
    } catch { stripError = "\(error)" }
    #expect(serialError != nil)
    #expect(stripError == serialError)
  }

  static func firstDifferentRow(_ a: RGBAImage, _ b: RGBAImage) -> Int? {
    (0..<a.height).first { y in
      let row = (y * a.width * 4)..<((y + 1) * a.width * 4)
      return a.pixels[row] != b.pixels[row]
    }
  }
}

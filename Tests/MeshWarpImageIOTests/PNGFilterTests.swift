import Testing
import _TestSupport

@testable import MeshWarpImageIO

/// The row filters: the vectorized Paeth and adaptive scoring agree with the
/// scalar definitions; every filter is undone by `unfilterRow`.
@Suite struct PNGFilterTests {
  /// The Paeth predictor from PNG spec §9.4, written out as the spec does.
  static func specPaeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
    let p = a + b - c
    let pa = abs(p - a)
    let pb = abs(p - b)
    let pc = abs(p - c)
    if pa <= pb && pa <= pc { return a }
    if pb <= pc { return b }
    return c
  }

  @Test func scalarPaethMatchesTheSpecOnAllInputsOfACube() {
    // Every (a, b, c) on a 0…255 lattice of step 5, plus the extremes.
    let values = Array(stride(from: 0, through: 255, by: 5)) + [1, 254]
    for a in values {
      for b in values {
        for c in values {
          let got = Int(paethPredictor(UInt8(a), UInt8(b), UInt8(c)))
          if got != Self.specPaeth(a, b, c) {
            Issue.record("Paeth(\(a), \(b), \(c)) = \(got), expected \(Self.specPaeth(a, b, c))")
            return
          }
        }
      }
    }
  }

  @Test(arguments: [1, 2, 3, 4]) func vectorPaethRowMatchesScalar(bytesPerPixel bpp: Int) {
    let seed: UInt64 = 0x9AE7
    print("PNGFilterTests.vectorPaethRowMatchesScalar seed \(seed)")
    var rng = SeededRandom(seed: seed)
    for count in [bpp, 4, 8, 19, 20, 36, 67, bpp * 97] {
      let x = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let above = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
      var scalar = [UInt8](repeating: 0, count: count)
      var vector = [UInt8](repeating: 0, count: count)
      PNGRowFilter.filterRow(.paeth, x, above, count, bpp, &scalar)
      PNGRowFilter.paethRowVector(x, above, count, bpp, &vector)
      #expect(scalar == vector, "row of \(count) bytes, bpp \(bpp)")
    }
  }

  @Test(arguments: [1, 2, 3, 4])
  func vectorScoringPicksTheSameFilterAsScalar(bytesPerPixel bpp: Int) {
    let seed: UInt64 = 0x5C0E
    print("PNGFilterTests.vectorScoringPicksTheSameFilterAsScalar seed \(seed)")
    var rng = SeededRandom(seed: seed)
    var picked = Set<UInt8>()
    for trial in 0..<150 {
      let count = bpp * Int.random(in: 1...300, using: &rng)
      // Mixtures of noise and ramps, so that each filter wins sometimes.
      let noise = Int.random(in: 0...64, using: &rng)
      let slope = Int.random(in: 0...9, using: &rng)
      let x = (0..<count).map { i in
        UInt8(truncatingIfNeeded: i * slope + Int.random(in: 0...noise, using: &rng))
      }
      let above = (0..<count).map { i in
        trial % 3 == 0
          ? UInt8.random(in: 0...255, using: &rng)
          : UInt8(truncatingIfNeeded: Int(x[i]) + Int.random(in: -noise...noise, using: &rng))
      }
      let scalar = PNGRowFilter.cheapestFilter(x, above, count, bpp)
      let vector = PNGRowFilter.cheapestFilterVector(x, above, count, bpp)
      #expect(scalar == vector, "trial \(trial), \(count) bytes")
      picked.insert(scalar.rawValue)
    }
    #expect(picked.count >= 3, "the trials should exercise several filters, got \(picked)")
  }

  /// A row of 256 vectors whose unfiltered bytes are all 0x80 (cost 128
  /// each, the most): the vector scoring's 16-bit lane sums must be
  /// flushed before they reach 2¹⁶ (after 255 vectors), or "none" wraps to
  /// a cost near 0 and beats Sub, the true cheapest (128 per channel).
  @Test(arguments: [3, 4])
  func largestCostsDoNotWrapTheLaneSums(bytesPerPixel bpp: Int) {
    for extra in [0, 5, 16 * 300] {
      let count = bpp + 16 * 256 + extra
      let x = (0..<count).map { i -> UInt8 in i < bpp ? 0 : 0x80 }
      let above = [UInt8](repeating: 0x7F, count: count)
      let scalar = PNGRowFilter.cheapestFilter(x, above, count, bpp)
      #expect(scalar == .sub, "\(count) bytes")
      #expect(PNGRowFilter.cheapestFilterVector(x, above, count, bpp) == scalar, "\(count) bytes")
    }
  }

  /// `unfilterRowToRGBA` undoes every filter of RGB and RGBA rows, with a
  /// row above and without (zeros), and gives RGB alpha 255.
  @Test(arguments: [3, 4])
  func everyFilterIsUndoneIntoRGBA(channels: Int) {
    var rng = SeededRandom(seed: UInt64(200 + channels))
    for width in [1, 2, 5, 64] {
      let count = width * channels
      let x = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
      let above = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
      func rgba(_ samples: [UInt8]) -> [UInt8] {
        (0..<width).flatMap { p in
          (0..<4).map { c in c < channels ? samples[p * channels + c] : 255 }
        }
      }
      for type in PNGFilterType.allCases {
        for previous in [nil, above] as [[UInt8]?] {
          var filtered = [UInt8](repeating: 0, count: count)
          PNGRowFilter.filterRow(type, x, previous, count, channels, &filtered)
          filtered.append(0x5A)  // the byte an RGB load reads past the row
          let aboveRGBA = previous.map(rgba) ?? [UInt8](repeating: 0, count: width * 4)
          var out = [UInt8](repeating: 1, count: width * 4)
          let ok = PNGRowFilter.unfilterRowToRGBA(
            type: type.rawValue, residuals: filtered, channels: channels, above: aboveRGBA,
            width: width, out: &out)
          #expect(ok)
          #expect(
            out == rgba(x),
            "filter \(type), \(channels) channels, width \(width), above \(previous != nil)")
        }
      }
      var out = [UInt8](repeating: 1, count: width * 4)
      let zeros = [UInt8](repeating: 0, count: width * 4)
      #expect(
        !PNGRowFilter.unfilterRowToRGBA(
          type: 5, residuals: x + [0], channels: channels, above: zeros, width: width, out: &out))
    }
  }

  @Test(arguments: [1, 3, 4, 8])
  func everyFilterIsUndone(bytesPerPixel bpp: Int) {
    var rng = SeededRandom(seed: UInt64(100 + bpp))
    let count = bpp * 23
    let above = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    let x = (0..<count).map { _ in UInt8.random(in: 0...255, using: &rng) }
    for type in PNGFilterType.allCases {
      for previous in [nil, above] as [[UInt8]?] {
        var filtered = [UInt8](repeating: 0, count: count)
        PNGRowFilter.filterRow(type, x, previous, count, bpp, &filtered)
        let ok = filtered.withUnsafeMutableBufferPointer { row in
          if let previous {
            return PNGRowFilter.unfilterRow(
              type: type.rawValue, row: row.baseAddress!, previous: previous, count: count,
              bytesPerPixel: bpp)
          }
          return PNGRowFilter.unfilterRow(
            type: type.rawValue, row: row.baseAddress!, previous: nil, count: count,
            bytesPerPixel: bpp)
        }
        #expect(ok)
        #expect(filtered == x, "filter \(type), bpp \(bpp), previous row \(previous != nil)")
      }
    }
    var row = x
    #expect(
      !PNGRowFilter.unfilterRow(type: 5, row: &row, previous: nil, count: count, bytesPerPixel: bpp)
    )
  }
}

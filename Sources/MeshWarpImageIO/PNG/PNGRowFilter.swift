/// How the PNG encoder of this module filters each row before deflate
/// (PNG spec §9: filter types 0–4 predict each byte from its left (a),
/// upper (b) and upper-left (c) neighbours, and store the difference).
public enum PNGFilterStrategy: Sendable, Equatable {
  /// Type 0: bytes as they are. Fastest; compresses smooth images worst.
  case none
  /// Type 1: x − a.
  case sub
  /// Type 2: x − b.
  case up
  /// Type 3: x − ⌊(a + b)/2⌋.
  case average
  /// Type 4: x − Paeth(a, b, c).
  case paeth
  /// Per row, the type whose output has the smallest sum of absolute values
  /// (bytes read as signed): the heuristic the PNG spec recommends (§12.8)
  /// and libpng uses. One extra pass scores all five types (vectorized for
  /// RGBA); measured at about 2 ms per 1000×250 frame, a fraction of
  /// deflate's time.
  case adaptive
}

/// PNG filter type byte values (PNG spec §9.2).
enum PNGFilterType: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4
}

/// Paeth predictor (PNG spec §9.4): whichever of a, b, c is closest to
/// p = a + b − c, ties broken in the order a, b, c.
@inline(__always)
func paethPredictor(_ a: UInt8, _ b: UInt8, _ c: UInt8) -> UInt8 {
  // pa = |p − a| = |b − c|, pb = |p − b| = |a − c|, pc = |p − c| = |a + b − 2c|,
  // in Int16 (|values| ≤ 510: wrapping operators cannot wrap) and without
  // branches, so the compiler can use selects.
  let ia = Int16(a)
  let ib = Int16(b)
  let ic = Int16(c)
  let pa = magnitude(ib &- ic)
  let pb = magnitude(ia &- ic)
  let pc = magnitude(ia &+ ib &- ic &- ic)
  let bOrC = pb <= pc ? b : c
  return (pa <= pb && pa <= pc) ? a : bOrC
}

@inline(__always)
private func magnitude(_ v: Int16) -> Int16 { v < 0 ? 0 &- v : v }

/// Filters rows of pixels for a PNG data stream.
enum PNGRowFilter {
  /// Filters `height` rows of `rowBytes` bytes into `output`
  /// (`height · (rowBytes + 1)` bytes: a filter-type byte, then the row).
  ///
  /// - Parameters:
  ///   - rows: the first row's first byte; row r starts at `rows + r·stride`.
  ///   - stride: bytes from one row to the next in the source (≥ rowBytes).
  ///   - bytesPerPixel: the filter's "bpp" (≥ 1; 4 for 8-bit RGBA).
  ///   - zeroRow: `rowBytes` zero bytes (the row above the first), used by
  ///     `.adaptive`.
  ///   - above: the row above the first (a band of a larger image), or nil
  ///     for the image's first row.
  /// - Complexity: O(height · rowBytes); `.adaptive` adds one pass that
  ///   scores all five filters.
  static func filter(
    rows: UnsafePointer<UInt8>, rowBytes: Int, height: Int, stride: Int, bytesPerPixel bpp: Int,
    strategy: PNGFilterStrategy, output: UnsafeMutablePointer<UInt8>,
    zeroRow: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>? = nil
  ) {
    for r in 0..<height {
      let current = rows + r * stride
      let previous: UnsafePointer<UInt8>? = r == 0 ? above : rows + (r - 1) * stride
      let out = output + r * (rowBytes + 1)
      let type: PNGFilterType
      switch strategy {
      case .none: type = .none
      case .sub: type = .sub
      case .up: type = .up
      case .average: type = .average
      case .paeth: type = .paeth
      case .adaptive:
        // The vector forms for the 8-bit layouts, each with a constant
        // width so that its loop is specialized.
        switch bpp {
        case 4: type = cheapestFilterVector(current, previous ?? zeroRow, rowBytes, 4)
        case 3: type = cheapestFilterVector(current, previous ?? zeroRow, rowBytes, 3)
        default: type = cheapestFilter(current, previous ?? zeroRow, rowBytes, bpp)
        }
      }
      out[0] = type.rawValue
      if type == .paeth, bpp == 4, let previous, rowBytes >= 4 {
        paethRowVector(current, previous, rowBytes, 4, out + 1)
      } else if type == .paeth, bpp == 3, let previous, rowBytes >= 3 {
        paethRowVector(current, previous, rowBytes, 3, out + 1)
      } else {
        filterRow(type, current, previous, rowBytes, bpp, out + 1)
      }
    }
  }

  /// The filter type whose output row has the smallest Σ|byte as signed|
  /// (PNG spec §12.8's heuristic; ties go to the lower type). One fused pass
  /// computes all five sums without writing any filtered bytes.
  ///
  /// - Parameter previous: the row above, or a row of zeros for the first.
  @inline(__always)
  static func cheapestFilter(
    _ x: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int
  ) -> PNGFilterType {
    @inline(__always) func cost(_ residual: UInt8) -> Int {
      let signed = Int(Int8(bitPattern: residual))
      return signed < 0 ? 0 &- signed : signed
    }
    var sums = (0, 0, 0, 0, 0)
    let n = min(bpp, count)
    for i in 0..<n {  // a = c = 0
      let v = x[i]
      let b = previous[i]
      sums.0 += cost(v)
      sums.1 += cost(v)
      sums.2 += cost(v &- b)
      sums.3 += cost(v &- b >> 1)
      sums.4 += cost(v &- b)
    }
    for i in n..<count {
      let v = x[i]
      let a = x[i - bpp]
      let b = previous[i]
      let c = previous[i - bpp]
      sums.0 &+= cost(v)
      sums.1 &+= cost(v &- a)
      sums.2 &+= cost(v &- b)
      sums.3 &+= cost(v &- UInt8((UInt16(a) &+ UInt16(b)) >> 1))
      sums.4 &+= cost(v &- paethPredictor(a, b, c))
    }
    var best = PNGFilterType.none
    var bestSum = sums.0
    for (type, sum) in [
      (PNGFilterType.sub, sums.1), (.up, sums.2), (.average, sums.3), (.paeth, sums.4),
    ]
    where sum < bestSum {
      best = type
      bestSum = sum
    }
    return best
  }

  /// Filters one row; `previous == nil` means the row above is all zeros.
  @inline(__always)
  static func filterRow(
    _ type: PNGFilterType, _ x: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>?,
    _ count: Int, _ bpp: Int, _ out: UnsafeMutablePointer<UInt8>
  ) {
    let n = min(bpp, count)
    switch type {
    case .none:
      out.update(from: x, count: count)
    case .sub:
      for i in 0..<n { out[i] = x[i] }
      for i in n..<count { out[i] = x[i] &- x[i - bpp] }
    case .up:
      if let b = previous {
        for i in 0..<count { out[i] = x[i] &- b[i] }
      } else {
        out.update(from: x, count: count)
      }
    case .average:
      if let b = previous {
        for i in 0..<n { out[i] = x[i] &- b[i] >> 1 }
        for i in n..<count {
          out[i] = x[i] &- UInt8((UInt16(x[i - bpp]) &+ UInt16(b[i])) >> 1)
        }
      } else {
        for i in 0..<n { out[i] = x[i] }
        for i in n..<count { out[i] = x[i] &- x[i - bpp] >> 1 }
      }
    case .paeth:
      if let b = previous {
        for i in 0..<n { out[i] = x[i] &- b[i] }  // a = c = 0: Paeth picks b
        for i in n..<count {
          out[i] = x[i] &- paethPredictor(x[i - bpp], b[i], b[i - bpp])
        }
      } else {
        // b = c = 0: Paeth picks a, the Sub filter.
        for i in 0..<n { out[i] = x[i] }
        for i in n..<count { out[i] = x[i] &- x[i - bpp] }
      }
    }
  }

  /// Reverses `filterRow` in place: `row` holds the filtered bytes and
  /// becomes the original row; `previous` is the already-unfiltered row above
  /// (nil: zeros).
  ///
  /// - Throws: nothing; returns false for an unknown filter type byte.
  static func unfilterRow(
    type: UInt8, row: UnsafeMutablePointer<UInt8>, previous: UnsafePointer<UInt8>?, count: Int,
    bytesPerPixel bpp: Int
  ) -> Bool {
    guard let type = PNGFilterType(rawValue: type) else { return false }
    let n = min(bpp, count)
    switch type {
    case .none:
      break
    case .sub:
      for i in n..<count { row[i] = row[i] &+ row[i - bpp] }
    case .up:
      if let b = previous { for i in 0..<count { row[i] = row[i] &+ b[i] } }
    case .average:
      let b0: (Int) -> UInt16 = { i in previous.map { UInt16($0[i]) } ?? 0 }
      for i in 0..<n { row[i] = row[i] &+ UInt8(b0(i) >> 1) }
      for i in n..<count { row[i] = row[i] &+ UInt8((UInt16(row[i - bpp]) + b0(i)) >> 1) }
    case .paeth:
      if let b = previous {
        for i in 0..<n { row[i] = row[i] &+ b[i] }
        for i in n..<count { row[i] = row[i] &+ paethPredictor(row[i - bpp], b[i], b[i - bpp]) }
      } else {
        for i in n..<count { row[i] = row[i] &+ row[i - bpp] }
      }
    }
    return true
  }
}

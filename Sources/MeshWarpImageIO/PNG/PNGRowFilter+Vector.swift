/// The Paeth filter and the adaptive filter's scoring for pixels of `bpp`
/// bytes (1 grey, 2 grey+alpha, 3 RGB, 4 RGBA), 16 bytes at a time with
/// SIMD vectors: every prediction reads unfiltered bytes (`a` = x[i − bpp]),
/// so 16 neighbouring bytes are independent for any `bpp`. The scalar loops
/// (Paeth's three-way choice in particular) do not auto-vectorize; these
/// compute the same bytes (checked against the scalar versions in
/// PNGFilterTests) several times faster.
extension PNGRowFilter {
  typealias Bytes = SIMD16<UInt8>

  @inline(__always)
  static func load(_ p: UnsafePointer<UInt8>) -> Bytes {
    UnsafeRawPointer(p).loadUnaligned(as: Bytes.self)
  }

  /// |v| lane-wise, with shifts and xor: Swift's `replacing(with:where:)`
  /// compiles to a per-lane loop, so masks are made arithmetically here.
  @inline(__always)
  static func absolute<V: SIMD>(_ v: V) -> V where V.Scalar == Int16 {
    let sign = v &>> 15  // all ones where v < 0
    return (v ^ sign) &- sign
  }

  /// Eight 16-bit lanes: the even or the odd bytes of a `Bytes` widened.
  typealias Half = SIMD8<Int16>

  /// The even bytes (0, 2, …, 14) and the odd bytes of `v` in 16-bit lanes,
  /// by masking and shifting its 16-bit words (little-endian: byte 2k is
  /// word k's low byte). Swift's `SIMD16(truncatingIfNeeded:)` widening is
  /// an out-of-line call per vector; this is two instructions.
  @inline(__always)
  static func widen(_ v: Bytes) -> (even: Half, odd: Half) {
    let words = unsafeBitCast(v, to: SIMD8<UInt16>.self)
    return (
      unsafeBitCast(words & 0x00FF, to: Half.self), unsafeBitCast(words &>> 8, to: Half.self)
    )
  }

  /// The inverse of `widen` for lanes that hold values 0…255.
  @inline(__always)
  static func narrow(even: Half, odd: Half) -> Bytes {
    unsafeBitCast(even | (odd &<< 8), to: Bytes.self)
  }

  /// Paeth predictions for 16 bytes (PNG spec §9.4, same ties as
  /// `paethPredictor`), in 16-bit lanes for the even and the odd bytes.
  @inline(__always)
  static func paeth(_ a: Bytes, _ b: Bytes, _ c: Bytes) -> Bytes {
    let (a, b, c) = (widen(a), widen(b), widen(c))
    return narrow(
      even: paethWide(a.even, b.even, c.even), odd: paethWide(a.odd, b.odd, c.odd))
  }

  /// Paeth predictions of bytes widened to 16-bit lanes (values 0…255), any
  /// number of lanes: the branch-free form of `paethPredictor`.
  @inline(__always)
  static func paethWide<V: SIMD>(_ ia: V, _ ib: V, _ ic: V) -> V where V.Scalar == Int16 {
    let pa = absolute(ib &- ic)
    let pb = absolute(ia &- ic)
    let pc = absolute(ia &+ ib &- ic &- ic)
    // (y − x) >> 15 is all ones exactly where x > y (|values| ≤ 510).
    let useB = ~((pc &- pb) &>> 15)  // pb ≤ pc
    let useA = ~(((pb &- pa) &>> 15) | ((pc &- pa) &>> 15))  // pa ≤ pb and pa ≤ pc
    let bOrC = (ib & useB) | (ic & ~useB)
    return (ia & useA) | (bOrC & ~useA)
  }

  /// Paeth-filters one row of `bpp`-byte pixels with a row above.
  ///
  /// - Precondition: `1 ≤ bpp ≤ 4`, `count ≥ bpp`.
  @inline(__always)
  static func paethRowVector(
    _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int,
    _ out: UnsafeMutablePointer<UInt8>
  ) {
    for i in 0..<bpp { out[i] = x[i] &- b[i] }  // a = c = 0: Paeth picks b
    var i = bpp
    while i + 16 <= count {
      let residual = load(x + i) &- paeth(load(x + i - bpp), load(b + i), load(b + i - bpp))
      UnsafeMutableRawPointer(out + i).storeBytes(of: residual, as: Bytes.self)
      i += 16
    }
    while i < count {
      out[i] = x[i] &- paethPredictor(x[i - bpp], b[i], b[i - bpp])
      i += 1
    }
  }

  /// `cheapestFilter` for `bpp`-byte pixels: the same sums, vectorized.
  ///
  /// - Precondition: `1 ≤ bpp ≤ 4`.
  @inline(__always)
  static func cheapestFilterVector(
    _ x: UnsafePointer<UInt8>, _ previous: UnsafePointer<UInt8>, _ count: Int, _ bpp: Int
  ) -> PNGFilterType {
    // Per-lane sums of |residual as signed| (≤ 128 each, an even and an odd
    // byte per 16-bit lane) in UInt16 lanes, flushed to Int every 255 steps
    // so they cannot overflow (255·2·128 < 2¹⁶).
    typealias Sums = SIMD8<UInt16>
    var total = (0, 0, 0, 0, 0)
    var lanes = (Sums(), Sums(), Sums(), Sums(), Sums())
    @inline(__always) func cost(_ r: Bytes) -> Sums {
      // |r| of the bytes read as Int8, as a byte (−128 gives 128): the
      // sign mask s = r >> 7 (arithmetic), |r| = (r ^ s) − s.
      let signed = unsafeBitCast(r, to: SIMD16<Int8>.self)
      let sign = signed &>> 7
      let words = unsafeBitCast((signed ^ sign) &- sign, to: Sums.self)
      return (words & 0x00FF) &+ (words &>> 8)
    }
    @inline(__always) func sum(_ v: Sums) -> Int {
      var total = 0
      for lane in 0..<8 { total &+= Int(v[lane]) }
      return total
    }
    @inline(__always) func flush() {
      total.0 &+= sum(lanes.0)
      total.1 &+= sum(lanes.1)
      total.2 &+= sum(lanes.2)
      total.3 &+= sum(lanes.3)
      total.4 &+= sum(lanes.4)
      lanes = (Sums(), Sums(), Sums(), Sums(), Sums())
    }
    // The first pixel has a = c = 0: score it with the scalar rule.
    for i in 0..<min(bpp, count) {
      let v = x[i]
      let b = previous[i]
      func c(_ r: UInt8) -> Int { Int(Int8(bitPattern: r).magnitude) }
      total.0 &+= c(v)
      total.1 &+= c(v)
      total.2 &+= c(v &- b)
      total.3 &+= c(v &- b >> 1)
      total.4 &+= c(v &- b)
    }
    var i = bpp
    var steps = 0
    while i + 16 <= count {
      let v = load(x + i)
      let a = load(x + i - bpp)
      let b = load(previous + i)
      let c = load(previous + i - bpp)
      // ⌊(a + b)/2⌋ without overflow: (a & b) + ((a ^ b) >> 1).
      let average = (a & b) &+ ((a ^ b) &>> 1)
      lanes.0 &+= cost(v)
      lanes.1 &+= cost(v &- a)
      lanes.2 &+= cost(v &- b)
      lanes.3 &+= cost(v &- average)
      lanes.4 &+= cost(v &- paeth(a, b, c))
      i += 16
      steps += 1
      if steps == 255 {
        flush()
        steps = 0
      }
    }
    flush()
    while i < count {
      let v = x[i]
      let a = x[i - bpp]
      let b = previous[i]
      func c(_ r: UInt8) -> Int { Int(Int8(bitPattern: r).magnitude) }
      total.0 &+= c(v)
      total.1 &+= c(v &- a)
      total.2 &+= c(v &- b)
      total.3 &+= c(v &- UInt8((UInt16(a) &+ UInt16(b)) >> 1))
      total.4 &+= c(v &- paethPredictor(a, b, previous[i - bpp]))
      i += 1
    }
    var best = PNGFilterType.none
    var bestSum = total.0
    if total.1 < bestSum { (best, bestSum) = (.sub, total.1) }
    if total.2 < bestSum { (best, bestSum) = (.up, total.2) }
    if total.3 < bestSum { (best, bestSum) = (.average, total.3) }
    if total.4 < bestSum { (best, bestSum) = (.paeth, total.4) }
    return best
  }
}

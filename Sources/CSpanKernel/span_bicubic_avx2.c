// The bicubic span loop declared in CSpanKernel.h: two pixels an iteration.
// Each pixel's 16 texels are 4 rows of 16 bytes, weighted down the columns
// two texels per 8-lane vector; the across stage then holds both pixels,
// one per 128-bit half. The Swift form (`writeInteriorOpaqueBicubic`)
// converts and weights each texel on its own in 4 lanes (SSE2).
#include "CSpanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// Texels x and x + 1 of a row as 8 floats.
__attribute__((target("avx2"))) static inline __m256 texelPair(const uint8_t *p) {
  return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

// The column sums of one pixel: c01 holds columns 0 | 1, c23 columns 2 | 3,
// each ((r0 w0 + r1 w1) + r2 w2) + r3 w3 as the Swift loop adds them. `wy`
// is the pixel's group of 16 weights (each repeated 4 times).
__attribute__((target("avx2"))) static inline void columns(
    const uint8_t *p, int64_t stride, const float *wy, __m256 *c01, __m256 *c23) {
  __m256 w = _mm256_broadcast_ss(wy);
  __m256 a = _mm256_mul_ps(texelPair(p), w);
  __m256 b = _mm256_mul_ps(texelPair(p + 8), w);
  for (int r = 1; r < 4; r++) {
    p += stride;
    w = _mm256_broadcast_ss(wy + 4 * r);
    a = _mm256_add_ps(a, _mm256_mul_ps(texelPair(p), w));
    b = _mm256_add_ps(b, _mm256_mul_ps(texelPair(p + 8), w));
  }
  *c01 = a;
  *c23 = b;
}

// Across, in the Swift order, (c0 wx0 + c1 wx1) + (c2 wx2 + c3 wx3), for
// two pixels at once (a and b, one per 128-bit half), then clamped to
// 0...255 and rounded to nearest by adding 1.5 * 2^23 (the integer lands
// in the low mantissa byte): pixel a's 4 bytes, then b's, alpha 255.
__attribute__((target("avx2"))) static inline __m128i across(
    __m256 a01, __m256 a23, const float *wxA, __m256 b01, __m256 b23, const float *wxB) {
  // The low byte of each 32-bit lane: pixel a's to bytes 0-3 of the low
  // half, b's to bytes 4-7 of the high half.
  const __m256i lowBytes = _mm256_setr_epi8(
      0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1,
      -1, -1, -1, -1, 0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1);
  __m256 ma01 = _mm256_mul_ps(a01, _mm256_loadu_ps(wxA));
  __m256 ma23 = _mm256_mul_ps(a23, _mm256_loadu_ps(wxA + 8));
  __m256 mb01 = _mm256_mul_ps(b01, _mm256_loadu_ps(wxB));
  __m256 mb23 = _mm256_mul_ps(b23, _mm256_loadu_ps(wxB + 8));
  // Column 0 of a | column 0 of b, and so on.
  __m256 s01 = _mm256_add_ps(
      _mm256_permute2f128_ps(ma01, mb01, 0x20), _mm256_permute2f128_ps(ma01, mb01, 0x31));
  __m256 s23 = _mm256_add_ps(
      _mm256_permute2f128_ps(ma23, mb23, 0x20), _mm256_permute2f128_ps(ma23, mb23, 0x31));
  __m256 v = _mm256_min_ps(
      _mm256_max_ps(_mm256_add_ps(s01, s23), _mm256_setzero_ps()), _mm256_set1_ps(255.0f));
  __m256i bytes = _mm256_shuffle_epi8(
      _mm256_castps_si256(_mm256_add_ps(v, _mm256_set1_ps(12582912.0f))), lowBytes);
  return _mm_or_si128(
      _mm_or_si128(_mm256_castsi256_si128(bytes), _mm256_extracti128_si256(bytes, 1)),
      _mm_set1_epi32((int)0xFF000000u));
}

// The taps' forward differences as 64-bit lanes (x, y), which wrap as the
// Swift loop's do and leave the general registers to the addresses.
typedef struct {
  __m128i position, step, curve;
} Steps;

// The current tap plus half a 24.8 unit (t), then the next tap. The texel
// left of and above the tap is t >> 32, the 1/256 fraction
// (t >> 24) & 255.
__attribute__((target("avx2"))) static inline __m128i nextTap(Steps *s) {
  __m128i t = _mm_add_epi64(s->position, _mm_set1_epi64x(1LL << 23));
  s->position = _mm_add_epi64(s->position, s->step);
  s->step = _mm_add_epi64(s->step, s->curve);
  return t;
}

// Whether tap t keeps its 4 x 4 texels inside: texel - 1 < limit (unsigned)
// on both axes.
__attribute__((target("avx2"))) static inline int inside(
    __m128i t, uint64_t columnLimit, uint64_t rowLimit) {
  return (uint64_t)((_mm_cvtsi128_si64(t) >> 32) - 1) < columnLimit &&
         (uint64_t)((_mm_extract_epi64(t, 1) >> 32) - 1) < rowLimit;
}

// One pixel's column sums and across weights at tap t; `weights` is read
// as bytes: a group of 16 floats is 64 bytes.
__attribute__((target("avx2"))) static inline void pixelAt(
    __m128i t, const uint8_t *rowBase, int64_t stride, const float *weights, __m256 *c01,
    __m256 *c23, const float **wx) {
  int64_t tx = _mm_cvtsi128_si64(t), ty = _mm_extract_epi64(t, 1);
  const uint8_t *w = (const uint8_t *)weights;
  columns(
      rowBase + (ty >> 32) * stride + (tx >> 32) * 4, stride,
      (const float *)(w + ((uint64_t)ty >> 18 & 0x3FC0)), c01, c23);
  *wx = (const float *)(w + ((uint64_t)tx >> 18 & 0x3FC0));
}

// The loop, with or without the inside test (`checked`, a constant at
// each call so that the compiler drops the test where it is 0).
__attribute__((target("avx2"))) static inline int64_t bicubicLoop(
    const uint8_t *pixels, int64_t stride, uint64_t columnLimit, uint64_t rowLimit, int64_t *taps,
    int64_t count, const float *weights, uint8_t *out, const int checked) {
  Steps s = {
      _mm_set_epi64x(taps[1], taps[0]), _mm_set_epi64x(taps[3], taps[2]),
      _mm_set_epi64x(taps[5], taps[4])};
  const uint8_t *rowBase = pixels - stride - 4;
  __m256 a01, a23, b01, b23;
  const float *wxA, *wxB;
  int64_t n = 0;
  for (; n + 1 < count; n += 2) {
    Steps before = s;
    __m128i ta = nextTap(&s), tb = nextTap(&s);
    if (checked && !(inside(ta, columnLimit, rowLimit) && inside(tb, columnLimit, rowLimit))) {
      s = before;
      break;
    }
    pixelAt(ta, rowBase, stride, weights, &a01, &a23, &wxA);
    pixelAt(tb, rowBase, stride, weights, &b01, &b23, &wxB);
    _mm_storel_epi64((__m128i *)(out + n * 4), across(a01, a23, wxA, b01, b23, wxB));
  }
  // The last pixel, or in a checked loop the pixels up to the first tap
  // outside.
  while (n < count) {
    Steps before = s;
    __m128i ta = nextTap(&s);
    if (checked && !inside(ta, columnLimit, rowLimit)) {
      s = before;
      break;
    }
    pixelAt(ta, rowBase, stride, weights, &a01, &a23, &wxA);
    _mm_storeu_si32(out + n * 4, across(a01, a23, wxA, a01, a23, wxA));
    n++;
    if (!checked) break;
  }
  _mm_storeu_si128((__m128i *)taps, s.position);
  _mm_storeu_si128((__m128i *)(taps + 2), s.step);
  return n;
}

__attribute__((target("avx2"))) int64_t mw_span_bicubic_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t *taps,
    int64_t count, int checked, const float *weights, uint8_t *out) {
  // Texels 1 ... size - 3 keep a tap's 4 x 4 texels inside (none in a
  // source under 4 texels).
  uint64_t columnLimit = width > 3 ? (uint64_t)(width - 3) : 0;
  uint64_t rowLimit = height > 3 ? (uint64_t)(height - 3) : 0;
  if (checked) {
    return bicubicLoop(pixels, stride, columnLimit, rowLimit, taps, count, weights, out, 1);
  }
  return bicubicLoop(pixels, stride, columnLimit, rowLimit, taps, count, weights, out, 0);
}

#else

int64_t mw_span_bicubic_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t *taps,
    int64_t count, int checked, const float *weights, uint8_t *out) {
  (void)pixels, (void)width, (void)height, (void)stride, (void)taps, (void)count;
  (void)checked, (void)weights, (void)out;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

#endif

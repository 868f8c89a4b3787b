// The bicubic span loop declared in CSpanKernel.h: one pixel an iteration,
// its 16 texels as 4 rows of 16 bytes widened to floats two texels per
// 8-lane vector. The Swift form (`writeInteriorOpaqueBicubic`) converts and
// weights each texel on its own in 4 lanes (SSE2).
#include "CSpanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

// Texels x and x + 1 of a row as 8 floats.
__attribute__((target("avx2"))) static inline __m256 texelPair(const uint8_t *p) {
  return _mm256_cvtepi32_ps(_mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

__attribute__((target("avx2"))) void mw_span_bicubic_opaque_avx2(
    const uint8_t *pixels, int64_t stride, int64_t px, int64_t py, int64_t dx, int64_t dy,
    int64_t ddx, int64_t ddy, int64_t count, const float *weights, uint8_t *out) {
  // Unsigned: the Swift loop's wrapping arithmetic, without C's signed
  // overflow.
  uint64_t x = (uint64_t)px, y = (uint64_t)py, sx = (uint64_t)dx, sy = (uint64_t)dy;
  const uint64_t half = 1ULL << 23;
  // The low byte of each 32-bit lane, alpha then set to 255.
  const __m128i lowBytes =
      _mm_setr_epi8(0, 4, 8, 12, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1);
  const __m128i opaque = _mm_set1_epi32((int)0xFF000000u);
  const __m128 zero = _mm_setzero_ps(), top = _mm_set1_ps(255.0f);
  const __m128 magic = _mm_set1_ps(12582912.0f);  // 1.5 * 2^23: rounds to nearest
  for (int64_t n = 0; n < count; n++) {
    int64_t qx = (int64_t)(x + half) >> 24, qy = (int64_t)(y + half) >> 24;
    const float *wx = weights + (qx & 255) * 4, *wy = weights + (qy & 255) * 4;
    const uint8_t *p = pixels + ((qy >> 8) - 1) * stride + ((qx >> 8) - 1) * 4;
    // Down the columns: c01 holds columns 0 | 1, c23 columns 2 | 3.
    __m256 w = _mm256_set1_ps(wy[0]);
    __m256 c01 = _mm256_mul_ps(texelPair(p), w);
    __m256 c23 = _mm256_mul_ps(texelPair(p + 8), w);
    for (int r = 1; r < 4; r++) {
      p += stride;
      w = _mm256_set1_ps(wy[r]);
      c01 = _mm256_add_ps(c01, _mm256_mul_ps(texelPair(p), w));
      c23 = _mm256_add_ps(c23, _mm256_mul_ps(texelPair(p + 8), w));
    }
    // Across, in the Swift order: (c0 wx0 + c1 wx1) + (c2 wx2 + c3 wx3).
    __m256 m01 = _mm256_mul_ps(c01, _mm256_set_m128(_mm_set1_ps(wx[1]), _mm_set1_ps(wx[0])));
    __m256 m23 = _mm256_mul_ps(c23, _mm256_set_m128(_mm_set1_ps(wx[3]), _mm_set1_ps(wx[2])));
    __m128 s01 = _mm_add_ps(_mm256_castps256_ps128(m01), _mm256_extractf128_ps(m01, 1));
    __m128 s23 = _mm_add_ps(_mm256_castps256_ps128(m23), _mm256_extractf128_ps(m23, 1));
    __m128 v = _mm_min_ps(_mm_max_ps(_mm_add_ps(s01, s23), zero), top);
    __m128i bytes = _mm_shuffle_epi8(_mm_castps_si128(_mm_add_ps(v, magic)), lowBytes);
    _mm_storeu_si32(out + n * 4, _mm_or_si128(bytes, opaque));
    x += sx;
    y += sy;
    sx += (uint64_t)ddx;
    sy += (uint64_t)ddy;
  }
}

#else

void mw_span_bicubic_opaque_avx2(
    const uint8_t *pixels, int64_t stride, int64_t px, int64_t py, int64_t dx, int64_t dy,
    int64_t ddx, int64_t ddy, int64_t count, const float *weights, uint8_t *out) {
  (void)pixels, (void)stride, (void)px, (void)py, (void)dx, (void)dy, (void)ddx, (void)ddy;
  (void)count, (void)weights, (void)out;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

#endif

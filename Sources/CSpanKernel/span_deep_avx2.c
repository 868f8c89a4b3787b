// The deep (16-bit) bilinear span loop declared in CSpanKernel.h: one
// pixel an iteration in 128-bit lanes, the Swift loop's float operations
// in its order (DeepSampler.writeInteriorOpaque); about a third of its
// instructions, since Swift's SIMD types compile to SSE2 here and convert
// 16-bit lanes to floats and back through generic shuffles.
#include "CSpanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <string.h>

__attribute__((target("avx2"))) static inline __m128 texel(const uint16_t *p) {
  return _mm_cvtepi32_ps(_mm_cvtepu16_epi32(_mm_loadl_epi64((const __m128i *)p)));
}

__attribute__((target("avx2"))) void mw_span_deep_opaque_avx2(
    const uint16_t *pixels, int64_t width, int64_t px, int64_t py, int64_t dx, int64_t dy,
    int64_t ddx, int64_t ddy, int64_t count, uint16_t *out) {
  const __m128 magic = _mm_set1_ps(12582912.0f);
  const __m128i low = _mm_set1_epi32(0xFFFF);
  const int64_t rowValues = width * 4;
  for (int64_t n = 0; n < count; n++) {
    int64_t qx = (int64_t)(((uint64_t)px + (1u << 19))) >> 20;
    int64_t qy = (int64_t)(((uint64_t)py + (1u << 19))) >> 20;
    const uint16_t *p0 = pixels + ((qy >> 12) * width + (qx >> 12)) * 4;
    int64_t fx = qx & 4095, fy = qy & 4095;
    if ((fx | fy) == 0) {
      memcpy(out + n * 4, p0, 8);
    } else {
      const uint16_t *p1 = p0 + rowValues;
      __m128 wx = _mm_set1_ps((float)fx * (1.0f / 4096));
      __m128 wy = _mm_set1_ps((float)fy * (1.0f / 4096));
      __m128 t00 = texel(p0), t01 = texel(p0 + 4), t10 = texel(p1), t11 = texel(p1 + 4);
      __m128 top = _mm_add_ps(t00, _mm_mul_ps(_mm_sub_ps(t01, t00), wx));
      __m128 bottom = _mm_add_ps(t10, _mm_mul_ps(_mm_sub_ps(t11, t10), wx));
      __m128 v = _mm_add_ps(top, _mm_mul_ps(_mm_sub_ps(bottom, top), wy));
      __m128i bits = _mm_and_si128(_mm_castps_si128(_mm_add_ps(v, magic)), low);
      _mm_storel_epi64((__m128i *)(out + n * 4), _mm_packus_epi32(bits, bits));
    }
    px += dx;
    py += dy;
    dx += ddx;
    dy += ddy;
  }
}

#else

void mw_span_deep_opaque_avx2(
    const uint16_t *pixels, int64_t width, int64_t px, int64_t py, int64_t dx, int64_t dy,
    int64_t ddx, int64_t ddy, int64_t count, uint16_t *out) {
  (void)pixels, (void)width, (void)px, (void)py, (void)dx, (void)dy, (void)ddx, (void)ddy;
  (void)count, (void)out;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

#endif

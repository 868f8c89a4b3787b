// The AVX2 span loop declared in CSpanKernel.h: four pixels an iteration.
//
// Why C: Swift has no per-function CPU features, so its SIMD types compile
// to the baseline (SSE2 on x86-64): the Swift loop blends one pixel per
// 8-lane operation, about 45 instructions a pixel (callgrind), and SSE2 has
// no byte shuffle to do much better. Here the taps of four pixels step in
// 64-bit lanes and each blend stage runs on two pixels per 16-lane
// operation: about 20 instructions a pixel (callgrind, warp-16x16).
#include "CSpanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <cpuid.h>
#include <immintrin.h>
#include <string.h>

// AVX2 from CPUID and XGETBV alone (Intel SDM vol. 1, 14.7.1 "Detection of
// Intel AVX2"): CPUID.1:ECX.OSXSAVE[27] and AVX[28], XCR0 bits 1 and 2 (the
// OS saves the XMM and YMM state), CPUID.(7,0):EBX.AVX2[5]. Not
// __builtin_cpu_supports: it needs libgcc's or compiler-rt's
// __cpu_model / __cpu_indicator_init, which Apple's runtime lacks, so the
// x86_64 slice of a Mac or simulator app would not link
// (Scripts/cross-compile-c.sh checks the undefined symbols).
int mw_span_kernel_available(void) {
  unsigned int eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return 0;
  if (!(ecx & (1u << 27)) || !(ecx & (1u << 28))) return 0;
  unsigned int xcr0, xcr0High;
  __asm__("xgetbv" : "=a"(xcr0), "=d"(xcr0High) : "c"(0));
  (void)xcr0High;
  if ((xcr0 & 0x6) != 0x6) return 0;
  if (!__get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx)) return 0;
  return (ebx & (1u << 5)) ? 1 : 0;
}

// One stage of the blend on 16-bit lanes: (256 p + (q - p) w + 128) >> 8,
// wrapping. With w = 256 it returns q exactly.
__attribute__((target("avx2"))) static inline __m256i lerp16(__m256i p, __m256i q, __m256i w) {
  __m256i sum =
      _mm256_add_epi16(_mm256_slli_epi16(p, 8), _mm256_mullo_epi16(_mm256_sub_epi16(q, p), w));
  return _mm256_srli_epi16(_mm256_add_epi16(sum, _mm256_set1_epi16(128)), 8);
}

// Lane j of `p` is a biased tap position (see below); returns the whole
// pixel plus 2^30 and, in the low 16 bits of each lane, the weight of the
// pixel after it. Clamped: the pixel is kept in [0, size - 2]; past the
// last pixel the weight is 256 (all on the last), before the first it is 0.
__attribute__((target("avx2"))) static inline void split(
    __m256i p, __m256i high, int clamp, __m256i *whole, __m256i *weight) {
  const __m256i low = _mm256_set1_epi64x(1LL << 30);
  __m256i w = _mm256_srli_epi64(p, 32);
  __m256i f = _mm256_and_si256(_mm256_srli_epi64(p, 24), _mm256_set1_epi64x(255));
  if (clamp) {
    __m256i over = _mm256_cmpgt_epi64(w, high);
    __m256i under = _mm256_cmpgt_epi64(low, w);
    f = _mm256_blendv_epi8(f, _mm256_set1_epi64x(256), over);
    f = _mm256_andnot_si256(under, f);
    w = _mm256_min_epu32(_mm256_max_epu32(w, low), high);
  }
  *whole = w;
  *weight = f;
}

__attribute__((target("avx2"))) static inline int64_t span(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, uint64_t px,
    uint64_t py, uint64_t dx, uint64_t dy, uint64_t ddx, uint64_t ddy, int64_t count,
    int clamp, uint8_t *out) {
  int64_t i = 0;
  // Lane j holds pixel j of four, biased by 2^23 (the tap's rounding) and
  // 2^62 (so that the logical shifts act as arithmetic ones on |p| < 2^62:
  // the whole pixel comes out plus 2^30); it steps by
  // e_j = p_{j+4} - p_j = 4 d_j + 6 dd, and e_j by 16 dd: sums modulo 2^64,
  // so every lane follows the scalar recurrence exactly.
  const uint64_t bias = (1ULL << 23) + (1ULL << 62);
  uint64_t lx[4], ly[4], ex[4], ey[4];
  uint64_t sx = px, sy = py, tx = dx, ty = dy;
  for (int j = 0; j < 4; j++) {
    lx[j] = sx + bias;
    ly[j] = sy + bias;
    ex[j] = 4 * tx + 6 * ddx;
    ey[j] = 4 * ty + 6 * ddy;
    sx += tx;
    sy += ty;
    tx += ddx;
    ty += ddy;
  }
  __m256i vx = _mm256_loadu_si256((const __m256i *)lx);
  __m256i vy = _mm256_loadu_si256((const __m256i *)ly);
  __m256i vex = _mm256_loadu_si256((const __m256i *)ex);
  __m256i vey = _mm256_loadu_si256((const __m256i *)ey);
  const __m256i eex = _mm256_set1_epi64x((long long)(16 * ddx));
  const __m256i eey = _mm256_set1_epi64x((long long)(16 * ddy));
  const __m256i vstride = _mm256_set1_epi64x(stride);
  const __m256i highX = _mm256_set1_epi64x((1LL << 30) + width - 2);
  const __m256i highY = _mm256_set1_epi64x((1LL << 30) + height - 2);
  // The byte offset of the biases' 2^30 pixels in x and in y.
  const __m256i biasOffset =
      _mm256_set1_epi64x((long long)((1ULL << 30) * (uint64_t)stride + (1ULL << 30) * 4));
  const uint8_t *bottom = pixels + stride;
  // A lane's weight (its low 16 bits) broadcast to 16-bit lanes: y for
  // pixels 0 | 1 (or 2 | 3), one per 128-bit half, after a permute; x for
  // pixels [0 2 | 1 3], four lanes each.
  const __m256i pickY = _mm256_setr_epi8(
      0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1);
  const __m256i pickX = _mm256_setr_epi8(
      0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9, 0, 1, 0, 1, 0, 1, 0, 1, 8, 9, 8, 9, 8, 9, 8, 9);
  for (; i + 4 <= count; i += 4) {
    __m256i ix, iy, fx, fy;
    split(vx, highX, clamp, &ix, &fx);
    split(vy, highY, clamp, &iy, &fy);
    __m256i offsets = _mm256_sub_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(iy, vstride), _mm256_slli_epi64(ix, 2)), biasOffset);
    int64_t at[4];
    _mm256_storeu_si256((__m256i *)at, offsets);
    // The texel pairs (x, x + 1) of pixels j and k, on one row, in 16 bytes.
#define PAIR(row, j, k)                                                           \
  _mm_castpd_si128(_mm_loadh_pd(                                                  \
      _mm_castsi128_pd(_mm_loadl_epi64((const __m128i *)((row) + at[j]))), \
      (const double *)((row) + at[k])))
    __m128i t01 = PAIR(pixels, 0, 1), t23 = PAIR(pixels, 2, 3);
    __m128i b01 = PAIR(bottom, 0, 1), b23 = PAIR(bottom, 2, 3);
#undef PAIR
    // Down the columns: pixels 0 | 1 and 2 | 3.
    __m256i wy01 = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(fy, 0x50), pickY);
    __m256i wy23 = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(fy, 0xFA), pickY);
    __m256i c01 = lerp16(_mm256_cvtepu8_epi16(t01), _mm256_cvtepu8_epi16(b01), wy01);
    __m256i c23 = lerp16(_mm256_cvtepu8_epi16(t23), _mm256_cvtepu8_epi16(b23), wy23);
    // Across: the left columns of pixels [0 2 | 1 3] against the right.
    __m256i wx = _mm256_shuffle_epi8(_mm256_permute4x64_epi64(fx, 0xD8), pickX);
    __m256i o = lerp16(_mm256_unpacklo_epi64(c01, c23), _mm256_unpackhi_epi64(c01, c23), wx);
    __m256i packed = _mm256_packus_epi16(o, o);  // the bytes of pixels [0 2 0 2 | 1 3 1 3]
    _mm_storeu_si128(
        (__m128i *)(out + i * 4),
        _mm_unpacklo_epi32(_mm256_castsi256_si128(packed), _mm256_extracti128_si256(packed, 1)));
    vx = _mm256_add_epi64(vx, vex);
    vy = _mm256_add_epi64(vy, vey);
    vex = _mm256_add_epi64(vex, eex);
    vey = _mm256_add_epi64(vey, eey);
  }
  return i;
}

__attribute__((target("avx2"))) void mw_span_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t px, int64_t py,
    int64_t dx, int64_t dy, int64_t ddx, int64_t ddy, int64_t count, int clamp, uint8_t *out) {
  // Unsigned: the Swift loop's wrapping arithmetic, without C's signed
  // overflow.
  uint64_t x = (uint64_t)px, y = (uint64_t)py, sx = (uint64_t)dx, sy = (uint64_t)dy;
  uint64_t ssx = (uint64_t)ddx, ssy = (uint64_t)ddy;
  int64_t i = clamp ? span(pixels, width, height, stride, x, y, sx, sy, ssx, ssy, count, 1, out)
                    : span(pixels, width, height, stride, x, y, sx, sy, ssx, ssy, count, 0, out);
  if (i == count) return;
  // The last one to three pixels: four more through the clamped loop
  // (equal to the other inside the image, safe outside it) into a buffer.
  // The state at pixel i in closed form (modulo 2^64, like the
  // recurrence): p_i = p_0 + i d_0 + dd i (i - 1) / 2, d_i = d_0 + i dd.
  uint64_t n = (uint64_t)i, half = n * (n - 1) / 2;
  uint8_t rest[16];
  span(pixels, width, height, stride, x + n * sx + half * ssx, y + n * sy + half * ssy,
       sx + n * ssx, sy + n * ssy, ssx, ssy, 4, 1, rest);
  // (Fixed-size copies: a loop of them became a call to memmove.)
  switch (count - i) {
  case 3: memcpy(out + (i + 2) * 4, rest + 8, 4);  // fall through
  case 2: memcpy(out + (i + 1) * 4, rest + 4, 4);  // fall through
  default: memcpy(out + i * 4, rest, 4);
  }
}

#else

int mw_span_kernel_available(void) { return 0; }

void mw_span_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t px, int64_t py,
    int64_t dx, int64_t dy, int64_t ddx, int64_t ddy, int64_t count, int clamp, uint8_t *out) {
  (void)pixels, (void)width, (void)height, (void)stride, (void)px, (void)py, (void)dx, (void)dy;
  (void)ddx, (void)ddy, (void)count, (void)clamp, (void)out;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

#endif

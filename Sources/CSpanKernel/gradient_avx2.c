// The mesh gradient's opaque span loop declared in CSpanKernel.h: eight
// pixels an iteration.
//
// Why C: Swift's SIMD types compile to the baseline (SSE2 on x86-64), where
// the Swift loop quantizes and packs one pixel at a time, about 30
// instructions a pixel, and the setup of each span's forward differences
// takes about 390, a third of them register copies and spills: 37 a pixel
// in all (callgrind, gradient-3x3). Here the setup runs the same operations in
// the same order on three-operand AVX instructions, the forward
// differences still step one pixel per six 4-lane additions (the same
// additions in the same order, so the same colours), but the quantization
// runs on two pixels per 8-lane operation and eight pixels are packed to
// bytes and stored at once: 20 instructions a pixel, setup included
// (callgrind, gradient-3x3, spans of 42 pixels on average).
#include "CSpanKernel.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <string.h>

#define AVX2 __attribute__((target("avx2")))

// The seven forward differences of one span, stepped one pixel at a time.
typedef struct {
  __m128 d0, d1, d2, d3, d4, d5, d6;
} Differences;

// The colour at the current pixel; then moves to the next one (the Swift
// loop's `GradientSpanPolynomial.next()`: each difference gains the old
// value of the next).
AVX2 static inline __m128 next(Differences *d) {
  __m128 value = d->d0;
  d->d0 = _mm_add_ps(d->d0, d->d1);
  d->d1 = _mm_add_ps(d->d1, d->d2);
  d->d2 = _mm_add_ps(d->d2, d->d3);
  d->d3 = _mm_add_ps(d->d3, d->d4);
  d->d4 = _mm_add_ps(d->d4, d->d5);
  d->d5 = _mm_add_ps(d->d5, d->d6);
  return value;
}

// `GradientShader.quantizeOpaque` then `pack` up to the bytes: c·255 +
// noise, clamped to 0…255 (maxps and minps keep the Swift clamp's
// operand order, so a NaN lane becomes 0), rounded by adding 1.5·2²³; each
// lane's integer is then its low byte.
AVX2 static inline __m256i quantize(__m256 c, __m256 noise) {
  __m256 v = _mm256_add_ps(_mm256_mul_ps(c, _mm256_set1_ps(255)), noise);
  v = _mm256_min_ps(_mm256_max_ps(v, _mm256_setzero_ps()), _mm256_set1_ps(255));
  v = _mm256_add_ps(v, _mm256_set1_ps(12582912));
  return _mm256_and_si256(_mm256_castps_si256(v), _mm256_set1_epi32(255));
}

// `quantize` for one pixel.
AVX2 static inline __m128i quantize1(__m128 c, __m128 noise) {
  __m128 v = _mm_add_ps(_mm_mul_ps(c, _mm_set1_ps(255)), noise);
  v = _mm_min_ps(_mm_max_ps(v, _mm_setzero_ps()), _mm_set1_ps(255));
  v = _mm_add_ps(v, _mm_set1_ps(12582912));
  return _mm_and_si128(_mm_castps_si128(v), _mm_set1_epi32(255));
}

// Pixels `x` and `x + 1`'s noise: adjacent in the row unless they wrap.
AVX2 static inline __m256 noisePair(const float *noise, int64_t x) {
  return _mm256_loadu2_m128(noise + 4 * ((x + 1) & 63), noise + 4 * (x & 63));
}

// Scalar times vector, as Swift's `Float * SIMD4<Float>`.
AVX2 static inline __m128 scale(float s, __m128 v) { return _mm_mul_ps(_mm_set1_ps(s), v); }

// Column cubic i of the coefficients in v, Taylor-shifted to v and scaled
// to steps of dv (`GradientSpanPolynomial.init`'s `column`).
AVX2 static inline void column(
    const float *a, int i, float v, float dv, float dv2, float dv3, __m128 out[4]) {
  __m128 c0 = _mm_loadu_ps(a + 4 * i), c1 = _mm_loadu_ps(a + 4 * (4 + i));
  __m128 c2 = _mm_loadu_ps(a + 4 * (8 + i)), c3 = _mm_loadu_ps(a + 4 * (12 + i));
  __m128 value = _mm_add_ps(c0, scale(v, _mm_add_ps(c1, scale(v, _mm_add_ps(c2, scale(v, c3))))));
  __m128 threeVC3 = scale(3 * v, c3);
  __m128 first = _mm_add_ps(c1, scale(v, _mm_add_ps(scale(2, c2), threeVC3)));
  __m128 second = _mm_add_ps(c2, threeVC3);
  out[0] = value;
  out[1] = _mm_mul_ps(first, _mm_set1_ps(dv));
  out[2] = _mm_mul_ps(second, _mm_set1_ps(dv2));
  out[3] = _mm_mul_ps(c3, _mm_set1_ps(dv3));
}

// a + s·p + t·q, left to right.
AVX2 static inline __m128 sum3(__m128 a, float s, __m128 p, float t, __m128 q) {
  return _mm_add_ps(_mm_add_ps(a, scale(s, p)), scale(t, q));
}

// One step of Horner's scheme on polynomials in k: out = b + (u + du·k)·p
// for p of degree n (n + 1 coefficients), out of degree n + 1; each
// coefficient as `GradientSpanPolynomial.init` writes it.
AVX2 static inline void hornerStep(
    const __m128 b[4], float u, float du, const __m128 *p, int n, __m128 *out) {
  out[0] = _mm_add_ps(b[0], scale(u, p[0]));
  for (int k = 1; k <= n; k++) {
    out[k] = k < 4 ? sum3(b[k], u, p[k], du, p[k - 1])
                   : _mm_add_ps(scale(u, p[k]), scale(du, p[k - 1]));
  }
  out[n + 1] = scale(du, p[n]);
}

// `GradientSpanPolynomial.init`: the forward differences at the first
// pixel, each operation as the Swift code writes it.
AVX2 static inline Differences setup(const float *a, const float *uvStep) {
  float u = uvStep[0], v = uvStep[1], du = uvStep[2], dv = uvStep[3];
  float dv2 = dv * dv;
  float dv3 = dv2 * dv;
  // p ← B + U·p three times: degree 3 (column 3) to 6 (c₀…c₆).
  __m128 b3[4], b[4], q[5], r[6], c[7];
  column(a, 3, v, dv, dv2, dv3, b3);
  column(a, 2, v, dv, dv2, dv3, b);
  hornerStep(b, u, du, b3, 3, q);
  column(a, 1, v, dv, dv2, dv3, b);
  hornerStep(b, u, du, q, 4, r);
  column(a, 0, v, dv, dv2, dv3, b);
  hornerStep(b, u, du, r, 5, c);
  Differences d;
  d.d0 = c[0];
  d.d1 = _mm_add_ps(
      _mm_add_ps(_mm_add_ps(_mm_add_ps(_mm_add_ps(c[1], c[2]), c[3]), c[4]), c[5]), c[6]);
  d.d2 = scale(
      2, _mm_add_ps(
             _mm_add_ps(
                 _mm_add_ps(_mm_add_ps(c[2], scale(3, c[3])), scale(7, c[4])), scale(15, c[5])),
             scale(31, c[6])));
  d.d3 = scale(
      6, _mm_add_ps(
             _mm_add_ps(_mm_add_ps(c[3], scale(6, c[4])), scale(25, c[5])), scale(90, c[6])));
  d.d4 = scale(24, _mm_add_ps(_mm_add_ps(c[4], scale(10, c[5])), scale(65, c[6])));
  d.d5 = scale(120, _mm_add_ps(c[5], scale(15, c[6])));
  d.d6 = scale(720, c[6]);
  return d;
}

AVX2 void mw_gradient_span_setup_avx2(
    const float *coefficients, const float *uvStep, float *differences) {
  Differences d = setup(coefficients, uvStep);
  __m128 all[7] = {d.d0, d.d1, d.d2, d.d3, d.d4, d.d5, d.d6};
  for (int j = 0; j < 7; j++) _mm_storeu_ps(differences + 4 * j, all[j]);
}

AVX2 void mw_gradient_span_opaque_avx2(
    const float *coefficients, const float *uvStep, const float *noise, int64_t x,
    int64_t count, uint32_t *out) {
  Differences d = setup(coefficients, uvStep);
  // Packed lane k of the eight pixels comes from 32-bit element order[k].
  const __m256i order = _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7);
  int64_t i = 0;
  for (; i + 8 <= count; i += 8) {
    __m256i q[4];
    int64_t p = (x + i) & 63;
    for (int k = 0; k < 4; k++) {
      __m128 first = next(&d);
      __m128 second = next(&d);
      __m256 c = _mm256_insertf128_ps(_mm256_castps128_ps256(first), second, 1);
      __m256 n = p <= 56 ? _mm256_loadu_ps(noise + 4 * (p + 2 * k)) : noisePair(noise, p + 2 * k);
      q[k] = quantize(c, n);
    }
    // Lanes [0 1 | 2 3] and so on: 16-bit [0 2 | 1 3] and [4 6 | 5 7], then
    // bytes [0 2 4 6 | 1 3 5 7] as 32-bit pixels, put in order.
    __m256i words0 = _mm256_packus_epi32(q[0], q[1]);
    __m256i words1 = _mm256_packus_epi32(q[2], q[3]);
    __m256i bytes = _mm256_packus_epi16(words0, words1);
    _mm256_storeu_si256((__m256i *)(out + i), _mm256_permutevar8x32_epi32(bytes, order));
  }
  for (; i < count; i++) {
    __m128 c = next(&d);
    __m128i lanes = quantize1(c, _mm_loadu_ps(noise + 4 * ((x + i) & 63)));
    __m128i bytes = _mm_packus_epi16(_mm_packus_epi32(lanes, lanes), lanes);
    uint32_t pixel = (uint32_t)_mm_cvtsi128_si32(bytes);
    memcpy(out + i, &pixel, 4);
  }
}

#else

void mw_gradient_span_setup_avx2(
    const float *coefficients, const float *uvStep, float *differences) {
  (void)coefficients, (void)uvStep, (void)differences;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

void mw_gradient_span_opaque_avx2(
    const float *coefficients, const float *uvStep, const float *noise, int64_t x,
    int64_t count, uint32_t *out) {
  (void)coefficients, (void)uvStep, (void)noise, (void)x, (void)count, (void)out;
  __builtin_trap();  // never called: mw_span_kernel_available() is 0
}

#endif

// The warp's innermost loop for opaque sources, in AVX2 where the CPU has
// it (chosen at run time). MeshWarpRender's `SpanKernel` calls it and keeps
// the portable Swift loop it matches byte for byte
// (`BilinearSampler.writeOpaqueRun`); `SpanKernelTests` cross-checks them.
// Likewise the mesh gradient's opaque span loop
// (`GradientSpanPolynomial.writeOpaqueRun`, `GradientSpanKernelTests`).
#ifndef CSPANKERNEL_H
#define CSPANKERNEL_H

#include <stdint.h>

/// 1 when `mw_span_opaque_avx2` may be called on this CPU, else 0.
int mw_span_kernel_available(void);

/// Writes `count` pixels to `out` (4 bytes each). Pixel i is the bilinear
/// blend of the opaque `width` x `height` RGBA source `pixels` (rows of
/// `stride` bytes) at the 24.8 fixed-point tap ((px_i + 2^23) >> 24,
/// (py_i + 2^23) >> 24), where px_i, py_i follow the 32.32 forward
/// differences px_{i+1} = px_i + dx_i, dx_{i+1} = dx_i + ddx (the same for
/// y), modulo 2^64. The blend is the Swift loop's: down the columns, then
/// across, each stage (256 p + (q - p) w + 128) >> 8 in wrapping 16-bit
/// lanes.
///
/// With `clamp` 0, every tap and its right and lower neighbours must lie
/// inside the image. With `clamp` 1, taps may lie anywhere (|px_i|, |py_i|
/// < 2^62) and texels outside clamp to the edge, as the Swift sampler's
/// clamped path reads them; width and height must then be at least 2.
void mw_span_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t px, int64_t py,
    int64_t dx, int64_t dy, int64_t ddx, int64_t ddy, int64_t count, int clamp, uint8_t *out);

/// Writes `count` pixels to `out` (four 16-bit values each): the bilinear
/// blend of the opaque `width`-pixel-wide RGBA source `pixels` (16 bits a
/// value) at the 52.12 fixed-point tap ((px_i + 2^19) >> 20, (py_i +
/// 2^19) >> 20) of the same 32.32 forward differences as
/// `mw_span_opaque_avx2`. Every tap and its right and lower neighbours
/// must lie inside the image. The same float operations in the same order
/// as `DeepSampler.writeInteriorOpaque`, so the same values.
void mw_span_deep_opaque_avx2(
    const uint16_t *pixels, int64_t width, int64_t px, int64_t py, int64_t dx, int64_t dy,
    int64_t ddx, int64_t ddy, int64_t count, uint16_t *out);

/// Writes up to `count` pixels to `out` (4 bytes each): Keys' bicubic of
/// the opaque `width` x `height` RGBA source `pixels` (rows of `stride`
/// bytes) at the 24.8 taps of the same 32.32 forward differences as
/// `mw_span_opaque_avx2`, given in `taps` as px, py, dx, dy, ddx, ddy.
/// `weights` holds 256 groups of 16 floats, the 4 Keys weights of each
/// 1/256 fraction, each repeated 4 times (w0 w0 w0 w0 w1 ... w3).
///
/// A tap's 4 x 4 texels run from one before it to two after it on both
/// axes. With `checked` 0 they must all lie inside the image and `count`
/// pixels are written; with `checked` 1 the loop stops before the first
/// tap whose texels do not. Returns the pixels written and leaves in
/// `taps` px, py, dx, dy of the next tap. The same float operations in the
/// same order as `ContentSampler.writeInteriorOpaqueBicubic`, so the same
/// bytes; alpha is 255.
int64_t mw_span_bicubic_opaque_avx2(
    const uint8_t *pixels, int64_t width, int64_t height, int64_t stride, int64_t *taps,
    int64_t count, int checked, const float *weights, uint8_t *out);

/// Writes `count` pixels to `out`: a mesh gradient's span of an opaque
/// colour in device space, as `GradientSpanPolynomial.writeOpaqueRun` does
/// it in Swift, with the same Float operations in the same order (no fused
/// multiply-adds). `coefficients`: 16 groups of four floats (r g b a), the
/// power-basis coefficients of u^i v^j at group 4 j + i; `uvStep`: u and v
/// at the first pixel, then their change per pixel. The forward differences
/// d0 to d6 come from `GradientSpanPolynomial.init`; pixel i is d0's value,
/// after which d_j += d_(j+1) for j = 0 to 5 (all from the old values); its
/// bytes are the low bytes of min(max(d0 * 255 + n, 0), 255) + 1.5 * 2^23,
/// n the four floats of `noise` (64 pixels of four) at pixel (x + i) & 63.
void mw_gradient_span_opaque_avx2(
    const float *coefficients, const float *uvStep, const float *noise, int64_t x,
    int64_t count, uint32_t *out);

/// The forward differences d0 to d6 (28 floats) that
/// `mw_gradient_span_opaque_avx2` starts from, for tests to compare with
/// `GradientSpanPolynomial.init` bit for bit.
void mw_gradient_span_setup_avx2(
    const float *coefficients, const float *uvStep, float *differences);

#endif

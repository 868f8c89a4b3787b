// C entry points into the shipped Metal shader, compiled as C++ for tests.
#ifndef METAL_SHADER_HARNESS_H
#define METAL_SHADER_HARNESS_H

#ifdef __cplusplus
extern "C" {
#endif

/// Runs meshTransformTrisQuads once. Returns the shader's return value in
/// *outX, *outY and 1, or 0 when the shader called discard_fragment().
int meshwarp_shader_call(const float *mesh, int count, float width, float height,
                         float positionX, float positionY, float *outX, float *outY);

/// Runs meshTransformTrisQuads at every pixel centre (x + 0.5, y + 0.5) of a
/// width × height view of the same size in points. Writes 2 floats per pixel
/// (row-major) to outXY and 1 or 0 (discarded) per pixel to outKept.
void meshwarp_shader_map_image(const float *mesh, int count, int width, int height,
                               float *outXY, unsigned char *outKept);

#ifdef __cplusplus
}
#endif

#endif

// C entry points into the shipped Metal shader, compiled as C++ for tests.
#ifndef METAL_SHADER_HARNESS_H
#define METAL_SHADER_HARNESS_H

#ifdef __cplusplus
extern "C" {
#endif

/// Runs the mapping meshTransformTrisQuads once. Returns its value in
/// *outX, *outY and 1, or 0 when it is kNoSource (nothing drawn there).
int meshwarp_shader_call(const float *mesh, int count, float width, float height,
                         float positionX, float positionY, float *outX, float *outY);

/// Runs meshTransformTrisQuads at every pixel centre (x + 0.5, y + 0.5) of a
/// width × height view of the same size in points. Writes 2 floats per pixel
/// (row-major) to outXY and 1 or 0 (nothing drawn) per pixel to outKept.
void meshwarp_shader_map_image(const float *mesh, int count, int width, int height,
                               float *outXY, unsigned char *outKept);

/// Runs the layer-effect function meshWarpLayer once on an opaque white
/// layer that records where it is sampled. Writes the returned colour
/// (Metal's half, widened to float) to outRGBA, except that when the layer
/// was sampled, outRGBA[0] and [1] hold the mean position of its taps
/// (points, never rounded to half): (p.x, p.y, 1, 1) for one tap at p.
void meshwarp_shader_layer_call(const float *mesh, int count, float width, float height,
                                float positionX, float positionY, float *outRGBA);

/// As meshwarp_shader_layer_call, with the layer effect's other arguments:
/// the address-mode code, one pixel in points, the minification filter's
/// sample cap per axis (1 = off) and the edge colour (4 floats,
/// premultiplied). The call above passes 0 (clampToEdge), 1, 1 (no filter:
/// one sample, so the result names the sampled position) and clear. The
/// edge colour is rounded to half, as the GPU rounds it.
void meshwarp_shader_layer_call_with(const float *mesh, int count, float width, float height,
                                     float positionX, float positionY, float addressMode,
                                     float pixelSize, float maxSamples, const float *edgeRGBA,
                                     float *outRGBA);

/// Runs meshWarpLayer at every pixel centre of a side × side view (1-point
/// pixels, clampToEdge, transparent edges) over a layer holding a 1-point
/// black-and-white checkerboard of the same size, sampled bilinearly.
/// Writes the premultiplied grey (0…1) of each pixel, row-major.
void meshwarp_shader_checker_image(const float *mesh, int count, int side, float maxSamples,
                                   float *outGray);

/// The shader's address mode along one axis (meshwarp::addressAxis): the
/// position it samples, or a value <= -1e29 for a transparent tap.
float meshwarp_shader_address_axis(float position, float extent, float pixelSize,
                                   int addressMode);

/// The shader's minification-filter samples along an axis minified `m`
/// times (meshwarp::sampleCount), at most `cap`.
int meshwarp_shader_sample_count(float m, int cap);

/// Runs meshWarpLayer at every pixel centre ((i + 0.5) · pixelSize, the same
/// in y) of a width × height view (points) grown by marginX, marginY points
/// on each side, over a layer that records where it is sampled. Writes the
/// farthest sample from its pixel, per axis over all pixels, to
/// outFarthest[0], [1] (points) and returns the number of samples.
long meshwarp_shader_farthest_taps(const float *mesh, int count, float width, float height,
                                   float pixelSize, float marginX, float marginY,
                                   float addressMode, float maxSamples, float *outFarthest);

/// Runs the effect's mapping (meshwarp::FieldMapping, effectWarpLayer's)
/// once for a field packed by ShaderFieldData.pack in a width × height view
/// (points): the source position in points in *outX, *outY. Returns 1, 2
/// when the data is invalid (the position itself came back), or 0 for
/// nothing drawn (beyond the view's bounds).
int meshwarp_field_call(const float *field, int count, float width, float height,
                        float positionX, float positionY, float *outX, float *outY);

/// As meshwarp_shader_layer_call_with, for the effect's layer function
/// effectWarpLayer (no edge colour: G covers the whole view).
void meshwarp_field_layer_call_with(const float *field, int count, float width, float height,
                                    float positionX, float positionY, float addressMode,
                                    float pixelSize, float maxSamples, float *outRGBA);

/// As meshwarp_shader_farthest_taps, for effectWarpLayer.
long meshwarp_field_farthest_taps(const float *field, int count, float width, float height,
                                  float pixelSize, float marginX, float marginY,
                                  float addressMode, float maxSamples, float *outFarthest);

#ifdef __cplusplus
}
#endif

#endif

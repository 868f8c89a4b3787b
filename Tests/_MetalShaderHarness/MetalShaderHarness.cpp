// Compiles the SHIPPED Metal shader unchanged as C++ (through the stand-in
// headers in shim/) and exposes it to Swift tests, so the shader that ships
// is the shader that is tested against MeshWarpCore.
#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
#include "../../Sources/MeshWarpEffect/Shaders/MeshWarp.metal"

#include "MetalShaderHarness.h"

namespace {
/// The test's array as the shader's `device` buffer (MSL's address space,
/// a distinct one in the shim).
device const float *deviceBuffer(const float *mesh) { return (device const float *)mesh; }
}  // namespace

extern "C" int meshwarp_shader_call(const float *mesh, int count, float width, float height,
                                    float positionX, float positionY, float *outX, float *outY) {
  metal::float2 result = meshTransformTrisQuads(
    metal::float2(positionX, positionY), deviceBuffer(mesh), count, metal::float2(width, height));
  *outX = result.x;
  *outY = result.y;
  return meshwarp::isNoSource(result) ? 0 : 1;
}

extern "C" void meshwarp_shader_map_image(const float *mesh, int count, int width, int height,
                                          float *outXY, unsigned char *outKept) {
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      long i = (long)y * width + x;
      float sx, sy;
      outKept[i] = (unsigned char)meshwarp_shader_call(
        mesh, count, (float)width, (float)height, x + 0.5f, y + 0.5f, &sx, &sy);
      outXY[2 * i] = sx;
      outXY[2 * i + 1] = sy;
    }
  }
}

namespace {
/// Where the harness layer was sampled during one call of the layer effect:
/// the number of taps and the sum of their positions (points, float, so
/// that no position is rounded to half).
struct PositionRecord {
  int taps;
  float sumX, sumY;
};

/// The harness layer: opaque white everywhere; it records each position it
/// is sampled at in its context (a PositionRecord).
metal::half4 positionLayer(metal::float2 p, void *context) {
  PositionRecord *r = (PositionRecord *)context;
  r->taps += 1;
  r->sumX += p.x;
  r->sumY += p.y;
  return metal::half4(1, 1, 1, 1);
}
}  // namespace

extern "C" void meshwarp_shader_layer_call(const float *mesh, int count, float width,
                                           float height, float positionX, float positionY,
                                           float *outRGBA) {
  const float clear[4] = {0, 0, 0, 0};
  meshwarp_shader_layer_call_with(mesh, count, width, height, positionX, positionY, 0, 1, 1,
                                  clear, outRGBA);
}

extern "C" void meshwarp_shader_layer_call_with(const float *mesh, int count, float width,
                                                float height, float positionX, float positionY,
                                                float addressMode, float pixelSize,
                                                float maxSamples, const float *edgeRGBA,
                                                float *outRGBA) {
  PositionRecord record = {0, 0, 0};
  SwiftUI::Layer layer{positionLayer, &record};
  metal::half4 edge(edgeRGBA[0], edgeRGBA[1], edgeRGBA[2], edgeRGBA[3]);
  metal::half4 c = meshWarpLayer(metal::float2(positionX, positionY), layer, deviceBuffer(mesh), count,
                                 metal::float2(width, height), addressMode, pixelSize, maxSamples,
                                 edge);
  outRGBA[0] = c.x;
  outRGBA[1] = c.y;
  outRGBA[2] = c.z;
  outRGBA[3] = c.w;
  // A sampled pixel reports where the layer was read (the mean of its taps)
  // in place of the white it returned.
  if (record.taps > 0) {
    outRGBA[0] = record.sumX / record.taps;
    outRGBA[1] = record.sumY / record.taps;
  }
}

extern "C" float meshwarp_shader_address_axis(float position, float extent, float pixelSize,
                                              int addressMode) {
  return meshwarp::addressAxis(position, extent, pixelSize, addressMode);
}

extern "C" int meshwarp_shader_sample_count(float m, int cap) {
  return meshwarp::sampleCount(m, cap);
}

namespace {
/// A layer of side `*(int *)context` points holding a 1-point checkerboard
/// (texel (i, j) is white when i + j is even, else black; opaque),
/// sampled bilinearly with texel centres at i + 0.5, as a GPU sampler
/// would; taps beyond the layer read its edge texels (clamped to its
/// bounds, as SwiftUI's layer sampling does).
metal::half4 checkerLayer(metal::float2 p, void *context) {
  int side = *(int *)context;
  auto texel = [side](int i, int j) -> float {
    i = i < 0 ? 0 : (i >= side ? side - 1 : i);
    j = j < 0 ? 0 : (j >= side ? side - 1 : j);
    return (i + j) % 2 == 0 ? 1.0f : 0.0f;
  };
  float fx = p.x - 0.5f, fy = p.y - 0.5f;
  int i = (int)__builtin_floorf(fx), j = (int)__builtin_floorf(fy);
  float wx = fx - i, wy = fy - j;
  float value = 0, alpha = 0;
  for (int dj = 0; dj < 2; dj++) {
    for (int di = 0; di < 2; di++) {
      float w = (di ? wx : 1 - wx) * (dj ? wy : 1 - wy);
      float t = texel(i + di, j + dj);
      if (t >= 0) {
        value += w * t;
        alpha += w;
      }
    }
  }
  return metal::half4(value, value, value, alpha);
}
}  // namespace

extern "C" void meshwarp_shader_checker_image(const float *mesh, int count, int side,
                                              float maxSamples, float *outGray) {
  SwiftUI::Layer layer{checkerLayer, &side};
  metal::half4 clear(0, 0, 0, 0);
  for (int y = 0; y < side; y++) {
    for (int x = 0; x < side; x++) {
      metal::half4 c = meshWarpLayer(metal::float2(x + 0.5f, y + 0.5f), layer, deviceBuffer(mesh), count,
                                     metal::float2((float)side, (float)side), 0, 1, maxSamples,
                                     clear);
      outGray[(long)y * side + x] = c.x;
    }
  }
}

namespace {
/// What the tap-recording layer keeps: the pixel being shaded and the
/// farthest tap from it so far, per axis, over every pixel.
struct TapRecord {
  float pixelX, pixelY;
  float farthestX, farthestY;
  long taps;
};

/// A layer that records how far each sample lies from the pixel being
/// shaded (its colour is opaque white).
metal::half4 recordingLayer(metal::float2 p, void *context) {
  TapRecord *r = (TapRecord *)context;
  float dx = __builtin_fabsf(p.x - r->pixelX), dy = __builtin_fabsf(p.y - r->pixelY);
  if (dx > r->farthestX) r->farthestX = dx;
  if (dy > r->farthestY) r->farthestY = dy;
  r->taps += 1;
  return metal::half4(1, 1, 1, 1);
}
}  // namespace

extern "C" long meshwarp_shader_farthest_taps(const float *mesh, int count, float width,
                                              float height, float pixelSize, float marginX,
                                              float marginY, float addressMode, float maxSamples,
                                              float *outFarthest) {
  TapRecord record = {0, 0, 0, 0, 0};
  SwiftUI::Layer layer{recordingLayer, &record};
  metal::half4 clear(0, 0, 0, 0);
  int x0 = (int)__builtin_floorf(-marginX / pixelSize);
  int x1 = (int)__builtin_ceilf((width + marginX) / pixelSize);
  int y0 = (int)__builtin_floorf(-marginY / pixelSize);
  int y1 = (int)__builtin_ceilf((height + marginY) / pixelSize);
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      record.pixelX = (x + 0.5f) * pixelSize;
      record.pixelY = (y + 0.5f) * pixelSize;
      meshWarpLayer(metal::float2(record.pixelX, record.pixelY), layer, deviceBuffer(mesh), count,
                    metal::float2(width, height), addressMode, pixelSize, maxSamples, clear);
    }
  }
  outFarthest[0] = record.farthestX;
  outFarthest[1] = record.farthestY;
  return record.taps;
}

extern "C" int meshwarp_field_call(const float *field, int count, float width, float height,
                                   float positionX, float positionY, float *outX, float *outY) {
  meshwarp::FieldMapping mapping;
  mapping.size = metal::float2(width, height);
  mapping.valid = meshwarp::readField(deviceBuffer(field), count, mapping.field);
  metal::float2 result = mapping.map(metal::float2(positionX, positionY));
  *outX = result.x;
  *outY = result.y;
  if (meshwarp::isNoSource(result)) return 0;
  return mapping.valid ? 1 : 2;
}

extern "C" void meshwarp_field_layer_call_with(const float *field, int count, float width,
                                               float height, float positionX, float positionY,
                                               float addressMode, float pixelSize,
                                               float maxSamples, float *outRGBA) {
  PositionRecord record = {0, 0, 0};
  SwiftUI::Layer layer{positionLayer, &record};
  metal::half4 c = effectWarpLayer(metal::float2(positionX, positionY), layer,
                                   deviceBuffer(field), count, metal::float2(width, height),
                                   addressMode, pixelSize, maxSamples);
  outRGBA[0] = c.x;
  outRGBA[1] = c.y;
  outRGBA[2] = c.z;
  outRGBA[3] = c.w;
  if (record.taps > 0) {
    outRGBA[0] = record.sumX / record.taps;
    outRGBA[1] = record.sumY / record.taps;
  }
}

extern "C" long meshwarp_field_farthest_taps(const float *field, int count, float width,
                                             float height, float pixelSize, float marginX,
                                             float marginY, float addressMode, float maxSamples,
                                             float *outFarthest) {
  TapRecord record = {0, 0, 0, 0, 0};
  SwiftUI::Layer layer{recordingLayer, &record};
  int x0 = (int)__builtin_floorf(-marginX / pixelSize);
  int x1 = (int)__builtin_ceilf((width + marginX) / pixelSize);
  int y0 = (int)__builtin_floorf(-marginY / pixelSize);
  int y1 = (int)__builtin_ceilf((height + marginY) / pixelSize);
  for (int y = y0; y < y1; y++) {
    for (int x = x0; x < x1; x++) {
      record.pixelX = (x + 0.5f) * pixelSize;
      record.pixelY = (y + 0.5f) * pixelSize;
      effectWarpLayer(metal::float2(record.pixelX, record.pixelY), layer, deviceBuffer(field),
                      count, metal::float2(width, height), addressMode, pixelSize, maxSamples);
    }
  }
  outFarthest[0] = record.farthestX;
  outFarthest[1] = record.farthestY;
  return record.taps;
}

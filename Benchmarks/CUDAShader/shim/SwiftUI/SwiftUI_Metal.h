// Stand-in for SwiftUI's <SwiftUI/SwiftUI_Metal.h>, as in
// Tests/_MetalShaderHarness/shim: SwiftUI::Layer, the rasterized view a
// layer-effect function samples (`half4 sample(float2 p) const`). Here an
// RGBA float image in GPU memory, read at the nearest texel (clamped), so
// that layer_bench.cu times the shader's own work plus one memory read per
// sample.
#pragma once

namespace SwiftUI {

struct Layer {
  const float *rgba;  // width * height * 4 floats
  int width, height;

  METAL_HD metal::metal_half4 sample(metal::metal_float2 p) const {
    int x = int(p.x), y = int(p.y);
    x = x < 0 ? 0 : (x >= width ? width - 1 : x);
    y = y < 0 ? 0 : (y >= height ? height - 1 : y);
    const float *t = rgba + 4 * ((long)y * width + x);
    return metal::metal_half4(t[0], t[1], t[2], t[3]);
  }
};

}  // namespace SwiftUI

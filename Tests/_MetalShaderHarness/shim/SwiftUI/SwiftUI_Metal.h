// Stand-in for SwiftUI's <SwiftUI/SwiftUI_Metal.h>: SwiftUI::Layer, the
// rasterized view a layer-effect function samples
// (https://developer.apple.com/documentation/swiftui/view/layereffect(_:maxsampleoffset:isenabled:)
// gives the function signature `half4 name(float2 position, SwiftUI::Layer layer, args...)`;
// the header's `half4 sample(float2 p) const` returns the layer's colour at
// user-space position p). Here a test supplies the sampler.
#pragma once

namespace SwiftUI {

struct Layer {
  /// The test's sampler and its context.
  metal::half4 (*sampler)(metal::float2 position, void *context);
  void *context;

  metal::half4 sample(metal::float2 p) const { return sampler(p, context); }
};

}  // namespace SwiftUI

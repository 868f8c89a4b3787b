// Stand-in for SwiftUI's <SwiftUI/SwiftUI_Metal.h>. The mesh warp shader is a
// distortion shader and uses nothing from the real header (which declares
// SwiftUI::Layer for layer effects), so this is empty.
#pragma once

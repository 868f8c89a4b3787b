// Stand-in for SwiftUI's <SwiftUI/SwiftUI_Metal.h> (the mesh warp shader uses
// nothing from it), as in Tests/_MetalShaderHarness/shim.
#pragma once

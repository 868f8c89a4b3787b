// MeshWarpRender: pixels on the CPU.
//
// Owns: the RGBA image type, samplers, the triangle rasterizer, the warp and
// gradient renderers, masks and compositing, anti-aliasing.
//
// Must not import: system libraries (libpng, FreeType, SDL) or UI frameworks;
// files belong to MeshWarpFiles and MeshWarpImageIO, fonts to MeshWarpText.
// Depends on MeshWarpCore, and on CSpanKernel (its own C span loop in AVX2,
// imported internally).

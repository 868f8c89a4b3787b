// MeshWarpCore: the portable model and math of MeshWarp.
//
// Owns: points and quads, the warp mesh (`MeshPointPair`, `MeshFace`,
// `WarpMesh`, validation), inverse bilinear mapping, the spatial index,
// shader data packing, gradient mesh math, animation curves, the genie mesh,
// the mesh effects (twirl, bulge, ripple, wave, lens correction), the morph
// document (two pictures' points over one topology, checked over t).
//
// Must not import: anything that knows about pixels, files or UI (no libpng,
// no SwiftUI, no MeshWarpRender). Foundation only, for `CGPoint` and JSON.
//
// Coordinates are normalized UV unless a name says otherwise: (0,0) is the
// top-left corner, (1,1) the bottom-right, y grows downward.

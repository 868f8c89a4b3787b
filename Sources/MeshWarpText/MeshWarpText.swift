// MeshWarpText: fonts and text, rendered to coverage masks.
//
// Owns: finding fonts (fontconfig), shaping (HarfBuzz), glyph outlines and
// rasterising (FreeType), line layout, and filling text into images.
//
// Must not import: UI frameworks or image codecs. Depends on MeshWarpRender
// (masks, pixels) and the three font libraries. Failures are thrown
// `FontError`s.

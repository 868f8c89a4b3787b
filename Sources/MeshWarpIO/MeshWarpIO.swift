// MeshWarpIO: the outside world, through system libraries.
//
// Owns: PNG decoding and encoding (libpng's simplified `png_image_*` API),
// animated PNG writing and reading (by hand, with zlib), numbered PNG
// sequences, MP4 through an `ffmpeg` process, atomic file output and standard
// output, JSON files with located errors, and (in `Text/`) fonts through
// fontconfig, HarfBuzz and FreeType.
//
// Must not import: UI frameworks. Depends on MeshWarpRender (pixels) and the
// system library shims only. Every failure is a thrown `MeshWarpIOError` that
// names the file and what is wrong; nothing here traps on bad input.
@_exported import MeshWarpRender

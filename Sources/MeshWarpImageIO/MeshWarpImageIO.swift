// MeshWarpImageIO: image codecs, one folder per format.
//
// Owns: PNG decoding and encoding through libpng's simplified API (`PNG/`,
// with the chunk framing, row filters and zlib shared by the formats) and
// animated PNG reading and frame encoding by hand with zlib (`APNG/`). A new
// codec gets a folder of its own here and its system library in
// Package.swift.
//
// Must not import: UI frameworks, fonts or video. Depends on MeshWarpRender
// (pixels), MeshWarpFiles (files, errors), libpng and zlib. Every failure is
// a thrown `MeshWarpIOError`; nothing here traps on bad input.
@_exported import MeshWarpFiles
@_exported import MeshWarpRender

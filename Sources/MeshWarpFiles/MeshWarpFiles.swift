// MeshWarpFiles: files and processes, with errors a user can act on.
//
// Owns: atomic file output, whole-file input, standard output, JSON files
// with located errors (a strict parser and a tree decoder), finding external
// programs, the one wrapper around failing system calls (`systemCall`), and
// `FileError`, what all of these throw (each module above owns its errors:
// `ImageCodecError` in MeshWarpImageIO, `VideoError` in MeshWarpVideo).
//
// Must not import: UI frameworks, system libraries beyond the C library and
// Foundation, or any other MeshWarp module. Nothing here traps on bad input.

// MeshWarpFuzzing: the bodies of the libFuzzer targets, as a plain library so
// that `swift test` can replay the same inputs without the fuzzer runtime.
//
// Owns: one entry function per input format (PNG, JPEG, WebP, GIF, mesh,
// gradient, keyframe and point-set JSON, ffprobe/ffmpeg video output).
// Each takes arbitrary bytes, runs them through the same decoding,
// validation and rendering code the `meshwarp` tool runs, and returns
// normally whatever the bytes are; errors thrown by the code under test are
// expected and ignored. A trap, hang, leak or memory error anywhere below is
// a bug in that code — except the deliberate `fatalError` of a failed
// invariant (the PNG round trip), whose message says which invariant.
//
// Must not import: UI frameworks. Depends on MeshWarpVideo, MeshWarpImageIO,
// MeshWarpFiles, MeshWarpRender and MeshWarpCore. Holds no
// mutable global state: libFuzzer calls the entries millions of times and
// every call must depend on its bytes alone.
//
// The libFuzzer executables live in the separate package `Fuzz/` (built with
// `--sanitize fuzzer`); `Scripts/fuzz.sh` runs them, and
// `Tests/MeshWarpFuzzingTests` replays `Fuzz/Corpus/` through these entries.

// MeshWarpEffect: the SwiftUI + Metal layer of MeshWarp, for Apple platforms.
//
// Owns: the `meshWarpEffect` view modifiers (the seed's signature and the
// `WarpMesh` one), animatable meshes, debug diagnostics for invalid meshes,
// hit-testing through a warp, mesh-gradient text, and the Metal shader
// Shaders/MeshWarp.metal (a processed resource).
//
// Everything that needs SwiftUI sits inside `#if canImport(SwiftUI)` and
// compiles to nothing elsewhere; the pure parts (hit testing, the animatable
// vector) compile everywhere and are tested on Linux. Scripts/typecheck-apple.sh
// type-checks the SwiftUI parts on Linux against a stub of the SwiftUI API.
//
// Must not import: MeshWarpRender, MeshWarpIO or any system library; an app
// that links this product links the pure-Swift core only.
//
// Importing MeshWarpEffect gives the core's types (WarpMesh, MeshPointPair,
// MeshFace, ...) on every platform.
@_exported import MeshWarpCore

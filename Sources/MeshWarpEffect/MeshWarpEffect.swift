// MeshWarpEffect: the SwiftUI + Metal layer of MeshWarp, for Apple platforms.
//
// Owns: the `meshWarpEffect` view modifiers (the original MeshWarpEffect
// package's signature and the `WarpMesh` one), animatable meshes, debug
// diagnostics for invalid meshes, hit-testing through a warp, mesh
// gradients on every OS version (SwiftUI's `MeshGradient` from iOS 18 /
// macOS 15, the package's CPU renderer below), mesh-gradient text, and the
// Metal shader Shaders/MeshWarp.metal (a processed resource).
//
// Everything that needs SwiftUI sits inside `#if canImport(SwiftUI)` and
// compiles to nothing elsewhere; the pure parts (hit testing, the animatable
// vector, the gradient rasterization) compile everywhere and are tested on
// Linux. Scripts/typecheck-apple.sh type-checks the SwiftUI parts on Linux
// against a stub of the SwiftUI API, per platform.
//
// May import: MeshWarpCore and MeshWarpRender (both pure Swift). Must not
// import MeshWarpIO or any system library; an app that links this product
// links no libpng, FreeType or SDL.
//
// Importing MeshWarpEffect gives the core's whole public API on every
// platform (one re-export). The core's free helper functions
// (`cross(_:_:)`, `mix`, `smoothstep`, …) are `package`, so an app never
// sees them and they cannot collide with simd's or an app's own.
// Scripts/typecheck-apple.sh checks both: an app sees every type that
// Documentation/API/MeshWarpCore.txt lists (but those named in
// Tests/Apple/Checks/NotReexported.txt), and none of the helpers.
@_exported import MeshWarpCore

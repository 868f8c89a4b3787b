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
// Importing MeshWarpEffect gives the core's public types on every platform,
// and only those: the core's free helper functions (`cross(_:_:)`, `mix`,
// `smoothstep`, …) are not re-exported, so they cannot collide with simd's
// or an app's own. Scripts/typecheck-apple.sh checks both: an app sees every
// type that Documentation/API/MeshWarpCore.txt lists (but those named in
// Scripts/AppleChecks/NotReexported.txt), and none of the helpers. Add a
// line here for each new public type of the core.
//
// MESHWARP_DOCS (set by Scripts/build-docs.sh only): the DocC catalog
// documents the whole core, extension members included, which scoped
// re-exports leave out of this module's symbol graph.
#if MESHWARP_DOCS
  @_exported import MeshWarpCore
#else
  @_exported import enum MeshWarpCore.AddressMode
  @_exported import enum MeshWarpCore.EasingCurve
  @_exported import enum MeshWarpCore.EdgePolicy
  @_exported import struct MeshWarpCore.GenieAnimation
  @_exported import struct MeshWarpCore.GenieDensity
  @_exported import enum MeshWarpCore.GenieEdge
  @_exported import enum MeshWarpCore.GenieError
  @_exported import struct MeshWarpCore.GenieLayout
  @_exported import struct MeshWarpCore.GenieMeshGenerator
  @_exported import struct MeshWarpCore.GenieTiming
  @_exported import struct MeshWarpCore.GenieViewMesh
  @_exported import struct MeshWarpCore.GradientColor
  @_exported import enum MeshWarpCore.GradientColorSpace
  @_exported import struct MeshWarpCore.GradientKeyframes
  @_exported import struct MeshWarpCore.GradientMesh
  @_exported import enum MeshWarpCore.GradientMeshError
  @_exported import struct MeshWarpCore.GradientMeshJSONError
  @_exported import enum MeshWarpCore.GradientPreset
  @_exported import enum MeshWarpCore.GradientPresets
  @_exported import enum MeshWarpCore.Interpolation
  @_exported import struct MeshWarpCore.KeyframeDocument
  @_exported import protocol MeshWarpCore.KeyframeFileValue
  @_exported import protocol MeshWarpCore.Keyframeable
  @_exported import struct MeshWarpCore.LensCamera
  @_exported import struct MeshWarpCore.LensDistortion
  @_exported import struct MeshWarpCore.MeshEffect
  @_exported import enum MeshWarpCore.MeshEffectError
  @_exported import struct MeshWarpCore.MeshFace
  @_exported import enum MeshWarpCore.MeshInterpolationMismatch
  @_exported import struct MeshWarpCore.MeshIssue
  @_exported import struct MeshWarpCore.MeshMapping
  @_exported import struct MeshWarpCore.MeshPointPair
  @_exported import enum MeshWarpCore.MeshPresets
  @_exported import enum MeshWarpCore.ShaderMeshData
  @_exported import struct MeshWarpCore.ThinPlateSpline
  @_exported import struct MeshWarpCore.Timeline
  @_exported import enum MeshWarpCore.TimelineError
  @_exported import enum MeshWarpCore.TimelineRepeat
  @_exported import enum MeshWarpCore.TimingCurve
  @_exported import typealias MeshWarpCore.Vector2
  @_exported import enum MeshWarpCore.WarpDescription
  @_exported import struct MeshWarpCore.WarpMesh
  @_exported import enum MeshWarpCore.WarpMeshError
  @_exported import struct MeshWarpCore.WarpPointSet
#endif

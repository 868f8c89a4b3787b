// An app file for Scripts/typecheck-apple.sh: it imports MeshWarpEffect and
// declares and uses its own simd-like 2D cross product. MeshWarpEffect
// re-exports the core's API types only, so `cross(_:_:)` here is the app's
// and unambiguous; were the core's helper re-exported, `cross(a, b)` below
// would not type-check (two candidates, different result types).
import MeshWarpEffect

func cross(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> SIMD3<Double> {
  SIMD3(0, 0, a.x * b.y - a.y * b.x)
}

let a = SIMD2<Double>(1, 0)
let b = SIMD2<Double>(0, 1)
let c = cross(a, b)
let z: Double = c.z
// The API types still come through the one import.
let mesh = WarpMesh.identity(columns: 2, rows: 2)
let policy: EdgePolicy = .unwarped
let gradient: GradientMesh = GradientPresets.meshing(at: 0)

// Must NOT type-check (Scripts/typecheck-apple.sh expects the error below):
// the core's free helpers are not part of what MeshWarpEffect re-exports.
// must-fail: modules
// expect: cannot find 'smoothstep' in scope
import MeshWarpEffect

let s = smoothstep(0.5)

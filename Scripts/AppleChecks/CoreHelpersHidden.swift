// Must NOT type-check (Scripts/typecheck-apple.sh expects an error): the
// core's free helpers are not part of what MeshWarpEffect re-exports.
import MeshWarpEffect

let s = smoothstep(0.5)

import MeshWarpCore
import MeshWarpFiles

/// Fuzz entry for point-set JSON (the thin-plate spline warp).
///
/// Decodes `bytes` as a ``WarpPointSet`` with ``JSONFile`` (the tool's
/// reader); when it has at most ``FuzzLimits/splineMaxPoints`` pairs,
/// builds its fine mesh for a 24 × 20 output of 16 × 16 content and
/// renders the 16 × 16 checkerboard through it (like `fuzzMesh`). Errors
/// (collinear, duplicate or non-finite points) are expected and ignored.
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes) to decode; O(n³) for the spline solve with
///   n ≤ ``FuzzLimits/splineMaxPoints`` + 4, and at most 24·20 faces.
public func fuzzPointSet(_ bytes: [UInt8]) {
  guard let points = try? JSONFile.decode(WarpPointSet.self, from: bytes, source: "fuzz input"),
    points.pairs.count <= FuzzLimits.splineMaxPoints
  else { return }
  let output = Vector2(Double(FuzzLimits.renderWidth), Double(FuzzLimits.renderHeight))
  guard let mesh = try? points.mesh(outputSize: output, contentSize: Vector2(16, 16)) else {
    return
  }
  exercise(mesh)
}

/// ``fuzzPointSet(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzPointSet(_ buffer: UnsafeRawBufferPointer) {
  fuzzPointSet([UInt8](buffer))
}

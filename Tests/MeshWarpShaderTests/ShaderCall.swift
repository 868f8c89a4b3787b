import _MetalShaderHarness

/// One call of the shipped shader through the C++ harness.
enum ShaderCall {
  /// Runs `meshTransformTrisQuads` at (x, y) in a square view of side `size`
  /// points with the array's own count; `kept` is false when it discarded.
  static func run(_ data: [Float], size: Float, x: Float, y: Float) -> (
    kept: Bool, source: SIMD2<Float>
  ) {
    run(data, count: data.count, width: size, height: size, x: x, y: y)
  }

  /// As above with an explicit `count` (to test validation) and view size.
  static func run(
    _ data: [Float], count: Int, width: Float, height: Float, x: Float, y: Float
  ) -> (kept: Bool, source: SIMD2<Float>) {
    var sx: Float = 0
    var sy: Float = 0
    let kept = meshwarp_shader_call(data, Int32(count), width, height, x, y, &sx, &sy)
    return (kept != 0, SIMD2(sx, sy))
  }
}

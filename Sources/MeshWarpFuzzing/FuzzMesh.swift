import MeshWarpCore
import MeshWarpFiles
import MeshWarpRender

/// Fuzz entry for warp mesh JSON.
///
/// Decodes `bytes` as a ``WarpMesh`` with ``JSONFile`` (the tool's reader)
/// and validates it. Then, when it has at most
/// ``FuzzLimits/meshMaxRenderedFaces`` faces: builds a ``MeshMapping`` and
/// looks up a few points both ways, packs it for the shader
/// (``ShaderMeshData``), and renders a 16 × 16 checkerboard through it at
/// 24 × 20 on one thread, once plainly and once with the `unwarped` edge
/// policy, 2 × 2 anti-aliasing and 2 × 2 supersampling. Invalid meshes go
/// through all of it: the mapping, packing and renderer promise to skip
/// faces with bad indices or non-finite points rather than trap.
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes) to decode and validate; then O(faces) for the
///   index and packing, and O(24·20·4·4 + faces) for the renders.
/// - Note: traps with a message when the renderer returns the wrong size.
public func fuzzMesh(_ bytes: [UInt8]) {
  guard let mesh = try? JSONFile.decode(WarpMesh.self, from: bytes, source: "fuzz input") else {
    return
  }
  exercise(mesh)
}

/// ``fuzzMesh(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzMesh(_ buffer: UnsafeRawBufferPointer) {
  fuzzMesh([UInt8](buffer))
}

/// Everything `fuzzMesh` does after decoding; internal so that tests can
/// feed meshes that JSON cannot express (NaN, infinities).
func exercise(_ mesh: WarpMesh) {
  _ = mesh.validate()
  guard mesh.faces.count <= FuzzLimits.meshMaxRenderedFaces else { return }

  let mapping = MeshMapping(mesh: mesh)
  var probes: [Vector2] = [
    Vector2(0.5, 0.5), Vector2(0, 0), Vector2(1, 1), Vector2(0.25, 0.75), Vector2(-1, 2),
    Vector2(.nan, 0.5), Vector2(.infinity, -.infinity), Vector2(1e308, -1e308),
  ]
  // Points on and inside the first faces, where lookups reach the inverter.
  // (From the public point pairs: the fuzz package is another package, so
  // the core's `package` quad accessors are out of its reach.)
  for i in mesh.faces.indices.prefix(4) where mesh.isRenderable(i) {
    let corners = mesh.faces[i].indices.map { mesh.pointPairs[$0] }
    let to = corners.map { Vector2($0.to) }
    let from = corners.map { Vector2($0.from) }
    probes.append(to[0])
    let sum: Vector2 = to[0] + to[1] + to[2] + to[3]
    probes.append(sum * 0.25)
    let diagonal: Vector2 = from[0] + from[2]
    probes.append(diagonal * 0.5)
  }
  for p in probes {
    _ = mapping.locate(destination: p)
    _ = mapping.locate(source: p)
    _ = mapping.sourcePoint(forDestination: p)
    _ = mapping.destinationPoint(forSource: p)
  }

  _ = ShaderMeshData.pack(mesh, edges: .unwarped)

  let source = fuzzSourceImage()
  let plans = [
    WarpOptions(width: FuzzLimits.renderWidth, height: FuzzLimits.renderHeight, threads: 1),
    WarpOptions(
      width: FuzzLimits.renderWidth, height: FuzzLimits.renderHeight, edges: .unwarped,
      antialias: 2, supersample: 2, threads: 1),
  ]
  for options in plans {
    let output = WarpRenderer.render(source, mesh: mesh, options: options)
    guard output.width == FuzzLimits.renderWidth, output.height == FuzzLimits.renderHeight
    else {
      fatalError("fuzzMesh: render returned \(output.width)×\(output.height), expected 24×20")
    }
  }
}

/// The 16 × 16 source of the tiny renders: a 4-px checkerboard with a
/// half-transparent dark square, so premultiplication is exercised.
func fuzzSourceImage() -> RGBAImage {
  ImageGenerators.checkerboard(
    width: 16, height: 16, cell: 4, light: RGBA8(250, 240, 20), dark: RGBA8(10, 30, 200, 128))
}

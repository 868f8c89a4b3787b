import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles

/// The editor's files: mesh and gradient JSON in, JSON and Swift code out,
/// and the rule for new file names (never overwrite a file the editor did
/// not open or create).
package enum EditorFiles {
  /// A warp opened for editing: the mesh, what it was made from when the
  /// file is not a plain mesh, and whether saving may write back to it.
  package struct OpenedWarp {
    package var mesh: WarpMesh
    /// How a point set or keyframe file became this mesh; nil for a mesh.
    package var note: String?
    /// Whether J may save over the file: false for a point set or a
    /// keyframe file, which a plain mesh would replace.
    package var savesInPlace: Bool
  }

  /// Reads what `meshwarp warp --mesh` reads, through the document reader:
  /// a mesh as it is; a point set as a `density × density` grid whose
  /// points follow its thin-plate spline (fitted from the picture to the
  /// output, on a picture of `contentSize` pixels); a mesh keyframe file
  /// as its first keyframe's mesh; an effect (or an effect keyframe
  /// file's first) as its mesh for the picture, within 0.25 px.
  package static func openWarp(path: String, contentSize: Vector2, density: Int = 9) throws
    -> OpenedWarp
  {
    let file = try DocumentFile.read(
      path, accepting: DocumentKind.warps, role: "the editor's --mesh")
    switch try file.warp(contentSize: contentSize) {
    case .mesh(let mesh):
      return OpenedWarp(mesh: mesh, note: nil, savesInPlace: true)
    case .keyframes(let timeline):
      return OpenedWarp(
        mesh: timeline.keyframes[0].value,
        note:
          "keyframe file: editing keyframes[0] of \(timeline.keyframes.count); J saves a new mesh file",
        savesInPlace: false)
    case .effect(let effect):
      return try openEffect(effect, contentSize: contentSize, note: "effect")
    case .effectKeyframes(let timeline):
      return try openEffect(
        timeline.keyframes[0].value, contentSize: contentSize,
        note: "effect keyframe file: editing keyframes[0] of \(timeline.keyframes.count)")
    case .pointSet(let points):
      return OpenedWarp(
        mesh: try grid(following: points, contentSize: contentSize, density: density),
        note:
          "point set: its thin-plate spline on a \(density)x\(density) grid; J saves a new mesh file",
        savesInPlace: false)
    }
  }

  /// The mesh of `effect` for a picture of `contentSize` pixels, to edit.
  static func openEffect(_ effect: MeshEffect, contentSize: Vector2, note: String) throws
    -> OpenedWarp
  {
    let (width, height) = (Int(contentSize.x.rounded()), Int(contentSize.y.rounded()))
    let mesh = try effect.mesh(width: max(1, width), height: max(1, height))
    let grid = mesh.grid.map { "\($0.columns)x\($0.rows)" } ?? "its"
    return OpenedWarp(
      mesh: mesh,
      note: "\(note): its \(grid) mesh at \(width)x\(height); J saves a new mesh file",
      savesInPlace: false)
  }

  /// A grid whose `from` points are evenly spaced and whose `to` points
  /// are where the thin-plate spline through `points` (from the picture to
  /// the output, corners pinned unless the set says otherwise) moves them.
  static func grid(following points: WarpPointSet, contentSize: Vector2, density: Int) throws
    -> WarpMesh
  {
    var controls = points.pairs.map { Vector2($0.from) * contentSize }
    var values = points.pairs.map { Vector2($0.to) * contentSize }
    if points.pinCorners {
      for corner in [Vector2(0, 0), Vector2(1, 0), Vector2(0, 1), Vector2(1, 1)]
      where !controls.contains(corner * contentSize) {
        controls.append(corner * contentSize)
        values.append(corner * contentSize)
      }
    }
    let spline = try ThinPlateSpline(controlPoints: controls, values: values)
    var mesh = WarpMesh.identity(columns: density, rows: density)
    for i in mesh.pointPairs.indices {
      let to = spline(Vector2(mesh.pointPairs[i].from) * contentSize)
      mesh.pointPairs[i].to = CGPoint(x: to.x / contentSize.x, y: to.y / contentSize.y)
    }
    return mesh
  }

  /// Reads a gradient JSON file (the format `meshwarp gradient` reads), validated;
  /// errors give line:column as the command line's do.
  package static func loadGradient(path: String) throws -> GradientMesh {
    let gradient = try DocumentFile.read(
      path, accepting: [.gradient], role: "the editor's gradient mode"
    ).gradient()
    try gradient.validate()
    return gradient
  }

  /// Reads a morph JSON file (the format `meshwarp morph --points` reads),
  /// validated over t; errors give line:column as the command line's do.
  package static func loadMorph(path: String) throws -> MorphDocument {
    let morph = try DocumentFile.read(
      path, accepting: [.morph], role: "the editor's morph mode"
    ).morph()
    try morph.validate()
    return morph
  }

  /// The morph as JSON, as `meshwarp mesh morph-grid` writes it.
  package static func morphJSON(_ morph: MorphDocument) throws -> Data {
    Data(morph.compactJSON().utf8)
  }

  /// The mesh as JSON in the compact form `meshwarp mesh grid` writes
  /// (``WarpMesh/compactJSON(shorthand:)``: one grid row a line, with
  /// `"smooth": true` when set); Doubles are written with the shortest text
  /// that reads back to the same value, so a saved mesh reopens exactly.
  package static func meshJSON(_ mesh: WarpMesh) -> Data {
    Data(mesh.compactJSON().utf8)
  }

  /// Writes `data` to `path` atomically, creating its folder.
  package static func write(_ data: Data, to path: String) throws {
    let folder = (path as NSString).deletingLastPathComponent
    if !folder.isEmpty {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    try OutputFile.write([UInt8](data), to: path)
  }

  /// A path in `folder` named `stem` + `suffix` that no file has yet:
  /// `stem-mesh.json`, then `stem-mesh-2.json`, `stem-mesh-3.json`, …
  package static func freshPath(folder: String, stem: String, suffix: String, extension ext: String)
    -> String
  {
    let fm = FileManager.default
    var n = 1
    while true {
      let name = "\(stem)-\(suffix)" + (n == 1 ? "" : "-\(n)") + ".\(ext)"
      let path = (folder as NSString).appendingPathComponent(name)
      if !fm.fileExists(atPath: path) { return path }
      n += 1
    }
  }
}

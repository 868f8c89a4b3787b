import Foundation
import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpRender

/// What an ``ImageWarp`` will do, decided before anything is written: the
/// decoded picture, the mesh for its size, the output's size and format,
/// and the notes a user should see first. ``run(note:)`` renders, encodes
/// and writes.
public struct ImageWarpPlan: Sendable {
  /// The job planned.
  public let job: ImageWarp
  /// The picture, decoded (orientation applied).
  public let picture: DecodedImage
  /// What is drawn at the job's time: the mesh read for the picture's
  /// size, or an effect drawn at the output's size.
  public let geometry: WarpGeometry
  /// The output width in pixels.
  public let width: Int
  /// The output height in pixels.
  public let height: Int
  /// What a user should know before the work: the decoder's notes (a
  /// HEIF depth map left out, samples reduced) and what will be written.
  public let notes: [String]

  /// The format written.
  public var format: ImageFormat { job.output.format }

  /// Whether the output is written with 16 bits a value: a deep picture
  /// into PNG or TIFF, unless the output asks for 8; or any picture when
  /// it asks for 16.
  public var writesDeep: Bool {
    switch job.output.depth {
    case .bits8: false
    case .bits16: true
    case nil: picture.pixels.isDeep && format.holdsDeepSamples
    }
  }

  /// What will be written and why, in one line: "a 640x480 PNG to
  /// out.png, the input's ICC profile and EXIF kept".
  public var summary: String {
    var kept: [String] = []
    if job.output.keepsMetadata {
      if picture.color.iccProfile != nil { kept.append("ICC profile") }
      if picture.metadata.exif != nil { kept.append("EXIF") }
      if picture.metadata.xmp != nil { kept.append("XMP") }
    }
    let metadata =
      kept.isEmpty
      ? (job.output.keepsMetadata ? "" : ", metadata stripped")
      : ", the input's \(kept.joined(separator: ", ")) kept"
    return
      "a \(width)x\(height) \(writesDeep ? "16-bit " : "")\(format.name) to \(job.output.name)\(metadata)"
  }

  init(_ job: ImageWarp, note: (String) -> Void, stage: (ImageWarpStage) -> Void = { _ in })
    throws
  {
    self.job = job
    // A size given is checked before the input is decoded.
    let supersample = max(job.options.supersample, 1)
    func check(_ width: Int, _ height: Int) throws {
      let (w, h) = (width * supersample, height * supersample)
      guard w * h <= job.maxPixels else {
        throw ImageWarpError.outputTooLarge(width: w, height: h, maxPixels: job.maxPixels)
      }
    }
    if let width = job.width, let height = job.height { try check(width, height) }
    switch job.input {
    case .decoded(let decoded): picture = decoded
    case .file(let path):
      stage(.decoding)
      picture = try ImageDecoder.decodeFile(
        path: path, maxPixels: job.maxPixels, threads: job.threads)
    }
    (width, height) = OutputSize.resolve(
      width: job.width, height: job.height,
      input: (picture.pixels.width, picture.pixels.height))
    try check(width, height)
    let content = Vector2(Double(picture.pixels.width), Double(picture.pixels.height))
    let output = Vector2(Double(width), Double(height))
    stage(.preparingWarp)
    switch job.warp {
    case .mesh(let animation):
      if let (place, error) = animation.effectProblem(width: width, height: height) {
        throw ImageWarpError.effectDoesNotHold(place: place, error: error)
      }
      geometry = animation.geometry(at: job.time)
    case .source(let source):
      geometry = try source.animation(contentSize: content, outputSize: output, note: note)
        .geometry(at: job.time)
      if case .transparent = job.options.edges, case .mesh(let mesh) = geometry,
        let detail = Self.nothingDrawn(mesh)
      {
        throw ImageWarpError.nothingDrawn(source: source.mesh.path, detail: detail)
      }
    }
    notes = picture.notes
  }

  /// Renders the picture through the mesh or effect at its own depth (a
  /// deep one deep, an 8-bit one on the 8-bit path), then encodes and
  /// writes it (``StillOutput/write(_:color:metadata:grayscale:note:)-(PixelImage,_,_,_,_)``),
  /// which rounds a deep result once, at the end, for an 8-bit output.
  ///
  /// - Parameter note: the encoder's notes (a JPEG's transparency
  ///   composited, metadata too large for its segment).
  /// - Returns: the bytes for standard output, else nil.
  @discardableResult
  public func run(note: (String) -> Void = { _ in }) throws -> [UInt8]? {
    try run(note: note, stage: { _ in })
  }

  /// ``run(note:)``, calling `stage` as each step starts (rendering, then
  /// encoding).
  @discardableResult
  public func run(note: (String) -> Void = { _ in }, stage: (ImageWarpStage) -> Void) throws
    -> [UInt8]?
  {
    var options = job.options
    options.width = width
    options.height = height
    stage(.rendering)
    let result = WarpRenderer.render(picture.pixels, geometry: geometry, options: options)
    stage(.encoding)
    return try job.output.write(
      result, color: picture.color, metadata: picture.metadata, grayscale: picture.isGrayscale,
      note: note)
  }

  /// Why `mesh` would draw nothing on a transparent background: no face
  /// reaches into the picture (0…1 both ways), as happens with pixel
  /// coordinates in a normalized file; nil when some face does.
  package static func nothingDrawn(_ mesh: WarpMesh) -> String? {
    guard !mesh.faces.isEmpty else { return nil }
    let to = mesh.pointPairs.map(\.to)
    let reaches = mesh.faces.contains { face in
      let xs = face.indices.map { Double(to[$0].x) }
      let ys = face.indices.map { Double(to[$0].y) }
      return xs.min()! < 1 && xs.max()! > 0 && ys.min()! < 1 && ys.max()! > 0
    }
    guard !reaches else { return nil }
    let xs = to.map { Double($0.x) }
    let ys = to.map { Double($0.y) }
    func span(_ v: [Double]) -> String {
      String(format: "%.6g…%.6g", v.min()!, v.max()!)
    }
    return
      "no face reaches into the picture (its \"to\" points span x \(span(xs)), y \(span(ys)); normalized points run 0…1). Pixel coordinates need \"units\": \"pixels\"; --edges unwarped shows the picture around the mesh"
  }
}

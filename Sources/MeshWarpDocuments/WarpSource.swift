import Foundation
import MeshWarpCore

/// What a warp is read from: a warp document (a mesh, a point set or mesh
/// keyframes) and, for a mesh, optionally a second one to animate to.
/// ``animation(contentSize:outputSize:note:)`` reads and checks it for a
/// picture of a known size: the one loader behind `meshwarp warp --mesh`,
/// the library's jobs and the editor.
///
/// ```swift
/// let source = WarpSource(mesh: try DocumentFile.read("points.json", accepting: DocumentKind.warps))
/// let animation = try source.animation(
///   contentSize: Vector2(640, 480), outputSize: Vector2(640, 480), note: { print("note:", $0) })
/// ```
public struct WarpSource: Sendable {
  /// The warp document.
  public var mesh: DocumentFile
  /// A mesh or point set that `mesh` animates to over ``duration``; nil: none.
  public var endMesh: DocumentFile?
  /// Seconds from ``mesh`` to ``endMesh`` (> 0); nil: 1 s.
  public var duration: Double?
  /// Smooth every mesh as a Catmull-Rom surface (each must be a grid).
  public var smooth: Bool
  /// Pin a point set's image corners; nil: as the point set says.
  public var pinsCorners: Bool?
  /// The name of the smoothing switch in messages (`--smooth`).
  public var smoothName: String

  /// A warp read from `mesh` (and `endMesh`), with these settings.
  public init(
    mesh: DocumentFile, endMesh: DocumentFile? = nil, duration: Double? = nil,
    smooth: Bool = false, pinsCorners: Bool? = nil, smoothName: String = "smooth"
  ) {
    self.mesh = mesh
    self.endMesh = endMesh
    self.duration = duration
    self.smooth = smooth
    self.pinsCorners = pinsCorners
    self.smoothName = smoothName
  }

  /// The warp, read and checked for content and output of these sizes in
  /// pixels: a pixel-unit mesh is read against `contentSize` (or the
  /// output's), a point set becomes the spline's mesh at `outputSize`
  /// (nil: refused, the size is not known yet), every mesh is validated
  /// (warnings go to `note`), and a smoothed mesh must be a grid whose
  /// subdivision fits.
  ///
  /// - Throws: ``WarpSourceError``, or the documents' own errors
  ///   (`FileError`, ``DocumentError``).
  public func animation(
    contentSize: Vector2?, outputSize: Vector2?, note: (String) -> Void = { _ in }
  ) throws -> MeshAnimation {
    let content = contentSize ?? outputSize
    if mesh.kind == .effect || mesh.kind == .effectKeyframes {
      return try effectAnimation(outputSize: outputSize ?? contentSize)
    }
    let animation: MeshAnimation
    if mesh.kind == .meshKeyframes {
      guard endMesh == nil else { throw WarpSourceError.keyframesHaveTheirEnd(source: mesh.path) }
      let timeline = try mesh.timeline(WarpMesh.self)
      for (i, keyframe) in timeline.keyframes.enumerated() {
        try Self.check(
          keyframe.value.validate(), source: "\(mesh.path): keyframes[\(i)]", what: "mesh",
          note: note)
      }
      animation = .animated(timeline)
    } else {
      let from = try oneMesh(mesh, content: content, output: outputSize, note: note)
      if let endMesh {
        let to = try oneMesh(endMesh, content: content, output: outputSize, note: note)
        do {
          animation = try MeshAnimation.between(from, to, duration: duration ?? 1)
        } catch .shapeMismatch(_, let detail) {
          throw WarpSourceError.endDoesNotFit(end: endMesh.path, start: mesh.path, detail: detail)
        } catch {
          throw WarpSourceError.badDuration(reason: error.reason)
        }
      } else {
        animation = .still(from)
      }
    }
    // Smoothing is the renderer's, frame by frame: a mesh it cannot smooth
    // is refused here, not drawn piecewise; nor one whose subdivision is
    // beyond the limit (its plan is cheap; the fine mesh is not built).
    for (i, m) in animation.keyframeMeshes.enumerated() where smooth || m.smooth {
      let place = animation.isAnimated ? "keyframes[\(i)]: " : ""
      let asked = smooth ? smoothName : "\"smooth\": true"
      guard m.isSmoothable else {
        throw WarpSourceError.cannotSmooth(
          source: mesh.path, asked: asked, place: place, reason: "\(WarpMeshError.notAGrid)")
      }
      if let outputSize {
        do {
          _ = try m.smoothingPlan(outputSize: outputSize, contentSize: content)
        } catch {
          throw WarpSourceError.cannotSmooth(
            source: mesh.path, asked: asked, place: place, reason: "\(error)")
        }
      }
    }
    return animation
  }

  /// An effect document (one effect or keyframes), animated to
  /// ``endMesh`` when that is an effect of the same kind, its parameters
  /// checked at `outputSize` (when known) at every keyframe and at 16
  /// points of each segment between them.
  private func effectAnimation(outputSize: Vector2?) throws -> MeshAnimation {
    if smooth { throw WarpSourceError.effectIsExact(source: mesh.path, asked: smoothName) }
    let animation: MeshAnimation
    if mesh.kind == .effectKeyframes {
      guard endMesh == nil else { throw WarpSourceError.keyframesHaveTheirEnd(source: mesh.path) }
      animation = .animatedEffect(try mesh.timeline(MeshEffect.self))
    } else if let endMesh {
      guard endMesh.kind == .effect else {
        throw WarpSourceError.endDoesNotFit(
          end: endMesh.path, start: mesh.path,
          detail:
            "an effect animates to another effect of its kind, not to a \(endMesh.kind?.description ?? "file of another kind")"
        )
      }
      let (from, to) = (try mesh.effect(), try endMesh.effect())
      typealias Keyframe = Timeline<MeshEffect>.Keyframe
      do {
        animation = .animatedEffect(
          try Timeline([
            Keyframe(time: 0, value: from, easing: MeshAnimation.defaultEasing),
            Keyframe(time: duration ?? 1, value: to),
          ]))
      } catch .shapeMismatch(_, let detail) {
        throw WarpSourceError.endDoesNotFit(end: endMesh.path, start: mesh.path, detail: detail)
      } catch {
        throw WarpSourceError.badDuration(reason: error.reason)
      }
    } else {
      animation = .effect(try mesh.effect())
    }
    if let size = outputSize,
      let (place, error) = animation.effectProblem(
        width: Int(size.x.rounded()), height: Int(size.y.rounded()))
    {
      throw WarpSourceError.effect(source: mesh.path, place: place, reason: "\(error)")
    }
    return animation
  }

  /// One mesh document: a mesh, or a point set made into the spline's
  /// fine mesh.
  private func oneMesh(
    _ file: DocumentFile, content: Vector2?, output: Vector2?, note: (String) -> Void
  ) throws -> WarpMesh {
    let units = MeshUnitsReport()
    switch try file.warp(contentSize: content, units: units) {
    case .keyframes, .effectKeyframes:
      throw WarpSourceError.keyframesHaveTheirEnd(source: file.path)
    case .effect:
      throw WarpSourceError.endDoesNotFit(
        end: file.path, start: mesh.path,
        detail: "a mesh animates to another mesh, and \(file.path) is an effect")
    case .mesh(let mesh):
      try Self.check(mesh.validate(), source: file.path, what: "mesh", note: note)
      if let content, let warning = Self.pixelSizeWarning(mesh, units, content: content) {
        note("\(file.path): warning: \(warning)")
      }
      return mesh
    case .pointSet(var points):
      guard let output else { throw WarpSourceError.pointSetNeedsOutputSize(source: file.path) }
      if smooth { throw WarpSourceError.pointSetIsSmooth(source: file.path, asked: smoothName) }
      if let pinsCorners { points.pinCorners = pinsCorners }
      try Self.check(points.issues, source: file.path, what: "point set", note: note)
      do {
        return try points.mesh(outputSize: output, contentSize: content)
      } catch {
        throw WarpSourceError.spline(source: file.path, reason: "\(error)")
      }
    }
  }

  /// Passes the warnings among `issues` to `note` and throws the errors.
  static func check(
    _ issues: [MeshIssue], source: String, what: String, note: (String) -> Void
  ) throws {
    for issue in issues where issue.severity == .warning { note("\(source): \(issue)") }
    let errors = issues.filter { $0.severity == .error }
    guard errors.isEmpty else {
      throw WarpSourceError.invalid(source: source, what: what, errors: errors)
    }
  }

  /// Why a pixel-unit mesh may not be for this picture: its `"width"` and
  /// `"height"` differ from the picture's (its points are then scaled to
  /// it), or, without them, its original points reach beyond the picture
  /// (it was made for a larger one, and is cropped). Nil when it fits, or
  /// the mesh is normalized.
  static func pixelSizeWarning(_ mesh: WarpMesh, _ units: MeshUnitsReport, content: Vector2)
    -> String?
  {
    func size(_ v: Vector2) -> String { "\(Int(v.x.rounded()))×\(Int(v.y.rounded()))" }
    if let made = units.madeFor, made.x > 0, made.y > 0,
      abs((made.x / made.y) / (content.x / content.y) - 1) > 0.01
    {
      return
        "the mesh was made for a \(size(made)) picture, and the image is \(size(content)): its shapes stretch with the aspect (circles become ellipses); make it for this size (meshwarp mesh … --size \(Int(content.x.rounded()))x\(Int(content.y.rounded()))) or draw the effect itself (meshwarp warp … --effect)"
    }
    if let declared = units.declaredSize, declared != content {
      return
        "the mesh is in pixels of a \(size(declared)) picture, and the image is \(size(content)): its points are scaled to the image"
    }
    guard let implied = units.impliedSize, !mesh.pointPairs.isEmpty else { return nil }
    let reach = mesh.pointPairs.reduce(Vector2(0, 0)) {
      Vector2(max($0.x, Double($1.from.x) * implied.x), max($0.y, Double($1.from.y) * implied.y))
    }
    guard reach.x > implied.x + 0.5 || reach.y > implied.y + 0.5 else { return nil }
    return
      "the mesh's points reach \(size(reach)) pixels, beyond the \(size(content)) image: made for a larger picture? Its part outside is cropped; add \"width\" and \"height\" to scale it"
  }
}

/// Why a warp source cannot be used (beside its files' own errors).
public enum WarpSourceError: Error, Sendable, Equatable, CustomStringConvertible {
  /// A mesh (`what`: "mesh", "point set") with validation errors.
  case invalid(source: String, what: String, errors: [MeshIssue])
  /// A point set without an output size to make its spline at.
  case pointSetNeedsOutputSize(source: String)
  /// Smoothing asked (by `asked`) for a point set, smooth already.
  case pointSetIsSmooth(source: String, asked: String)
  /// A keyframe file given where one mesh belongs, or with an end mesh.
  case keyframesHaveTheirEnd(source: String)
  /// The end mesh's structure differs from the start's.
  case endDoesNotFit(end: String, start: String, detail: String)
  /// The animation's duration is not a positive number of seconds.
  case badDuration(reason: String)
  /// A mesh that smoothing (asked by `asked`) cannot take.
  case cannotSmooth(source: String, asked: String, place: String, reason: String)
  /// The point set's spline cannot be made.
  case spline(source: String, reason: String)
  /// An effect's parameters do not hold at the picture's size (`place`:
  /// which keyframe, or "" for a still effect).
  case effect(source: String, place: String, reason: String)
  /// Smoothing asked (by `asked`) for an effect, which is drawn exactly.
  case effectIsExact(source: String, asked: String)

  /// Whether the error is in how the warp was asked for (options that do
  /// not go together), not in a file's content.
  public var isRequestError: Bool {
    switch self {
    case .pointSetNeedsOutputSize, .pointSetIsSmooth, .keyframesHaveTheirEnd, .badDuration,
      .effectIsExact:
      true
    default: false
    }
  }

  public var description: String {
    switch self {
    case .invalid(let source, let what, let errors):
      "\(source): invalid \(what) (\(plural(errors.count, "error")))\n"
        + errors.map { "  \($0)" }.joined(separator: "\n")
    case .pointSetNeedsOutputSize(let source):
      "\(source) is a point set: give --size for a video (the spline is built for the output size)"
    case .pointSetIsSmooth(let source, let asked):
      "\(asked) applies to grid meshes; \(source) is a point set, whose thin-plate spline is smooth already: leave out \(asked)"
    case .keyframesHaveTheirEnd(let source):
      "\(source) is a keyframe file: it animates by itself; --to-mesh goes with a plain mesh"
    case .endDoesNotFit(let end, let start, let detail):
      "\(end): does not fit \(start): \(detail)"
    case .badDuration(let reason):
      "--to-mesh: \(reason)"
    case .cannotSmooth(let source, let asked, let place, let reason):
      "\(source): \(asked): \(place)\(reason)"
    case .spline(let source, let reason):
      "\(source): \(reason)"
    case .effect(let source, let place, let reason):
      "\(source): \(place)\(reason)"
    case .effectIsExact(let source, let asked):
      "\(asked) applies to meshes; \(source) is an effect, drawn exactly from its formula: leave out \(asked)"
    }
  }
}

extension WarpMesh {
  /// Whether ``smoothed(outputSize:contentSize:tolerance:)`` accepts the
  /// mesh's structure: a row-major grid of at least 2 × 2 points (declared,
  /// or read off its faces).
  public var isSmoothable: Bool {
    guard let grid = withGridInferred.grid, grid.columns >= 2, grid.rows >= 2 else {
      return false
    }
    return grid.columns.multipliedReportingOverflow(by: grid.rows)
      == (pointPairs.count, false)
  }
}

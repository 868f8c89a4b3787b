/// A keyframe file as written: keyframes whose meshes (or gradients) are
/// inline or references to other files, not yet resolved nor checked.
///
/// The JSON (see `KeyframeDocument+Codable.swift`):
///
/// ```
/// {"loop": true,                 (false, true or "pingPong"; default false)
///  "duration": 4,                (optional: seconds of one pass; default the last time)
///  "keyframes": [
///    {"time": 0, "mesh": {…a mesh…}, "easing": "easeInOut"},
///    {"time": 2, "mesh": "b.json",   "easing": {"cubicBezier": [0.25, 0.1, 0.25, 1]}},
///    …]}
/// ```
///
/// `"gradient"` replaces `"mesh"` in gradient keyframe files. A string is a
/// file reference, relative to the keyframe file's folder. `"easing"`
/// shapes the segment *leaving* the keyframe (default `"linear"`); names:
/// `linear`, `easeIn`, `easeOut`, `easeInOut` (CSS's `ease-in`, `ease-out`,
/// `ease-in-out` and `ease` are accepted too), or `{"cubicBezier": [x1, y1,
/// x2, y2]}` (see ``TimingCurve``). Unknown keys are ignored.
///
/// MeshWarpDocuments' `KeyframeFile` reads files, resolves references and
/// reports errors with line and column.
public struct KeyframeDocument<Value: KeyframeFileValue>: Sendable {
  /// Where a keyframe's value is.
  public enum Source: Sendable {
    /// Written in the keyframe file itself.
    case inline(Value)
    /// A path, relative to the keyframe file's folder unless absolute.
    case file(String)
  }

  /// One keyframe as written.
  public struct Entry: Sendable {
    public var time: Double
    public var source: Source
    /// Shapes the segment leaving this keyframe.
    public var easing: TimingCurve

    public init(time: Double, source: Source, easing: TimingCurve = .linear) {
      self.time = time
      self.source = source
      self.easing = easing
    }
  }

  public var repeatMode: TimelineRepeat
  /// One pass in seconds, or nil for the last keyframe's time.
  public var duration: Double?
  public var keyframes: [Entry]

  public init(
    keyframes: [Entry], repeat repeatMode: TimelineRepeat = .once, duration: Double? = nil
  ) {
    self.keyframes = keyframes
    self.repeatMode = repeatMode
    self.duration = duration
  }

  /// The timeline, with each file reference replaced by `resolve(index,
  /// reference)`'s value.
  ///
  /// - Throws: what `resolve` throws, or ``TimelineError``.
  public func timeline(resolving resolve: (Int, String) throws -> Value) throws -> Timeline<Value> {
    var resolved: [Timeline<Value>.Keyframe] = []
    resolved.reserveCapacity(keyframes.count)
    for (i, entry) in keyframes.enumerated() {
      let value: Value
      switch entry.source {
      case .inline(let inline): value = inline
      case .file(let reference): value = try resolve(i, reference)
      }
      resolved.append(.init(time: entry.time, value: value, easing: entry.easing))
    }
    return try Timeline(resolved, repeat: repeatMode, duration: duration)
  }
}

extension KeyframeDocument.Source: Equatable where Value: Equatable {}
extension KeyframeDocument.Entry: Equatable where Value: Equatable {}
extension KeyframeDocument: Equatable where Value: Equatable {}

import MeshWarpCore
import MeshWarpDocuments
import MeshWarpFiles
import MeshWarpVideo

/// Fuzz entry for keyframe files (mesh and gradient keyframes).
///
/// Decodes `bytes` as a `KeyframeDocument` of meshes and of gradients and
/// builds each timeline: through ``KeyframeFile/decode(_:from:source:referencesRelativeTo:maxBytes:)``
/// (the tool's loader, whose errors carry line and column) when the bytes
/// hold no `/` — file references then all point into a folder that does not
/// exist, so nothing is read from disk — and otherwise through
/// `KeyframeDocument.timeline(resolving:)` with references refused. Each
/// timeline is evaluated at ``FuzzLimits/keyframeProbeTimes`` and at
/// fractions of its duration; the value at the middle is then rendered
/// like a `fuzzMesh` or `fuzzGradient` input.
///
/// - Parameter bytes: anything.
/// - Complexity: O(bytes) to decode, O(log keyframes) per evaluation, then
///   one tiny render.
/// - Note: traps with a message when an evaluated value loses the
///   timeline's topology.
public func fuzzKeyframes(_ bytes: [UInt8]) {
  if let timeline = timeline(WarpMesh.self, bytes) {
    let first = timeline.keyframes[0].value
    let mid = evaluate(timeline) { mesh in
      guard mesh.faces == first.faces, mesh.pointPairs.count == first.pointPairs.count else {
        fatalError("fuzzKeyframes: an evaluated mesh has another topology")
      }
    }
    if mid.faces.count <= FuzzLimits.keyframeMaxRenderedFaces { exercise(mid) }
  }
  if let timeline = timeline(GradientMesh.self, bytes) {
    let first = timeline.keyframes[0].value
    let mid = evaluate(timeline) { gradient in
      guard gradient.width == first.width, gradient.height == first.height else {
        fatalError("fuzzKeyframes: an evaluated gradient has another size")
      }
    }
    exercise(mid)
  }
}

/// ``fuzzKeyframes(_:)-([UInt8])`` on a buffer (libFuzzer's form).
public func fuzzKeyframes(_ buffer: UnsafeRawBufferPointer) {
  fuzzKeyframes([UInt8](buffer))
}

private struct ReferenceRefused: Error {}

private func timeline<Value: KeyframeFileValue>(_ type: Value.Type, _ bytes: [UInt8])
  -> Timeline<Value>?
{
  if !bytes.contains(UInt8(ascii: "/")) {
    return try? KeyframeFile.decode(
      type, from: bytes, source: "fuzz input",
      referencesRelativeTo: "/nonexistent-meshwarp-fuzz-folder")
  }
  guard
    let document = try? JSONFile.decode(
      KeyframeDocument<Value>.self, from: bytes, source: "fuzz input")
  else { return nil }
  return try? document.timeline { _, _ in throw ReferenceRefused() }
}

/// Evaluates `timeline` at the probe times, checking each value; returns
/// the value at half the duration.
private func evaluate<Value>(_ timeline: Timeline<Value>, check: (Value) -> Void) -> Value {
  let d = timeline.duration
  for t in FuzzLimits.keyframeProbeTimes + [d * 0.37, d, d * 2.5, d.nextUp, -d] {
    let local = timeline.localTime(t)
    guard local.isNaN || local >= 0 else {
      fatalError("fuzzKeyframes: localTime(\(t)) = \(local) is before 0")
    }
    check(timeline.value(at: t))
  }
  return timeline.value(at: d / 2)
}

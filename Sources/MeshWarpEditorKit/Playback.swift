import MeshWarpCore

/// The animation clock and the genie: the content's time (stopped while
/// paused) and the genie playback while one runs.
struct Playback {
  /// Whether the content's animation (and the genie) is paused.
  var paused = false
  /// Animation time in seconds (stops while paused).
  var time = 0.0
  /// The genie playback, while one runs.
  var genie: GeniePlayback?

  /// Advances the clock by `seconds` (unless paused); logs the genie's end.
  mutating func advance(by seconds: Double, log: (String) -> Void) {
    guard !paused, seconds > 0 else { return }
    time += seconds
    if var g = genie {
      g.elapsed += seconds
      if g.progress == nil {
        genie = nil
        log("genie: done")
      } else {
        genie = g
      }
    }
  }

  /// Starts the genie (G), or logs why not; returns whether it started.
  mutating func startGenie(log: (String) -> Void) -> Bool {
    guard EditorHooks.genieAvailable else {
      log("genie: not available yet (EditorHooks.genieMesh returns nil)")
      return false
    }
    guard genie == nil else { return false }
    genie = GeniePlayback()
    log("genie: playing")
    return true
  }

  /// The mesh the frame shows: the genie's while it plays, else `mesh`.
  func displayedMesh(_ mesh: WarpMesh) -> WarpMesh {
    if let p = genie?.progress,
      let m = EditorHooks.genieMesh(progress: p, target: EditorHooks.genieTarget)
    {
      return m
    }
    return mesh
  }
}

// The demo app: run the MeshWarpEffectDemoApp scheme with the My Mac
// destination. On platforms without SwiftUI it only says so (an executable
// target needs an entry point everywhere).
#if canImport(SwiftUI) && os(macOS)
  import SwiftUI
  import MeshWarpEffectDemoUI

  struct MeshWarpEffectDemoApp: App {
    var body: some Scene {
      WindowGroup {
        MeshWarpDemoView()
      }
    }
  }

  MeshWarpEffectDemoApp.main()
#else
  print(
    "MeshWarpEffectDemoApp needs SwiftUI on macOS. On Linux, run `swift run meshwarp-editor` for the SDL2 demo."
  )
#endif

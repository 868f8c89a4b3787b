// swift-tools-version: 6.0
// MeshWarp: warp any picture or view through a 2D mesh, render Apple-faithful
// mesh gradients. Layers (arrows point one way):
//
//   MeshWarpCore  <-  MeshWarpRender  <-  MeshWarpIO  <-  MeshWarpCLI <- meshwarp
//        ^                                      ^-------- meshwarp-demo (SDL2)
//        '-- MeshWarpEffect (SwiftUI + Metal, Apple only; re-exports the core)
//
// MeshWarpIO is an umbrella that re-exports four modules, each linking only
// the system libraries it uses:
//
//   MeshWarpFiles (libc, Foundation)  <-  MeshWarpImageIO (libpng, zlib, libjpeg-turbo, libwebp, giflib)  <-  MeshWarpVideo
//   MeshWarpRender  <-  MeshWarpImageIO          (MeshWarpVideo runs ffmpeg as a process)
//   MeshWarpRender  <-  MeshWarpText (fontconfig, HarfBuzz, FreeType)
import PackageDescription

let package = Package(
  name: "MeshWarpEffect",
  platforms: [.iOS(.v17), .macOS(.v14)],
  products: [
    // What Apple users add, exactly as the seed README names it. It depends on
    // the pure-Swift core only: no libpng, FreeType or SDL in an iOS app.
    .library(name: "MeshWarpEffect", targets: ["MeshWarpEffect"]),
    .library(name: "MeshWarpCore", targets: ["MeshWarpCore"]),
    .library(name: "MeshWarpRender", targets: ["MeshWarpRender"]),
    .library(name: "MeshWarpIO", targets: ["MeshWarpIO"]),
    .library(name: "MeshWarpFiles", targets: ["MeshWarpFiles"]),
    .library(name: "MeshWarpImageIO", targets: ["MeshWarpImageIO"]),
    .library(name: "MeshWarpVideo", targets: ["MeshWarpVideo"]),
    .library(name: "MeshWarpText", targets: ["MeshWarpText"]),
    .executable(name: "meshwarp", targets: ["meshwarp"]),
    .executable(name: "meshwarp-demo", targets: ["meshwarp-demo"]),
  ],
  targets: [
    // MARK: System libraries (Debian packages; see README "Set-up").
    .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
    .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg", providers: [.apt(["libturbojpeg0-dev"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"])]),
    .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig", providers: [.apt(["libfontconfig-dev"])]),
    .systemLibrary(name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"])]),

    // MARK: Library layers.
    .target(name: "MeshWarpCore"),
    .target(name: "MeshWarpRender", dependencies: ["MeshWarpCore"]),
    // MeshWarpIO: the umbrella; each module below links only what it uses.
    .target(name: "MeshWarpFiles"),
    .target(
      name: "MeshWarpImageIO",
      dependencies: [
        "MeshWarpFiles", "MeshWarpRender", "CPNG", "CZlib", "CTurboJPEG", "CWebP", "CGIF",
      ]),
    .target(name: "MeshWarpVideo", dependencies: ["MeshWarpImageIO"]),
    .target(
      name: "MeshWarpText",
      dependencies: ["MeshWarpRender", "CFreeType", "CHarfBuzz", "CFontconfig"]),
    .target(
      name: "MeshWarpIO",
      dependencies: ["MeshWarpFiles", "MeshWarpImageIO", "MeshWarpVideo", "MeshWarpText"]),
    .target(
      name: "MeshWarpEffect",
      dependencies: ["MeshWarpCore"],
      resources: [.process("Shaders")]),

    // MARK: Tools.
    .target(name: "MeshWarpCLI", dependencies: ["MeshWarpIO"]),
    .executableTarget(name: "meshwarp", dependencies: ["MeshWarpCLI"]),
    .executableTarget(
      name: "meshwarp-demo", dependencies: ["MeshWarpIO", "CSDL2", "MeshWarpDemoKit"]),

    // MARK: Tests.
    .target(
      name: "_TestSupport", dependencies: ["MeshWarpRender"], path: "Tests/_TestSupport"),
    .testTarget(name: "MeshWarpCoreTests", dependencies: ["MeshWarpCore", "_TestSupport"]),
    .testTarget(name: "MeshWarpRenderTests", dependencies: ["MeshWarpRender", "_TestSupport"]),
    .testTarget(
      name: "MeshWarpIOTests",
      dependencies: [
        "MeshWarpIO", "MeshWarpFiles", "MeshWarpImageIO", "MeshWarpVideo", "MeshWarpText",
        "_TestSupport",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "MeshWarpCLITests", dependencies: ["MeshWarpCLI", "_TestSupport"], exclude: ["Help"]),

    // MARK: The demo window's logic (no SDL: testable headless) and its tests,
    // which also run the built `meshwarp-demo` binary with SDL's offscreen driver.
    .target(name: "MeshWarpDemoKit", dependencies: ["MeshWarpIO"]),
    .testTarget(
      name: "MeshWarpDemoTests",
      dependencies: ["MeshWarpDemoKit", "_TestSupport", "meshwarp-demo"]),
    // MARK: Apple layer, verified on Linux (issue 4).
    // The shipped Metal shader compiled as C++ through stand-in headers.
    .target(
      name: "_MetalShaderHarness", path: "Tests/_MetalShaderHarness", exclude: ["shim"],
      cxxSettings: [.headerSearchPath("shim")]),
    .testTarget(
      name: "MeshWarpShaderTests",
      dependencies: ["_MetalShaderHarness", "MeshWarpCore", "_TestSupport"]),
    .testTarget(name: "MeshWarpEffectTests", dependencies: ["MeshWarpEffect", "_TestSupport"]),
    // The seed's demo, Apple only (compiles to nothing / a message elsewhere):
    // a library so that Xcode can preview it, and an app that shows it.
    .target(
      name: "MeshWarpEffectDemoUI", dependencies: ["MeshWarpEffect"],
      path: "Examples/MeshWarpEffectDemo/MeshWarpEffectDemoUI"),
    .executableTarget(
      name: "MeshWarpEffectDemoApp", dependencies: ["MeshWarpEffectDemoUI"],
      path: "Examples/MeshWarpEffectDemo/MeshWarpEffectDemoApp"),
    // MARK: Fuzzing (issue 8): the fuzz targets' bodies, replayed over
    // Fuzz/Corpus by the tests; the libFuzzer binaries are built by the
    // separate package in Fuzz/ (Scripts/fuzz.sh).
    .target(name: "MeshWarpFuzzing", dependencies: ["MeshWarpIO"]),
    .testTarget(
      name: "MeshWarpFuzzingTests", dependencies: ["MeshWarpFuzzing", "_TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

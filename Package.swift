// swift-tools-version: 6.0
// MeshWarp: warp any picture or view through a 2D mesh, render Apple-faithful
// mesh gradients. Layers (arrows point one way):
//
//   MeshWarpCore  <-  MeshWarpRender  <-  MeshWarpImageIO, MeshWarpText, MeshWarpVideo
//        ^                                      ^   (MeshWarpIO: the umbrella over all of them)
//        |                                      +-- MeshWarpCLI <- meshwarp
//        |                                      '-- MeshWarpEditorKit <- meshwarp-editor (SDL2)
//        '-- MeshWarpEffect (SwiftUI + Metal, Apple only; re-exports the core;
//            draws mesh gradients below iOS 18 with MeshWarpRender)
//
//   MeshWarpArguments (the command-line parser, help, completions, man page;
//   no other module of the package)  <-  MeshWarpCLI, MeshWarpEditorKit
//
// MeshWarpIO is an umbrella that re-exports five modules, each linking only
// the system libraries it uses, and the core and renderer below them (only it
// and MeshWarpEffect re-export; every target declares what it imports):
//
//   MeshWarpFiles (libc, Foundation)  <-  MeshWarpDocuments (+ Core: the JSON documents)
//   MeshWarpFiles, MeshWarpDocuments, MeshWarpRender  <-  MeshWarpImageIO (libpng, zlib,
//       libdeflate, libjpeg-turbo, libwebp, giflib, LittleCMS,
//       libtiff; ImageWarp, the job for stills)
//   MeshWarpImageIO  <-  MeshWarpVideo (runs ffmpeg as a process; VideoWarp)
//   MeshWarpRender  <-  MeshWarpText (fontconfig, HarfBuzz, FreeType)
//
// On macOS (and every OS but Linux) the parts that need Linux system
// libraries are left out: see "Linux-only parts" at the end.
import Foundation
import PackageDescription

let package = Package(
  name: "MeshWarp",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .visionOS(.v1)],
  products: [
    // What Apple users add, exactly as the original MeshWarpEffect README
    // names it. The core and the renderer (Swift, and the renderer's one C
    // kernel, AVX2 chosen at run time): no libpng, FreeType or SDL.
    .library(name: "MeshWarpEffect", targets: ["MeshWarpEffect"]),
    .library(name: "MeshWarpCore", targets: ["MeshWarpCore"]),
    .library(name: "MeshWarpRender", targets: ["MeshWarpRender"]),
    .library(name: "MeshWarpIO", targets: ["MeshWarpIO"]),
    .library(name: "MeshWarpFiles", targets: ["MeshWarpFiles"]),
    .library(name: "MeshWarpDocuments", targets: ["MeshWarpDocuments"]),
    .library(name: "MeshWarpImageIO", targets: ["MeshWarpImageIO"]),
    .library(name: "MeshWarpVideo", targets: ["MeshWarpVideo"]),
    .library(name: "MeshWarpText", targets: ["MeshWarpText"]),
    .executable(name: "meshwarp", targets: ["meshwarp"]),
    .executable(name: "meshwarp-editor", targets: ["meshwarp-editor"]),
  ],
  targets: [
    // MARK: System libraries (Debian packages, Homebrew formulae; see README).
    .systemLibrary(
      name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
    .systemLibrary(
      name: "CTurboJPEG", pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]),
    // libjpeg's scanline API (libjpeg-turbo), for decoding strips of a
    // JPEG on several threads.
    .systemLibrary(
      name: "CJPEG", pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]),
    .systemLibrary(
      name: "CWebP", pkgConfig: "libwebpmux", providers: [.apt(["libwebp-dev"]), .brew(["webp"])]),
    .systemLibrary(
      name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
    // Colour conversion through ICC profiles (a CMYK JPEG to sRGB).
    .systemLibrary(
      name: "CLittleCMS", pkgConfig: "lcms2",
      providers: [.apt(["liblcms2-dev"]), .brew(["little-cms2"])]),
    // HEIC and AVIF stills (read only).
    .systemLibrary(
      name: "CHeif", pkgConfig: "libheif", providers: [.apt(["libheif-dev"]), .brew(["libheif"])]),
    .systemLibrary(
      name: "CTIFF", pkgConfig: "libtiff-4", providers: [.apt(["libtiff-dev"]), .brew(["libtiff"])]),
    .systemLibrary(
      name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
    // Whole-buffer inflate of a PNG's image data (faster than zlib's).
    .systemLibrary(
      name: "CDeflate", pkgConfig: "libdeflate",
      providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]),
    .systemLibrary(
      name: "CFreeType", pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
    .systemLibrary(
      name: "CHarfBuzz", pkgConfig: "harfbuzz",
      providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
    .systemLibrary(
      name: "CFontconfig", pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev"]), .brew(["fontconfig"])]),
    .systemLibrary(
      name: "CSDL2", pkgConfig: "sdl2", providers: [.apt(["libsdl2-dev"]), .brew(["sdl2"])]),

    // MARK: Library layers.
    .target(name: "MeshWarpCore"),
    // The warp's innermost loop in AVX2, chosen at run time (C: Swift has
    // no per-function CPU features); the Swift loop stays for other CPUs.
    .target(name: "CSpanKernel"),
    .target(name: "MeshWarpRender", dependencies: ["MeshWarpCore", "CSpanKernel"]),
    // MeshWarpIO: the umbrella; each module below links only what it uses.
    .target(name: "MeshWarpFiles"),
    // The one reader of MeshWarp's JSON documents (meshes, point sets,
    // gradients, keyframe files): kinds told apart, errors placed.
    .target(name: "MeshWarpDocuments", dependencies: ["MeshWarpFiles", "MeshWarpCore"]),
    .target(
      name: "MeshWarpImageIO",
      dependencies: [
        "MeshWarpFiles", "MeshWarpDocuments", "MeshWarpRender", "MeshWarpCore", "CPNG", "CZlib",
        "CDeflate", "CTurboJPEG", "CJPEG", "CWebP", "CGIF", "CLittleCMS", "CTIFF", "CHeif",
      ]),
    // Children that die with us (PR_SET_PDEATHSIG between fork and exec).
    .target(name: "CChildSpawn"),
    .target(
      name: "MeshWarpVideo",
      dependencies: [
        "MeshWarpImageIO", "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore", "CChildSpawn",
      ]),
    .target(
      name: "MeshWarpText",
      dependencies: ["MeshWarpRender", "MeshWarpCore", "CFreeType", "CHarfBuzz", "CFontconfig"]),
    .target(
      name: "MeshWarpIO",
      dependencies: [
        "MeshWarpFiles", "MeshWarpDocuments", "MeshWarpImageIO", "MeshWarpVideo", "MeshWarpText",
        "MeshWarpRender",
        "MeshWarpCore",
      ]),
    .target(
      name: "MeshWarpEffect",
      dependencies: ["MeshWarpCore", "MeshWarpRender"],
      resources: [.process("Shaders")]),

    // MARK: Tools.
    // The argument parser both tools share (a target, not a product: it is
    // the tools' own, not part of the library's API).
    .target(name: "MeshWarpArguments"),
    .target(
      name: "MeshWarpCLI",
      dependencies: [
        "MeshWarpDocuments", "MeshWarpVideo", "MeshWarpText", "MeshWarpImageIO", "MeshWarpFiles",
        "MeshWarpRender", "MeshWarpCore", "MeshWarpArguments",
      ]),
    .executableTarget(name: "meshwarp", dependencies: ["MeshWarpCLI", "MeshWarpFiles"]),
    .executableTarget(
      name: "meshwarp-editor",
      dependencies: [
        "MeshWarpEditorKit", "MeshWarpImageIO", "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore",
        "CSDL2",
      ]),

    // MARK: Tests.
    .target(
      name: "_TestSupport", dependencies: ["MeshWarpRender", "MeshWarpCore", "MeshWarpFiles"],
      path: "Tests/_TestSupport"),
    .testTarget(name: "MeshWarpCoreTests", dependencies: ["MeshWarpCore", "_TestSupport"]),
    .testTarget(
      name: "MeshWarpRenderTests", dependencies: ["MeshWarpRender", "MeshWarpCore", "_TestSupport"]),
    // One test target per module; MeshWarpIOTests checks the umbrella's
    // public API as a user sees it (the documentation's examples).
    .testTarget(
      name: "MeshWarpFilesTests",
      dependencies: ["MeshWarpFiles", "MeshWarpCore", "_TestSupport"]),
    .testTarget(
      name: "MeshWarpDocumentsTests",
      dependencies: ["MeshWarpDocuments", "MeshWarpFiles", "MeshWarpCore", "_TestSupport"]),
    .testTarget(
      name: "MeshWarpImageIOTests",
      dependencies: [
        "MeshWarpImageIO", "MeshWarpDocuments", "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore",
        "CTurboJPEG", "CJPEG",
        "_TestSupport",
      ],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "MeshWarpVideoTests",
      dependencies: [
        "MeshWarpVideo", "MeshWarpImageIO", "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore",
        "_TestSupport",
      ]),
    .testTarget(
      name: "MeshWarpTextTests",
      dependencies: ["MeshWarpText", "MeshWarpRender", "MeshWarpCore", "CFreeType", "_TestSupport"]),
    .testTarget(name: "MeshWarpIOTests", dependencies: ["MeshWarpIO", "_TestSupport"]),
    .testTarget(name: "MeshWarpArgumentsTests", dependencies: ["MeshWarpArguments"]),
    .testTarget(
      name: "MeshWarpCLITests",
      dependencies: [
        "MeshWarpCLI", "MeshWarpDocuments", "MeshWarpVideo", "MeshWarpText", "MeshWarpImageIO",
        "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore", "_TestSupport", "MeshWarpArguments",
      ],
      exclude: ["Help"]),

    // MARK: The demo window's logic (no SDL: testable headless) and its tests,
    // which also run the built `meshwarp-editor` binary with SDL's offscreen driver.
    .target(
      name: "MeshWarpEditorKit",
      dependencies: [
        "MeshWarpDocuments", "MeshWarpVideo", "MeshWarpText", "MeshWarpImageIO", "MeshWarpFiles",
        "MeshWarpRender", "MeshWarpCore", "MeshWarpArguments",
      ]),
    .testTarget(
      name: "MeshWarpEditorKitTests",
      dependencies: [
        "MeshWarpEditorKit", "MeshWarpVideo", "MeshWarpImageIO", "MeshWarpRender", "MeshWarpCore",
        "_TestSupport", "meshwarp-editor",
      ], exclude: ["Help"]),
    // MARK: Apple layer, verified on Linux.
    // The shipped Metal shader compiled as C++ through stand-in headers.
    .target(
      name: "_MetalShaderHarness", path: "Tests/_MetalShaderHarness", exclude: ["shim"],
      cxxSettings: [.headerSearchPath("shim")]),
    .testTarget(
      name: "MeshWarpShaderTests",
      dependencies: ["_MetalShaderHarness", "MeshWarpCore", "MeshWarpRender", "_TestSupport"]),
    .testTarget(
      name: "MeshWarpEffectTests",
      dependencies: [
        "MeshWarpEffect", "MeshWarpRender", "MeshWarpCore", "_TestSupport", "_MetalShaderHarness",
      ]),
    // MARK: Fuzzing: the fuzz targets' bodies, replayed over
    // Fuzz/Corpus by the tests; the libFuzzer binaries are built by the
    // separate package in Fuzz/ (Scripts/fuzz.sh).
    .target(
      name: "MeshWarpFuzzing",
      dependencies: [
        "MeshWarpDocuments", "MeshWarpVideo", "MeshWarpImageIO", "MeshWarpFiles", "MeshWarpRender",
        "MeshWarpCore",
      ]),
    .testTarget(
      name: "MeshWarpFuzzingTests",
      dependencies: [
        "MeshWarpFuzzing", "MeshWarpDocuments", "MeshWarpVideo", "MeshWarpImageIO", "MeshWarpFiles",
        "MeshWarpRender",
        "MeshWarpCore", "_TestSupport",
      ]),
  ],
  swiftLanguageModes: [.v6]
)

// MARK: Linux-only parts.
// Everything that needs a system library (the C library targets, and every
// target that depends on one directly or through other targets, with the
// products made of them) is declared on Linux only: on a stock Mac, Xcode's
// product picker offers the pure-Swift products (MeshWarpEffect,
// MeshWarpCore, MeshWarpRender) and `swift build`
// builds. MESHWARP_LINUX_TOOLS=1 keeps them elsewhere too (with the
// Homebrew formulae above installed); MESHWARP_MANIFEST_AS_MAC=1 drops them
// on Linux, which is how Scripts/typecheck-apple.sh checks the Mac view.
let environment = ProcessInfo.processInfo.environment
#if os(Linux)
  let keepsLinuxOnlyParts = environment["MESHWARP_MANIFEST_AS_MAC"] != "1"
#else
  let keepsLinuxOnlyParts = environment["MESHWARP_LINUX_TOOLS"] == "1"
#endif
if !keepsLinuxOnlyParts {
  func dependencyNames(_ target: Target) -> [String] {
    target.dependencies.compactMap {
      switch $0 {
      case .targetItem(let name, _), .byNameItem(let name, _): name
      default: nil
      }
    }
  }
  // MeshWarpFiles links no C library but is written and tested against
  // Glibc only, and CChildSpawn starts ffmpeg for MeshWarpVideo with
  // Linux's prctl, so both stay with the Linux tools.
  var linuxOnly = Set(package.targets.filter { $0.type == .system }.map(\.name))
    .union(["MeshWarpFiles", "CChildSpawn"])
  var grew = true
  while grew {
    let next = linuxOnly.union(
      package.targets.filter { !dependencyNames($0).allSatisfy { !linuxOnly.contains($0) } }
        .map(\.name))
    grew = next.count > linuxOnly.count
    linuxOnly = next
  }
  package.targets.removeAll { linuxOnly.contains($0.name) }
  package.products.removeAll { product in
    let targets =
      (product as? Product.Library)?.targets ?? (product as? Product.Executable)?.targets ?? []
    return targets.contains { linuxOnly.contains($0) }
  }
}

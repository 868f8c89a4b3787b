// swift-tools-version: 6.0
// The libFuzzer executables of MeshWarp, in a package of their own
// so that the fuzzer runtime, which brings its own `main`, never touches the
// root package's tools. Build and run them with `Scripts/fuzz.sh`; the
// flags and why are in Documentation/Reliability.md.
//
// Each executable is one file with the `LLVMFuzzerTestOneInput` entry that
// calls MeshWarpFuzzing. That library's sources are the root package's
// `Sources/MeshWarpFuzzing`, reached through the symbolic link
// `Sources/MeshWarpFuzzing` here (the root package does not export it as a
// product, and SwiftPM refuses target paths outside a package).
import PackageDescription

let package = Package(
  name: "MeshWarpFuzz",
  dependencies: [.package(name: "MeshWarpEffect", path: "..")],
  targets: [
    .target(
      name: "MeshWarpFuzzing",
      dependencies: [
        "MeshWarpVideo", "MeshWarpImageIO", "MeshWarpFiles", "MeshWarpRender", "MeshWarpCore",
      ].map { .product(name: $0, package: "MeshWarpEffect") }),
    .executableTarget(name: "fuzz-png", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-mesh", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-gradient", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-jpeg", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-webp", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-gif", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-tiff", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-heif", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-keyframes", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-pointset", dependencies: ["MeshWarpFuzzing"]),
    .executableTarget(name: "fuzz-video", dependencies: ["MeshWarpFuzzing"]),
  ],
  swiftLanguageModes: [.v6]
)

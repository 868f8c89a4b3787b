// swift-tools-version: 6.0
// Benchmarks of the SwiftUI layer's portable CPU work (MeshWarpEffect's
// plans: surfaces, sample offsets, packed shader data), kept out of the
// shipped `meshwarp` so that the command-line tool does not link the
// SwiftUI layer. Depends on this repository by path.
//
//   swift run -c release --package-path Benchmarks/SwiftUILayer swiftui-layer-bench
import Foundation
import PackageDescription

// A package found by path is named after its folder (the checkout's name).
let repository = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "SwiftUILayerBenchmarks",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "swiftui-layer-bench",
      dependencies: [
        .product(name: "MeshWarpEffect", package: repository),
        .product(name: "MeshWarpCore", package: repository),
      ])
  ],
  swiftLanguageModes: [.v6]
)

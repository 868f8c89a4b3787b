// swift-tools-version: 6.0
// The original MeshWarpEffect package's demo, as an app of its own: a
// SwiftUI view library (Xcode previews it) and a macOS app that shows it.
// It depends on this repository by path and uses only public API. Apple
// platforms only; on Linux the app says so (Scripts/typecheck-apple.sh
// type-checks both against the SwiftUI stand-ins).
//
//   open Examples/MeshWarpEffectDemo/Package.swift   (Xcode; scheme MeshWarpEffectDemoApp)
import Foundation
import PackageDescription

// A package found by path is named after its folder (the checkout's name).
let repository = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "MeshWarpEffectDemo",
  platforms: [.iOS(.v17), .macOS(.v14), .tvOS(.v17), .visionOS(.v1)],
  products: [.library(name: "MeshWarpEffectDemoUI", targets: ["MeshWarpEffectDemoUI"])],
  dependencies: [.package(path: "../..")],
  targets: [
    .target(
      name: "MeshWarpEffectDemoUI",
      dependencies: [.product(name: "MeshWarpEffect", package: repository)],
      path: "MeshWarpEffectDemoUI"),
    .executableTarget(
      name: "MeshWarpEffectDemoApp", dependencies: ["MeshWarpEffectDemoUI"],
      path: "MeshWarpEffectDemoApp"),
  ],
  swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
// An example of MeshWarp as a library: `video-warp IN.mp4 MESH.json OUT.mp4`
// warps a video with its audio through `VideoWarp`, the call `meshwarp warp`
// makes. It depends on this repository by path (Linux, where MeshWarpIO is
// built; elsewhere set MESHWARP_LINUX_TOOLS=1).
//
//   swift run -c release --package-path Examples/LibraryVideoWarp video-warp IN.mp4 MESH.json OUT.mp4
import Foundation
import PackageDescription

// A package found by path is named after its folder (the checkout's name).
let repository = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().deletingLastPathComponent().lastPathComponent

let package = Package(
  name: "LibraryVideoWarp",
  platforms: [.macOS(.v14)],
  dependencies: [.package(path: "../..")],
  targets: [
    .executableTarget(
      name: "video-warp", dependencies: [.product(name: "MeshWarpIO", package: repository)])
  ],
  swiftLanguageModes: [.v6]
)

import MeshWarpArguments

extension ManPage {
  /// meshwarp(1): every command and option as `--help` shows them, the
  /// exit statuses and the main help's examples.
  static var meshwarp: String {
    ManPage.text(
      tool: .meshwarp, commandLines: MeshwarpTool.commands, version: MeshwarpTool.version,
      purpose: "warp images and video through 2D meshes, render mesh gradients",
      synopsis: [
        [.literal("meshwarp"), .placeholder("COMMAND"), .optional("OPTIONS")],
        [.literal("meshwarp help"), .optional("COMMAND")],
        [.literal("meshwarp --version")],
      ],
      description:
        "meshwarp warps pictures (PNG, JPEG, WebP, GIF, TIFF, HEIC, AVIF) and video through a mesh of control points, renders mesh gradients as SwiftUI's MeshGradient does, and draws text filled with them. Video needs ffmpeg. Each command below lists its options; 'meshwarp COMMAND --help' prints the same.",
      exitStatuses: [
        ("0", "Success."),
        (
          "1",
          "Bad input or a failure: a file that cannot be read, decoded or written, a mesh with errors, ffmpeg failing."
        ),
        ("2", "A usage error: an unknown command or option, a missing or invalid value."),
        ("128+N", "Interrupted by signal N (130 for Ctrl-C)."),
      ],
      examples: MeshwarpTool.examples, seeAlso: ["ffmpeg (1)"])
  }
}

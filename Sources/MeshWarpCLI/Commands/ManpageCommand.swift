import MeshWarpArguments

/// `meshwarp manpage`
struct ManpageCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "manpage", summary: "Print the manual page meshwarp(1) in roff.",
    details: """
      Read it with 'meshwarp manpage | man -l -'; the Debian package installs it, so
      'man meshwarp' shows it.
      """,
    examples: [
      ("Read the manual page:", "meshwarp manpage")
    ])

  func run(console: Console) throws {
    try console.write(Array(ManPage.meshwarp.utf8))
  }
}

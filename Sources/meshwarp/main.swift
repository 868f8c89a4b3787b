import Foundation
import MeshWarpCLI
import MeshWarpFiles

StandardOutput.ignoreBrokenPipeSignal()
let status = MeshwarpTool.run(Array(CommandLine.arguments.dropFirst()))
if status == MeshwarpTool.brokenPipeStatus {
  // End as Unix tools do when their reader goes away: by SIGPIPE, quietly.
  signal(SIGPIPE, SIG_DFL)
  raise(SIGPIPE)
}
exit(status)

import Foundation
import MeshWarpCLI

StandardOutput.ignoreBrokenPipeSignal()
exit(MeshwarpTool.run(Array(CommandLine.arguments.dropFirst())))

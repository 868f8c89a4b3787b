import Foundation
import MeshWarpFiles

/// `meshwarp warp a.jpg b.jpg c.jpg --mesh m.json -o out/`: each input
/// warped on its own into the folder, named after its input (ImageMagick's
/// `mogrify -path out/`), a mesh or effect sized to each input; one
/// summary line, and exit 1 if any failed.
extension WarpCommand {
  /// Several inputs, or `-o` naming a folder (an existing one, or a path
  /// ending in "/").
  var isBatch: Bool { inputs.count > 1 }

  /// The folder `-o` names for a batch (without a trailing "/").
  var batchFolder: String {
    var folder = output.output
    while folder.count > 1 && folder.hasSuffix("/") { folder.removeLast() }
    return folder
  }

  /// A batch writes into an existing folder, from files (not standard
  /// input), each input once.
  func validateBatch() throws {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: batchFolder, isDirectory: &isFolder),
      isFolder.boolValue
    else {
      throw CLIError.usage(
        "\(inputs.count) inputs need -o to name an existing folder to write into (as mogrify -path); \(output.output) is not one"
      )
    }
    if inputs.contains(FileInput.standardInputPath) {
      throw CLIError.usage("'-' (standard input) cannot be one of several inputs")
    }
    if let repeated = Dictionary(grouping: inputs, by: { $0 }).first(where: { $0.value.count > 1 })
    {
      throw CLIError.usage("\(repeated.key) is given twice")
    }
  }

  /// Where input `path` is written: the folder, the input's name, its
  /// extension replaced by `--format`'s where given.
  func batchOutput(for path: String) -> String {
    var name = URL(fileURLWithPath: path).lastPathComponent
    if let format = image.format {
      name = URL(fileURLWithPath: name).deletingPathExtension().lastPathComponent + "." + format
    }
    return batchFolder + "/" + name
  }

  /// `arguments` (the command's, without its name) for one input of the
  /// batch: the other inputs left out and `-o` naming that input's output.
  func batchArguments(_ arguments: [String], for path: String) -> [String] {
    let others = Set(inputs).subtracting([path])
    var result: [String] = []
    var i = 0
    while i < arguments.count {
      let argument = arguments[i]
      if argument == "-o" || argument == "--output" {
        result += [argument, batchOutput(for: path)]
        i += 2
        continue
      }
      if argument.hasPrefix("--output=") {
        result.append("--output=" + batchOutput(for: path))
      } else if argument.hasPrefix("-o") && argument.count > 2 && !argument.hasPrefix("--") {
        result.append("-o" + batchOutput(for: path))
      } else if !others.contains(argument) {
        result.append(argument)
      }
      i += 1
    }
    return result
  }

  /// Runs `one` (the command run on an argument vector) for each input,
  /// one after the other: each prints its own messages, then one summary
  /// line. Exit 0 when every input was written, else 1.
  func runBatch(_ arguments: [String], console: Console, one: ([String]) -> Int32) -> Int32 {
    var failed: [String] = []
    for path in inputs where one(batchArguments(arguments, for: path)) != 0 {
      failed.append(path)
    }
    let written = inputs.count - failed.count
    console.error(
      "meshwarp warp: \(written) of \(inputs.count) inputs written into \(batchFolder)"
        + (failed.isEmpty ? "" : "; failed: " + failed.joined(separator: ", ")))
    return failed.isEmpty ? 0 : 1
  }
}

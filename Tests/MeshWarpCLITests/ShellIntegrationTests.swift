import Foundation
import MeshWarpArguments
import Testing
import _TestSupport

@testable import MeshWarpCLI

/// A program's exit status, standard output and standard error.
private struct ProgramRun {
  var status: Int32
  var output: String
  var errors: String

  /// Runs `path` with `arguments` in `folder`, `input` on standard input.
  init(_ path: String, _ arguments: [String], input: String = "", in folder: String? = nil) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    var environment = ProcessInfo.processInfo.environment
    environment["LC_ALL"] = "C.UTF-8"
    environment["MANWIDTH"] = "100"
    environment["MANPAGER"] = "cat"
    environment["PAGER"] = "cat"
    process.environment = environment
    if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both pipes while writing, so neither fills up.
    let group = DispatchGroup()
    nonisolated(unsafe) var out = Data()
    nonisolated(unsafe) var err = Data()
    DispatchQueue.global().async(group: group) {
      out = stdout.fileHandleForReading.readDataToEndOfFile()
    }
    DispatchQueue.global().async(group: group) {
      err = stderr.fileHandleForReading.readDataToEndOfFile()
    }
    stdin.fileHandleForWriting.write(Data(input.utf8))
    try stdin.fileHandleForWriting.close()
    group.wait()
    process.waitUntilExit()
    status = process.terminationStatus
    output = String(decoding: out, as: UTF8.self)
    errors = String(decoding: err, as: UTF8.self)
  }
}

private func executable(_ name: String) -> String? {
  ["/usr/bin/", "/bin/"].map { $0 + name }.first {
    FileManager.default.isExecutableFile(atPath: $0)
  }
}

/// `meshwarp completions bash|zsh|fish` and `meshwarp manpage`: pinned
/// whole like the help texts (regenerate with `MESHWARP_UPDATE_HELP=1`),
/// and run for real in bash, fish, zsh and man.
@Suite struct ShellIntegrationTests {
  static let bash = executable("bash")
  static let fish = executable("fish")
  static let zsh = executable("zsh")
  static let man = executable("man")

  @Test(arguments: CompletionShell.allCases)
  func completionScriptMatchesTheCheckedInText(_ shell: CompletionShell) throws {
    let run = ToolRun(["completions", shell.rawValue])
    #expect(run.status == 0 && run.errors.isEmpty)
    let file = HelpTextTests.folder.appendingPathComponent("completions.\(shell.rawValue)")
    let expected = try PinnedText.expected(run.output, file: file)
    #expect(
      run.output == expected,
      "meshwarp completions \(shell) differs from Help/completions.\(shell) (- expected, + actual):\n\(lineDiff(expected, run.output))"
    )
  }

  @Test func manPageMatchesTheCheckedInText() throws {
    let run = ToolRun(["manpage"])
    #expect(run.status == 0 && run.errors.isEmpty)
    let file = HelpTextTests.folder.appendingPathComponent("meshwarp.1")
    let expected = try PinnedText.expected(run.output, file: file)
    #expect(
      run.output == expected,
      "meshwarp manpage differs from Help/meshwarp.1 (- expected, + actual):\n\(lineDiff(expected, run.output))"
    )
  }

  /// What the bash script offers for `words` (the last one being
  /// completed), with `COMP_WORDS` and `COMP_CWORD` set as bash sets them.
  func bashCompletions(_ words: [String], in folder: String? = nil) throws -> [String] {
    let script = CompletionScript.script(for: .bash, tool: .meshwarp)
    let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
    let driver = """
      \(script)
      COMP_WORDS=(\(quoted.joined(separator: " ")))
      COMP_CWORD=\(words.count - 1)
      _meshwarp
      printf '%s\\n' "${COMPREPLY[@]}"
      """
    let run = try ProgramRun(
      Self.bash!, ["--norc", "--noprofile", "-s"], input: driver, in: folder)
    #expect(run.status == 0 && run.errors.isEmpty, "\(words): \(run.errors)")
    return run.output.split(separator: "\n").map(String.init).sorted()
  }

  @Test(.enabled(if: bash != nil)) func bashCompletesCommandsAndOptions() throws {
    #expect(try bashCompletions(["meshwarp", "wa"]) == ["warp"])
    #expect(try bashCompletions(["meshwarp", "warp", "--sm"]) == ["--smooth"])
    #expect(try bashCompletions(["meshwarp", "gr"]) == ["gradient"])
    #expect(try bashCompletions(["meshwarp", "--ver"]) == ["--version"])
    #expect(try bashCompletions(["meshwarp", "help", "gr"]) == ["gradient"])
    #expect(try bashCompletions(["meshwarp", "completions", ""]) == ["bash", "fish", "zsh"])
    #expect(
      try bashCompletions(["meshwarp", "mesh", ""])
        == ["bulge", "grid", "lens", "morph-grid", "ripple", "twirl", "wave"])
    #expect(try bashCompletions(["meshwarp", "mesh", "grid", ""]) == [])
    #expect(try bashCompletions(["meshwarp", "warp", "--size", ""]) == [])
    #expect(
      try bashCompletions(["meshwarp", "warp", "--edges", "=", "un"]) == ["unwarped"],
      "--edges=un, split at '=' as bash splits it")
    #expect(
      try bashCompletions(["meshwarp", "warp", "--format", "w"]) == ["webm", "webp"])
  }

  /// Every option with a fixed set of words offers exactly those words,
  /// in every command that takes it.
  @Test(.enabled(if: bash != nil)) func bashCompletesEveryFixedSetOfValues() throws {
    var checked = 0
    for command in ToolShape.meshwarp.commands {
      for option in command.options {
        guard case .words(let words) = option.completion else { continue }
        #expect(
          try bashCompletions(["meshwarp", command.name, option.long, ""]) == words.sorted(),
          "meshwarp \(command.name) \(option.long)")
        checked += 1
      }
    }
    #expect(checked >= 8, "edge policies, address modes, interpolations, presets, formats...")
  }

  @Test(.enabled(if: bash != nil)) func bashCompletesPaths() throws {
    let folder = TemporaryFolder()
    for name in ["mesh.json", "meta.png", "photo.jpg"] {
      FileManager.default.createFile(atPath: folder.path + "/" + name, contents: Data())
    }
    #expect(
      try bashCompletions(["meshwarp", "warp", "-m", "me"], in: folder.path) == [
        "mesh.json", "meta.png",
      ])
    // A positional after an option and its value (`--edges origin`).
    #expect(
      try bashCompletions(["meshwarp", "warp", "--edges", "origin", "pho"], in: folder.path) == [
        "photo.jpg"
      ])
    #expect(
      try bashCompletions(["meshwarp", "validate", "mesh"], in: folder.path) == ["mesh.json"])
  }

  @Test(.enabled(if: fish != nil)) func fishCompletesCommandsAndOptions() throws {
    let file = TemporaryFolder()
    let path = file.path + "/meshwarp.fish"
    try CompletionScript.script(for: .fish, tool: .meshwarp).write(
      toFile: path, atomically: true, encoding: .utf8)
    func complete(_ line: String) throws -> [String] {
      let run = try ProgramRun(
        Self.fish!, ["--no-config", "-c", "source \(path); complete -C'\(line)'"])
      #expect(run.status == 0 && run.errors.isEmpty, "\(line): \(run.errors)")
      return run.output.split(separator: "\n").map { String($0.split(separator: "\t")[0]) }
    }
    #expect(try complete("meshwarp wa") == ["warp"])
    #expect(try complete("meshwarp warp --sm") == ["--smooth"])
    #expect(
      try complete("meshwarp warp --edges ").sorted() == [
        "color", "origin", "transparent", "unwarped",
      ])
    // Each value is described in a word (the option's placeholder), not by
    // the option's whole help.
    let run = try ProgramRun(
      Self.fish!, ["--no-config", "-c", "source \(path); complete -C'meshwarp warp --format '"])
    let described = run.output.split(separator: "\n").map { $0.split(separator: "\t") }
    #expect(described.count >= 9 && described.allSatisfy { $0.count == 2 && $0[1] == "format" })
    #expect(described.map { String($0[0]) }.contains("mp4"))
  }

  /// `--format` offers the animated formats as well as the still ones.
  @Test(.enabled(if: bash != nil)) func bashCompletesEveryFormat() throws {
    let formats = try bashCompletions(["meshwarp", "warp", "--format", ""])
    for name in ["png", "jpeg", "webp", "apng", "mp4", "mov", "mkv", "webm", "gif"] {
      #expect(formats.contains(name), "\(name) in \(formats)")
    }
  }

  @Test(.enabled(if: zsh != nil)) func zshScriptLoadsAndRegisters() throws {
    let file = TemporaryFolder()
    let path = file.path + "/_meshwarp"
    try CompletionScript.script(for: .zsh, tool: .meshwarp).write(
      toFile: path, atomically: true, encoding: .utf8)
    let syntax = try ProgramRun(Self.zsh!, ["-n", path])
    #expect(syntax.status == 0 && syntax.errors.isEmpty, "\(syntax.errors)")
    let load = try ProgramRun(
      Self.zsh!,
      [
        "-f", "-c",
        "autoload -U compinit; compinit -u -D; source \(path); print ${_comps[meshwarp]}",
      ])
    #expect(load.status == 0 && load.output == "_meshwarp\n", "\(load.output) \(load.errors)")
  }

  /// `meshwarp manpage | man -l -` renders, without a warning, every
  /// section and every command.
  @Test(.enabled(if: man != nil)) func manRendersThePage() throws {
    let run = try ProgramRun(Self.man!, ["--warnings", "-l", "-"], input: ManPage.meshwarp)
    #expect(run.status == 0 && run.errors.isEmpty, "\(run.errors)")
    for text in ["NAME", "SYNOPSIS", "COMMANDS", "EXIT STATUS", "EXAMPLES", "--smooth"] {
      #expect(run.output.contains(text), "\(text)")
    }
    for command in ToolShape.meshwarp.commands {
      #expect(run.output.contains("meshwarp \(command.name)"), "\(command.name)")
    }
    #expect(run.output.contains("--mesh, -m MESH.json"))
    #expect(run.output.contains("meshwarp mesh grid 4x4 -o mesh.json"))
  }

  @Test func manPageListsEveryOption() {
    let page = ManPage.meshwarp
    for command in ToolShape.meshwarp.commands {
      for option in command.options {
        #expect(page.contains("\\fB" + ManPage.escaped(option.long) + "\\fR"), "\(option.long)")
      }
    }
  }

  /// Each example in the man page and in every help parses with its
  /// command's own parser, and every command has some.
  @Test func manPageExamplesParse() throws {
    func parses<C: ParsableCommand>(_ type: C.Type, _ arguments: [String]) -> Bool {
      guard case .run = try? C.parse(arguments) else { return false }
      return true
    }
    for command in MeshwarpTool.commands {
      #expect(!command.configuration.examples.isEmpty, "\(command.configuration.name)")
      for example in command.configuration.examples {
        #expect(
          example.command.split(separator: " ").dropFirst().first.map(String.init)
            == command.configuration.name)
      }
    }
    for example in MeshwarpTool.examples
      + MeshwarpTool.commands.flatMap { $0.configuration.examples }
    {
      let words = example.command.split(separator: " ").map(String.init)
      #expect(words.first == "meshwarp")
      let command = try #require(
        MeshwarpTool.commands.first { $0.configuration.name == words[1] }, "\(example.command)")
      let parsed = parses(command, Array(words.dropFirst(2)))
      #expect(parsed, "\(example.command)")
    }
  }
}

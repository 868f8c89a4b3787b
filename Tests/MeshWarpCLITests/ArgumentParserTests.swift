import Testing

@testable import MeshWarpCLI

@Suite struct ArgumentParserTests {
  let spec = CommandSpec(
    name: "test", summary: "A test command.",
    usage: "meshwarp test IN [-o OUT] [--size WxH] [--json]",
    options: [
      OptionSpec(names: ["--output", "-o"], value: "OUT", help: "Output."),
      OptionSpec(names: ["--size"], value: "WxH", help: "Size."),
      OptionSpec(names: ["--count"], value: "N", help: "Count."),
      OptionSpec(names: ["--json"], value: nil, help: "JSON."),
    ],
    positionals: 1...1)

  @Test func valuesFlagsAndPositionals() throws {
    let a = try ParsedArguments(
      ["in.png", "-o", "out.png", "--size=640x480", "--json"], spec: spec)
    #expect(a.positionals == ["in.png"])
    #expect(a.string("--output") == "out.png")
    #expect(try a.size("--size")! == (640, 480))
    #expect(a.flag("--json"))
  }

  @Test func doubleDashEndsOptionsAndDashIsPositional() throws {
    #expect(
      try ParsedArguments(["--", "--weird-name.png"], spec: spec).positionals == [
        "--weird-name.png"
      ])
    #expect(try ParsedArguments(["-"], spec: spec).positionals == ["-"])
  }

  @Test func usageErrors() {
    let cases: [([String], String)] = [
      (["in", "--bogus"], "unknown option '--bogus'"),
      (["in", "-o"], "needs a value"),
      (["in", "-o", "a", "--output", "b"], "more than once"),
      (["in", "--json=yes"], "takes no value"),
      ([], "takes 1 argument, got 0"),
      (["a", "b"], "got 2"),
    ]
    for (args, message) in cases {
      #expect {
        try ParsedArguments(args, spec: spec)
      } throws: { error in
        guard let e = error as? CLIError, case .usage(let text) = e else { return false }
        return text.contains(message) && e.exitCode == 2
      }
    }
  }

  @Test func numbersAndSizesAreChecked() throws {
    for bad in ["0x10", "10x0", "-5x5", "abc", "10x", "99999x10", "10x10x10"] {
      #expect(throws: CLIError.self) { try ParsedArguments.parseSize(bad, option: "--size") }
    }
    let a = try ParsedArguments(["in", "--count", "12"], spec: spec)
    #expect(try a.int("--count", in: 1...100) == 12)
    #expect(throws: CLIError.self) { try a.int("--count", in: 1...10) }
    let b = try ParsedArguments(["in", "--count", "1.5"], spec: spec)
    #expect(throws: CLIError.self) { try b.int("--count", in: 1...10) }
  }

  @Test func helpListsEveryOption() {
    let help = spec.help
    for name in ["--output", "-o", "--size WxH", "--json", "--help"] {
      #expect(help.contains(name))
    }
  }
}

import MeshWarpArguments
import Testing

/// Completion scripts and the man page of a made-up tool: everything they
/// name comes from its `ToolShape` (`meshwarp`'s own are pinned whole, and
/// run in the shells, by MeshWarpCLITests).
@Suite struct ToolShapeTests {
  enum Mode: String, CaseIterable, ArgumentChoices {
    case fast, best
  }

  struct PaintCommand: ParsableCommandLine {
    static let configuration = CommandConfiguration(
      name: "paint", summary: "Paint a file.", details: "Paints.\n  paint-tool paint a.png",
      examples: [("Paint a picture:", "paint-tool paint a.png")])
    static var commandName: String { "paint-tool paint" }
    @Argument(placeholder: "FILE", help: "The file.") var file: String
    @Option(short: "m", help: "How.") var mode = Mode.fast
  }

  static let tool = ToolShape(
    name: "paint-tool", commands: [CommandShape(PaintCommand.self)],
    options: [CommandShape.helpOption])

  @Test func shapeComesFromTheDeclarations() throws {
    let paint = try #require(Self.tool.commands.first)
    #expect(paint.name == "paint" && paint.summary == "Paint a file.")
    #expect(paint.options.map(\.long) == ["--mode", "--help"])
    #expect(paint.options[0].completion == .words(["fast", "best"]))
    #expect(paint.options[0].help == "How (default: fast).")
    #expect(paint.positionals.map(\.placeholder) == ["FILE"])
  }

  @Test func scriptsNameTheTool() {
    let bash = CompletionScript.script(for: .bash, tool: Self.tool)
    #expect(
      bash.contains("_paint_tool() {") && bash.hasSuffix("complete -F _paint_tool paint-tool\n"))
    #expect(bash.contains("--mode|-m) _paint_tool_words 'fast best' \"$cur\"; return ;;"))
    let zsh = CompletionScript.script(for: .zsh, tool: Self.tool)
    #expect(
      zsh.hasPrefix("#compdef paint-tool\n") && zsh.contains("compdef _paint_tool paint-tool"))
    let fish = CompletionScript.script(for: .fish, tool: Self.tool)
    #expect(
      fish.contains("complete -c paint-tool -n __fish_use_subcommand -a paint -d 'Paint a file.'"))
  }

  @Test func manPageHasEverySection() {
    let page = ManPage.text(
      tool: Self.tool, commandLines: [PaintCommand.self], version: "1.2.3",
      purpose: "paint files", synopsis: [[.literal("paint-tool"), .placeholder("COMMAND")]],
      description: "Paints.", exitStatuses: [("0", "Success.")],
      examples: [("Paint:", "paint-tool paint a.png")], seeAlso: ["gimp (1)"])
    #expect(page.hasPrefix(".TH PAINT-TOOL 1 \"\" \"paint-tool 1.2.3\" \"User Commands\"\n"))
    for line in [
      ".SH NAME", "paint-tool \\- paint files", ".B paint\\-tool", ".I COMMAND",
      ".SS \"paint-tool paint\"", "paint\\-tool paint FILE [\\-\\-mode fast|best]",
      "\\fB\\-\\-mode\\fR, \\fB\\-m\\fR \\fIfast|best\\fR", ".RS", "paint\\-tool paint a.png",
      ".SH EXIT STATUS", ".B 0", ".BR gimp (1)",
    ] {
      #expect(page.split(separator: "\n").contains { $0 == line }, "\(line)")
    }
  }

  @Test func roffEscapes() {
    #expect(ManPage.escaped("'a' -b") == "\\&'a' \\-b")
    #expect(ManPage.escaped(".x \\ 4 × 4") == "\\&.x \\e 4 \\[u00D7] 4")
  }

  @Test func nearestNames() {
    #expect(NearestName.suggestion(for: "--mseh", among: ["--mesh", "--size"]) == "--mesh")
    #expect(NearestName.suggestion(for: "--zzzz", among: ["--mesh"]) == nil)
    #expect(NearestName.suggestion(for: "-o", among: ["-o"]) == nil)
    #expect(NearestName.hint(for: "gird", among: ["grid"]) == "; did you mean 'grid'?")
  }

  @Test func helpWrapsAtSpaces() {
    #expect(HelpText.wrap("aa bb cc", width: 5) == ["aa bb", "cc"])
    #expect(HelpText.exampleLines([("Do:", "x y")]) == ["", "Examples:", "  Do:", "    x y"])
  }
}

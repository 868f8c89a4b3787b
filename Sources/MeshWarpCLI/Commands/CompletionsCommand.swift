import MeshWarpArguments

/// `meshwarp completions bash|zsh|fish`
struct CompletionsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    name: "completions", summary: "Print the shell completion script for bash, zsh or fish.",
    details: """
      It completes commands, options, the values of options with a fixed set of words
      and file paths. Install it where the shell looks (the Debian package does this):
        meshwarp completions bash > ~/.local/share/bash-completion/completions/meshwarp
        meshwarp completions zsh > ~/.zfunc/_meshwarp   (a folder in $fpath)
        meshwarp completions fish > ~/.config/fish/completions/meshwarp.fish
      or try it in the running shell: source <(meshwarp completions bash).
      """,
    examples: [
      ("Enable bash completion for this shell:", "meshwarp completions bash"),
      ("Install zsh completion:", "meshwarp completions zsh"),
    ])

  @Argument(placeholder: "SHELL", help: "The shell: bash, zsh or fish.")
  var shell: CompletionShell

  func run(console: Console) throws {
    try console.write(Array(CompletionScript.script(for: shell, tool: .meshwarp).utf8))
  }
}

import MeshWarpArguments

/// `--progress, -p P`: one still frame of an effect, at progress P of 0…1.
struct ProgressOptions: ParsableArguments {
  @Option(
    short: "p", placeholder: "P", range: 0...1,
    help: "Render the single frame at progress P: a still (.png, .jpg or .webp, as OUT says).")
  var progress: Double?

  /// How the user spelled it, if given (for messages).
  var givenAs: String? { $progress.givenAs }
}

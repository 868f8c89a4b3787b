import MeshWarpArguments

/// `--threads, -j N`: worker threads.
struct ThreadOptions: ParsableArguments {
  /// 0 means all cores (`resolvedThreadCount`).
  @Option(short: "j", range: 1...256, help: "Worker threads.", defaultHelp: "all cores")
  var threads: Int = 0

  init() {}

  /// The same option with this command's help (`bench` measures with it).
  init(help: String, defaultHelp: String) {
    _threads = Option(
      wrappedValue: 0, short: "j", range: 1...256, help: help, defaultHelp: defaultHelp)
  }

  /// Whether `--threads` was given.
  var isGiven: Bool { $threads.givenAs != nil }
}

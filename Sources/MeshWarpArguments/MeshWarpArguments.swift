// MeshWarpArguments: the command-line parser both tools use (`meshwarp`
// and `meshwarp-editor`), declared once per command as typed properties and
// parsed from those declarations (the shape of swift-argument-parser,
// written here because no package can be fetched): the property wrappers,
// the parse and its usage errors, help text, completion scripts, the man
// page, "did you mean" suggestions, and the value parsers that know no
// domain (numbers, ranges, `WxH` sizes, lists of words).
//
// Must not import: any module of this package. Values of the library's
// types (colours, image formats, edge policies, fonts) are parsed by
// `ExpressibleByArgument` conformances in the tool that takes them
// (MeshWarpCLI). Nothing here prints or exits: a tool gets a `ParseOutcome`
// or a `UsageError` and reports it in its own words.
//
// HOW TO ADD AN OPTION: one line in the command (or in a shared group when
// several commands take it), then use the property:
//
//   @Option(range: 1...100, help: "Encoder quality.") var quality: Int = 90
//   @Option(placeholder: "SECONDS", help: "Length of the animation.") var duration: Double?
//   @Option(short: "m", placeholder: "MESH.json", help: "The warp mesh.") var mesh: String
//   @Flag(help: "Skip the minification filter.") var noFilter: Bool
//   @OptionGroup var output: OutputOptions      // a shared group: -o, ...
//
// The long name comes from the property (`noFilter` -> `--no-filter`;
// `name: "--x"` overrides it); `short:` adds a one-letter spelling and
// `aliases:` deprecated spellings (each use warns). A property with an
// initial value has that default (help shows it, or `defaultHelp:`); an
// optional type may be absent; any other type is required. Values parse
// through `ExpressibleByArgument` (ArgumentValues.swift) or a `parser:`
// given: Int, Double, String, PixelSize (WxH) and enums listed by
// `ArgumentChoices`. Usage, help, and every usage error (unknown option,
// missing or bad value) are generated from these declarations. A command
// or group that checks options against each other implements `validate()`.

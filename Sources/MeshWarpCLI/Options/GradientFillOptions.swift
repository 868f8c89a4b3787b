/// How a mesh gradient is rendered into frames: dithering, and a warp of
/// every frame.
struct GradientFillOptions: ParsableArguments {
  @Option(placeholder: "MESH.json", help: "Warp every frame through a mesh before writing.")
  var warp: String?
  @Flag(help: "Turn off the ±1/255 dithering against banding.") var noDither: Bool
}

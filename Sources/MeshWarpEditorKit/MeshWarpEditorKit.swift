// MeshWarpEditorKit: everything the interactive demo window does except talk to
// SDL — the session state and its reactions to mouse and keys, control-point
// hit-testing, density resampling, the live content with its clickable
// toggle, the key help, the script format — so that it runs and is tested
// headless.
//
// Must not import: SDL or any window system (the `meshwarp-editor` executable
// owns the window, the event loop and frame pacing). Its command line is
// read by MeshWarpArguments, the parser `meshwarp` uses too. Depends on the
// library's modules, each imported where it is used: MeshWarpImageIO and
// MeshWarpFiles (picture files), MeshWarpVideo (videos through its ffmpeg
// reader, decoded on a thread of its own: LoopingVideo), MeshWarpText, the
// renderer and the core.

// MeshWarpCLI: the `meshwarp` command-line tool as a library, so tests can
// run its commands in-process. Argument parsing is hand-written (no packages
// can be fetched).
@_exported import MeshWarpIO

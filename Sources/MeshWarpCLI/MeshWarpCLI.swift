// MeshWarpCLI: the `meshwarp` command-line tool as a library, so tests can
// run its commands in-process. Options are declared once, as typed
// properties, and parsed from those declarations (Parsing/, no packages can
// be fetched); options that several commands take are groups in Options/.

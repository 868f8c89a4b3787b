// MeshWarpCLI: the `meshwarp` command-line tool as a library, so tests can
// run its commands in-process. Options are declared once, as typed
// properties, and parsed from those declarations by MeshWarpArguments (the
// parser the editor shares); Parsing/ holds what is `meshwarp`'s own: its
// command protocol, the library's types as values, its completion scripts'
// and man page's contents. Options that several commands take are groups
// in Options/.

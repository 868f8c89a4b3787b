// MeshWarpDocuments: the one reader of MeshWarp's JSON documents (meshes,
// point sets, gradients, and their keyframe files). It tells a file's kind
// by its keys (`DocumentKind`), refuses the wrong kind or a picture given
// where a document belongs with a message that says which it found, and
// decodes each kind with errors that give line, column and key. The
// command line, the editor and the library's jobs all read through it.

// MeshWarpIO: the whole library, as one import. An umbrella with no code of
// its own: it re-exports the five modules below and the core and renderer
// they build on, so `import MeshWarpIO` gives all of them (MeshWarpEffect is
// the only other module that re-exports anything). An app that needs less
// imports less (a server that only warps PNGs imports MeshWarpImageIO,
// MeshWarpRender and MeshWarpCore, and links neither HarfBuzz nor FreeType).
//
//   MeshWarpFiles    atomic files, file input, standard output, JSON files,
//                    external programs, `FileError` (Foundation only)
//   MeshWarpDocuments  the reader of MeshWarp's JSON documents (meshes, point
//                    sets, gradients, keyframe files): `DocumentFile`
//   MeshWarpImageIO  image codecs: PNG (libpng), APNG (zlib), JPEG
//                    (libjpeg-turbo), WebP (libwebp), GIF (giflib),
//                    `ImageCodecError`
//   MeshWarpVideo    frames over time: animated PNG, PNG sequences, video
//                    in and out (ffmpeg, ffprobe), `VideoError`
//   MeshWarpText     fonts and text (fontconfig, HarfBuzz, FreeType)
@_exported import MeshWarpCore
@_exported import MeshWarpDocuments
@_exported import MeshWarpFiles
@_exported import MeshWarpImageIO
@_exported import MeshWarpRender
@_exported import MeshWarpText
@_exported import MeshWarpVideo

// MeshWarpImageIO: image codecs, one folder per format.
//
// Owns: format detection and the decode/encode front (`ImageFormat`,
// `ImageDecoder`, `ImageEncoder`, `ColorDescription`, `ImageMetadata` with
// its EXIF orientation patching in `EXIF.swift`); PNG through libpng
// (`PNG/`: raw values via a C shim, colour chunks, the chunk framing, row
// filters and zlib shared by the formats); animated PNG reading and frame
// encoding by hand with zlib (`APNG/`); JPEG through libjpeg-turbo (`JPEG/`,
// with the JFIF/EXIF/XMP/ICC/Adobe marker parser and writer), WebP through libwebp (`WebP/`),
// a GIF's first frame through giflib (`GIF/`), TIFF through libtiff
// (`TIFF/`), HEIC and AVIF stills through libheif (`HEIF/`, read only);
// 8- or 16-bit pixels (`PixelImage`) from decoder to encoder; colour
// (`Color/`: the ICC profile's colour space, CMYK to sRGB and nclx to an
// ICC profile through LittleCMS). A new codec gets a folder of
// its own here and its system library in Package.swift. The library's job
// for stills (`Jobs/`): `ImageWarp` (decode, mesh for the picture's size,
// render, write), its `ImageWarpPlan`, and `StillOutput`, the one writer
// of finished stills.
//
// Must not import: UI frameworks, fonts or video. Depends on MeshWarpRender
// (pixels), MeshWarpFiles (files and their errors), MeshWarpDocuments (the
// warp documents a job reads), libpng, zlib,
// libturbojpeg, libwebp(+mux), giflib, libtiff, libheif and liblcms2. Every codec failure is a thrown
// `ImageCodecError` (`FileError` for the files); nothing here traps on bad
// input.

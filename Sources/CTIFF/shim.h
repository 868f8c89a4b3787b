// libtiff over bytes in memory. libtiff's TIFFGetField and TIFFSetField
// are variadic, which Swift cannot call, so the fields MeshWarp reads and
// writes go through the functions here. libtiff reports errors through a
// handler, not longjmp: the first message is kept in the memory object.
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <tiffio.h>

/// The bytes libtiff reads from or writes to, and its first error message.
/// For writing, `data` grows with realloc and belongs to the caller once
/// written (free it).
typedef struct meshwarp_tiff_memory {
  unsigned char *data;
  size_t size, capacity, position;
  int writable;
  char message[256];
} meshwarp_tiff_memory;

static tmsize_t meshwarp_tiff_read_proc(thandle_t handle, void *buffer, tmsize_t count) {
  meshwarp_tiff_memory *m = (meshwarp_tiff_memory *)handle;
  if (count <= 0 || m->position >= m->size) return 0;
  size_t n = (size_t)count;
  if (n > m->size - m->position) n = m->size - m->position;
  memcpy(buffer, m->data + m->position, n);
  m->position += n;
  return (tmsize_t)n;
}

static tmsize_t meshwarp_tiff_write_proc(thandle_t handle, void *buffer, tmsize_t count) {
  meshwarp_tiff_memory *m = (meshwarp_tiff_memory *)handle;
  if (!m->writable || count < 0) return -1;
  size_t end = m->position + (size_t)count;
  if (end > m->capacity) {
    size_t capacity = m->capacity ? m->capacity : 65536;
    while (capacity < end) capacity *= 2;
    unsigned char *grown = (unsigned char *)realloc(m->data, capacity);
    if (grown == NULL) return -1;
    m->data = grown;
    m->capacity = capacity;
  }
  if (m->position > m->size) memset(m->data + m->size, 0, m->position - m->size);
  memcpy(m->data + m->position, buffer, (size_t)count);
  m->position = end;
  if (end > m->size) m->size = end;
  return count;
}

static toff_t meshwarp_tiff_seek_proc(thandle_t handle, toff_t offset, int whence) {
  meshwarp_tiff_memory *m = (meshwarp_tiff_memory *)handle;
  int64_t base = whence == SEEK_CUR ? (int64_t)m->position
                 : whence == SEEK_END ? (int64_t)m->size
                                      : 0;
  int64_t target = base + (int64_t)offset;
  if (target < 0) return (toff_t)-1;
  m->position = (size_t)target;
  return (toff_t)target;
}

static int meshwarp_tiff_close_proc(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t meshwarp_tiff_size_proc(thandle_t handle) {
  return (toff_t)((meshwarp_tiff_memory *)handle)->size;
}

static int meshwarp_tiff_map_proc(thandle_t handle, void **base, toff_t *size) {
  (void)handle, (void)base, (void)size;
  return 0;
}

static void meshwarp_tiff_unmap_proc(thandle_t handle, void *base, toff_t size) {
  (void)handle, (void)base, (void)size;
}

static int meshwarp_tiff_error_proc(
    TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
  (void)tif, (void)module;
  meshwarp_tiff_memory *m = (meshwarp_tiff_memory *)user;
  if (m->message[0] == 0) vsnprintf(m->message, sizeof m->message, format, arguments);
  return 1;
}

static int meshwarp_tiff_warning_proc(
    TIFF *tif, void *user, const char *module, const char *format, va_list arguments) {
  (void)tif, (void)user, (void)module, (void)format, (void)arguments;
  return 1;
}

/// Opens `m` with libtiff: mode "r" to read, "w" to write. NULL on
/// failure, with m->message set.
static inline TIFF *meshwarp_tiff_open(meshwarp_tiff_memory *m, const char *mode) {
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) return NULL;
  TIFFOpenOptionsSetErrorHandlerExtR(options, meshwarp_tiff_error_proc, m);
  TIFFOpenOptionsSetWarningHandlerExtR(options, meshwarp_tiff_warning_proc, m);
  TIFF *tif = TIFFClientOpenExt(
      "TIFF", mode, (thandle_t)m, meshwarp_tiff_read_proc, meshwarp_tiff_write_proc,
      meshwarp_tiff_seek_proc, meshwarp_tiff_close_proc, meshwarp_tiff_size_proc,
      meshwarp_tiff_map_proc, meshwarp_tiff_unmap_proc, options);
  TIFFOpenOptionsFree(options);
  if (tif == NULL && m->message[0] == 0) strcpy(m->message, "libtiff cannot open it");
  return tif;
}

/// The first directory's fields that decide how it is read.
typedef struct meshwarp_tiff_header {
  uint32_t width, height;
  uint16_t bits, samples, photometric, planar, orientation, sample_format;
  /// The first extra sample's meaning (EXTRASAMPLE_*), when there is one.
  uint16_t extra_count, extra_first;
  int tiled, has_photometric;
  uint32_t tile_width, tile_height;
  /// The ICC profile (tag 34675), owned by libtiff; NULL when none.
  const void *icc;
  uint32_t icc_size;
  /// The colour map of a palette image (3 × 2^bits 16-bit values), or NULL.
  const uint16_t *red, *green, *blue;
  /// The XMP packet (tag 700), owned by libtiff; NULL when none.
  const void *xmp;
  uint32_t xmp_size;
  /// The resolution (tags 282, 283, 296); unit 0 when the file gives none.
  uint16_t resolution_unit;
  float x_resolution, y_resolution;
} meshwarp_tiff_header;

static inline void meshwarp_tiff_read_header(TIFF *tif, meshwarp_tiff_header *h) {
  memset(h, 0, sizeof *h);
  TIFFGetField(tif, TIFFTAG_IMAGEWIDTH, &h->width);
  TIFFGetField(tif, TIFFTAG_IMAGELENGTH, &h->height);
  TIFFGetFieldDefaulted(tif, TIFFTAG_BITSPERSAMPLE, &h->bits);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &h->samples);
  h->has_photometric = TIFFGetField(tif, TIFFTAG_PHOTOMETRIC, &h->photometric);
  TIFFGetFieldDefaulted(tif, TIFFTAG_PLANARCONFIG, &h->planar);
  TIFFGetFieldDefaulted(tif, TIFFTAG_ORIENTATION, &h->orientation);
  TIFFGetFieldDefaulted(tif, TIFFTAG_SAMPLEFORMAT, &h->sample_format);
  uint16_t *extra = NULL;
  if (TIFFGetField(tif, TIFFTAG_EXTRASAMPLES, &h->extra_count, &extra) && h->extra_count > 0)
    h->extra_first = extra[0];
  else
    h->extra_count = 0;
  h->tiled = TIFFIsTiled(tif);
  if (h->tiled) {
    TIFFGetField(tif, TIFFTAG_TILEWIDTH, &h->tile_width);
    TIFFGetField(tif, TIFFTAG_TILELENGTH, &h->tile_height);
  }
  uint32_t icc_size = 0;
  void *icc = NULL;
  if (TIFFGetField(tif, TIFFTAG_ICCPROFILE, &icc_size, &icc) && icc != NULL && icc_size > 0) {
    h->icc = icc;
    h->icc_size = icc_size;
  }
  uint32_t xmp_size = 0;
  void *xmp = NULL;
  if (TIFFGetField(tif, TIFFTAG_XMLPACKET, &xmp_size, &xmp) && xmp != NULL && xmp_size > 0) {
    h->xmp = xmp;
    h->xmp_size = xmp_size;
  }
  float xres = 0, yres = 0;
  if (TIFFGetField(tif, TIFFTAG_XRESOLUTION, &xres) &&
      TIFFGetField(tif, TIFFTAG_YRESOLUTION, &yres) && xres > 0 && yres > 0) {
    TIFFGetFieldDefaulted(tif, TIFFTAG_RESOLUTIONUNIT, &h->resolution_unit);
    h->x_resolution = xres;
    h->y_resolution = yres;
  }
  uint16_t *r = NULL, *g = NULL, *b = NULL;
  if (TIFFGetField(tif, TIFFTAG_COLORMAP, &r, &g, &b)) {
    h->red = r;
    h->green = g;
    h->blue = b;
  }
}

/// Reads the stored samples of a contiguous (chunky) image into `out`, row
/// y at out + y · row_bytes (row_bytes = TIFFScanlineSize), strips or
/// tiles. 0 on success.
static inline int meshwarp_tiff_read_contig(
    TIFF *tif, const meshwarp_tiff_header *h, unsigned char *out, size_t row_bytes) {
  if (!h->tiled) {
    for (uint32_t y = 0; y < h->height; y++)
      if (TIFFReadScanline(tif, out + (size_t)y * row_bytes, y, 0) < 0) return 1;
    return 0;
  }
  if (h->tile_width == 0 || h->tile_height == 0 || h->bits % 8 != 0) return 1;
  size_t pixel_bytes = (size_t)h->samples * h->bits / 8;
  tmsize_t tile_size = TIFFTileSize(tif);
  unsigned char *tile = (unsigned char *)_TIFFmalloc(tile_size);
  if (tile == NULL) return 1;
  size_t tile_row = (size_t)h->tile_width * pixel_bytes;
  for (uint32_t ty = 0; ty < h->height; ty += h->tile_height) {
    for (uint32_t tx = 0; tx < h->width; tx += h->tile_width) {
      if (TIFFReadTile(tif, tile, tx, ty, 0, 0) < 0) {
        _TIFFfree(tile);
        return 1;
      }
      uint32_t columns = h->width - tx < h->tile_width ? h->width - tx : h->tile_width;
      uint32_t rows = h->height - ty < h->tile_height ? h->height - ty : h->tile_height;
      for (uint32_t r = 0; r < rows; r++)
        memcpy(out + (size_t)(ty + r) * row_bytes + (size_t)tx * pixel_bytes,
               tile + (size_t)r * tile_row, (size_t)columns * pixel_bytes);
    }
  }
  _TIFFfree(tile);
  return 0;
}

/// Reads the image through libtiff's RGBA interface (any photometric and
/// layout libtiff converts: YCbCr, CMYK, separate planes, …) into `raster`,
/// one 32-bit ABGR word a pixel (bytes R, G, B, A on a little-endian
/// machine), rows as stored (the orientation is not applied). Alpha comes
/// back premultiplied. 0 on success.
static inline int meshwarp_tiff_read_rgba(TIFF *tif, uint32_t *raster, uint32_t w, uint32_t h,
                                          char *message) {
  TIFFRGBAImage image;
  if (!TIFFRGBAImageOK(tif, message) || !TIFFRGBAImageBegin(&image, tif, 0, message)) return 1;
  image.req_orientation = image.orientation;
  int ok = TIFFRGBAImageGet(&image, raster, w, h);
  TIFFRGBAImageEnd(&image);
  return ok ? 0 : 1;
}

/// What a written directory carries beside its pixels: the ICC profile
/// (tag 34675) and XMP packet (tag 700) when not NULL, and the resolution
/// (tags 282, 283, 296) when `resolution_unit` is not 0.
typedef struct meshwarp_tiff_extras {
  const void *icc;
  uint32_t icc_size;
  const void *xmp;
  uint32_t xmp_size;
  uint16_t resolution_unit;
  float x_resolution, y_resolution;
} meshwarp_tiff_extras;

/// Writes RGB (`channels` 3) or RGBA (4, unassociated alpha) rows of `bits`
/// 8 or 16 a sample from `pixels` (RGBA, 4 samples a pixel whatever
/// `channels`; 16-bit samples in the machine's order) as one TIFF directory
/// into `m`, compressed with `compression` (COMPRESSION_*; Deflate and LZW
/// with the horizontal predictor), with `extras`. 0 on success, with
/// m->data holding the file.
static inline int meshwarp_tiff_write_rgba(
    meshwarp_tiff_memory *m, const void *pixels, uint32_t w, uint32_t h, int channels, int bits,
    uint16_t compression, const meshwarp_tiff_extras *extras) {
  TIFF *tif = meshwarp_tiff_open(m, "w");
  if (tif == NULL) return 1;
  TIFFSetField(tif, TIFFTAG_IMAGEWIDTH, w);
  TIFFSetField(tif, TIFFTAG_IMAGELENGTH, h);
  TIFFSetField(tif, TIFFTAG_BITSPERSAMPLE, bits);
  TIFFSetField(tif, TIFFTAG_SAMPLESPERPIXEL, channels);
  TIFFSetField(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB);
  TIFFSetField(tif, TIFFTAG_PLANARCONFIG, PLANARCONFIG_CONTIG);
  TIFFSetField(tif, TIFFTAG_ORIENTATION, ORIENTATION_TOPLEFT);
  TIFFSetField(tif, TIFFTAG_COMPRESSION, compression);
  if (compression == COMPRESSION_ADOBE_DEFLATE || compression == COMPRESSION_LZW)
    TIFFSetField(tif, TIFFTAG_PREDICTOR, PREDICTOR_HORIZONTAL);
  if (channels == 4) {
    uint16_t extra = EXTRASAMPLE_UNASSALPHA;
    TIFFSetField(tif, TIFFTAG_EXTRASAMPLES, 1, &extra);
  }
  if (extras->icc != NULL && extras->icc_size > 0)
    TIFFSetField(tif, TIFFTAG_ICCPROFILE, extras->icc_size, extras->icc);
  if (extras->xmp != NULL && extras->xmp_size > 0)
    TIFFSetField(tif, TIFFTAG_XMLPACKET, extras->xmp_size, extras->xmp);
  if (extras->resolution_unit != 0) {
    TIFFSetField(tif, TIFFTAG_RESOLUTIONUNIT, extras->resolution_unit);
    TIFFSetField(tif, TIFFTAG_XRESOLUTION, extras->x_resolution);
    TIFFSetField(tif, TIFFTAG_YRESOLUTION, extras->y_resolution);
  }
  TIFFSetField(tif, TIFFTAG_ROWSPERSTRIP, TIFFDefaultStripSize(tif, 0));
  size_t sample_bytes = (size_t)bits / 8;
  size_t pixel_bytes = (size_t)channels * sample_bytes;
  unsigned char *row = (unsigned char *)malloc((size_t)w * pixel_bytes);
  int status = row == NULL;
  for (uint32_t y = 0; y < h && status == 0; y++) {
    const unsigned char *source = (const unsigned char *)pixels + (size_t)y * w * 4 * sample_bytes;
    if (channels == 4) {
      memcpy(row, source, (size_t)w * pixel_bytes);
    } else {
      for (uint32_t x = 0; x < w; x++)
        memcpy(row + (size_t)x * pixel_bytes, source + (size_t)x * 4 * sample_bytes, pixel_bytes);
    }
    if (TIFFWriteScanline(tif, row, y, 0) < 0) status = 1;
  }
  free(row);
  if (status == 0 && !TIFFWriteDirectory(tif)) status = 1;
  TIFFClose(tif);
  if (status != 0 && m->message[0] == 0) strcpy(m->message, "libtiff cannot write it");
  return status;
}

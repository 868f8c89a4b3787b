// libjpeg's scanline API (libjpeg-turbo's libjpeg.so), for decoding one
// horizontal strip of a JPEG: the TurboJPEG API decodes whole pictures
// only. libjpeg reports errors with longjmp, which Swift cannot catch, so
// the setjmp lives here, in C: each function returns 0 on success and
// non-zero with `message` set on failure.
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>

/// The header facts that decide whether a JPEG may be decoded in strips.
typedef struct meshwarp_jpeg_layout {
  unsigned int width, height;
  /// 1 for a progressive (SOF2) or arithmetic-coded file.
  int progressive, arithmetic;
  /// 1 when the first scan does not hold every component: a sequential
  /// file in several scans, whose entropy data libjpeg decodes whole in
  /// jpeg_start_decompress (into a coefficient buffer of the whole
  /// picture), so that every strip would decode all of it.
  int multiscan;
  /// Rows of one iMCU row: 8 × the largest vertical sampling factor.
  unsigned int imcu_rows;
} meshwarp_jpeg_layout;

typedef struct meshwarp_jpeg_error {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  char *message;
} meshwarp_jpeg_error;

static void meshwarp_jpeg_error_exit(j_common_ptr info) {
  meshwarp_jpeg_error *error = (meshwarp_jpeg_error *)info->err;
  (*info->err->format_message)(info, error->message);
  longjmp(error->jump, 1);
}

// A warning (corrupt or truncated data, which libjpeg would fill with
// grey) is an error, as TurboJPEG's TJFLAG_STOPONWARNING makes it; trace
// messages (level ≥ 0) are ignored.
static void meshwarp_jpeg_emit_message(j_common_ptr info, int level) {
  if (level < 0) meshwarp_jpeg_error_exit(info);
}

static inline void meshwarp_jpeg_error_setup(
    struct jpeg_decompress_struct *info, meshwarp_jpeg_error *error, char *message) {
  info->err = jpeg_std_error(&error->manager);
  error->manager.error_exit = meshwarp_jpeg_error_exit;
  error->manager.emit_message = meshwarp_jpeg_emit_message;
  error->message = message;
  message[0] = 0;
}

/// Reads the header of `data` under libjpeg's error handler, then runs
/// `body` on the decompressor: the one place that holds the setjmp, so that
/// a libjpeg error in the header or in `body` returns 1 with `message` set.
/// `body` returns 0, or non-zero with `message` set; the decompressor is
/// destroyed either way.
static inline int meshwarp_jpeg_with_header(
    const unsigned char *data, size_t size, char *message,
    int (*body)(struct jpeg_decompress_struct *info, void *context), void *context) {
  struct jpeg_decompress_struct info;
  meshwarp_jpeg_error error;
  meshwarp_jpeg_error_setup(&info, &error, message);
  if (setjmp(error.jump)) {
    jpeg_destroy_decompress(&info);
    return 1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  int status = body(&info, context);
  jpeg_destroy_decompress(&info);
  return status;
}

static int meshwarp_jpeg_layout_body(struct jpeg_decompress_struct *info, void *context) {
  meshwarp_jpeg_layout *layout = (meshwarp_jpeg_layout *)context;
  memset(layout, 0, sizeof *layout);
  layout->width = info->image_width;
  layout->height = info->image_height;
  layout->progressive = info->progressive_mode ? 1 : 0;
  layout->arithmetic = info->arith_code ? 1 : 0;
  layout->multiscan = info->comps_in_scan < info->num_components ? 1 : 0;
  layout->imcu_rows = (unsigned int)info->max_v_samp_factor * DCTSIZE;
  return 0;
}

/// Reads the header of `data` into `layout`. `message` holds
/// JMSG_LENGTH_MAX (200) bytes.
static inline int meshwarp_jpeg_read_layout(
    const unsigned char *data, size_t size, meshwarp_jpeg_layout *layout, char *message) {
  return meshwarp_jpeg_with_header(data, size, message, meshwarp_jpeg_layout_body, layout);
}

/// What meshwarp_jpeg_decode_rows hands its body.
typedef struct meshwarp_jpeg_rows {
  int cmyk;
  unsigned int first, count;
  unsigned char *pixels;
  size_t stride;
  char *message;
} meshwarp_jpeg_rows;

static int meshwarp_jpeg_rows_body(struct jpeg_decompress_struct *info, void *context) {
  const meshwarp_jpeg_rows *job = (const meshwarp_jpeg_rows *)context;
  unsigned int first = job->first, count = job->count;
  info->out_color_space = job->cmyk ? JCS_CMYK : JCS_EXT_RGBA;
  jpeg_start_decompress(info);
  if (first + count > info->output_height || count == 0) {
    strcpy(job->message, "strip outside the picture");
    return 1;
  }
  if (first > 0) jpeg_skip_scanlines(info, first);
  unsigned int end = first + count;
  while (info->output_scanline < end) {
    JSAMPROW rows[16];
    unsigned int n = end - info->output_scanline;
    if (n > 16) n = 16;
    for (unsigned int i = 0; i < n; i++)
      rows[i] = job->pixels + (size_t)(info->output_scanline - first + i) * job->stride;
    if (jpeg_read_scanlines(info, rows, n) == 0) {
      strcpy(job->message, "no rows decoded");
      return 1;
    }
  }
  if (end == info->output_height) {
    jpeg_finish_decompress(info);
  } else {
    jpeg_abort_decompress(info);
  }
  return 0;
}

/// Decodes output rows first ..< first + count of `data` to `pixels` (row r
/// at pixels + (r − first) · stride): RGBA (JCS_EXT_RGBA, alpha 255), or
/// the file's CMYK samples when `cmyk` is 1; libjpeg's defaults otherwise,
/// as TurboJPEG's tjDecompress2 sets them (the accurate integer IDCT,
/// "fancy" triangle-filter upsampling). The rows before `first` are skipped
/// with jpeg_skip_scanlines: their entropy-coded data is decoded, not their
/// IDCT, upsampling or colour conversion. When the strip ends at the
/// picture's bottom the rest of the file is read to EOI, so that trailing
/// damage is reported as a whole-picture decode reports it.
static inline int meshwarp_jpeg_decode_rows(
    const unsigned char *data, size_t size, int cmyk, unsigned int first, unsigned int count,
    unsigned char *pixels, size_t stride, char *message) {
  meshwarp_jpeg_rows job = {cmyk, first, count, pixels, stride, message};
  return meshwarp_jpeg_with_header(data, size, message, meshwarp_jpeg_rows_body, &job);
}

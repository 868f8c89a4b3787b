#include <png.h>
// PNG_FORMAT_RGBA is a macro expression that Swift cannot import.
static const unsigned int meshwarp_png_format_rgba = PNG_FORMAT_RGBA;
// The same for the simplified API's version and flags, so Swift sees one type.
static const unsigned int meshwarp_png_image_version = PNG_IMAGE_VERSION;
static const unsigned int meshwarp_png_image_flag_fast = PNG_IMAGE_FLAG_FAST;
static const unsigned int meshwarp_png_image_flag_16bit_srgb = PNG_IMAGE_FLAG_16BIT_sRGB;
static const unsigned int meshwarp_png_image_warning = PNG_IMAGE_WARNING;
// 16-bit linear, premultiplied RGBA output (the work-around path for
// interlaced 16-bit files; see PNGDecoder).
static const unsigned int meshwarp_png_format_linear_rgba = PNG_FORMAT_LINEAR_RGB_ALPHA;

// Raw PNG reading through libpng's full API: sample values exactly as stored
// (no gamma or colour-space conversion, unlike the simplified API, which
// converts files with gAMA/cHRM/iCCP to sRGB). libpng reports errors with
// longjmp, which Swift cannot catch, so the setjmp lives here, in C: each
// function returns 0 on success and non-zero with `message` set on failure.
#include <setjmp.h>
#include <string.h>
#include <stdlib.h>

typedef struct meshwarp_png_raw {
  png_structp png;
  png_infop info;
  const unsigned char *data;
  size_t size;
  size_t offset;
  unsigned int width, height;
  int bit_depth, color_type, interlace;
  char message[200];
} meshwarp_png_raw;

static void meshwarp_png_raw_error(png_structp png, png_const_charp text) {
  meshwarp_png_raw *state = (meshwarp_png_raw *)png_get_error_ptr(png);
  strncpy(state->message, text ? text : "libpng error", sizeof state->message - 1);
  state->message[sizeof state->message - 1] = 0;
  png_longjmp(png, 1);
}

static void meshwarp_png_raw_warning(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void meshwarp_png_raw_read(png_structp png, png_bytep out, size_t count) {
  meshwarp_png_raw *state = (meshwarp_png_raw *)png_get_io_ptr(png);
  if (count > state->size - state->offset) png_error(png, "read beyond end of data");
  memcpy(out, state->data + state->offset, count);
  state->offset += count;
}

/// Reads the header; fills width, height, bit_depth, color_type, interlace.
static inline int meshwarp_png_raw_begin(meshwarp_png_raw *state, const unsigned char *data,
                                         size_t size) {
  memset(state, 0, sizeof *state);
  state->data = data;
  state->size = size;
  state->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, state, meshwarp_png_raw_error,
                                      meshwarp_png_raw_warning);
  if (!state->png) {
    strcpy(state->message, "out of memory");
    return 1;
  }
  state->info = png_create_info_struct(state->png);
  if (!state->info) {
    strcpy(state->message, "out of memory");
    return 1;
  }
  if (setjmp(png_jmpbuf(state->png))) return 1;
  png_set_read_fn(state->png, state, meshwarp_png_raw_read);
  png_read_info(state->png, state->info);
  png_uint_32 w, h;
  png_get_IHDR(state->png, state->info, &w, &h, &state->bit_depth, &state->color_type,
               &state->interlace, NULL, NULL);
  state->width = w;
  state->height = h;
  return 0;
}

/// Decodes to 8-bit RGBA (`rows` of width·4 bytes, `stride` apart): palette
/// and low bit depths expanded, tRNS to alpha, grey to RGB, 16 bits scaled
/// to 8 (rounded), opaque alpha added; values otherwise untouched.
static inline int meshwarp_png_raw_finish(meshwarp_png_raw *state, unsigned char *pixels,
                                          size_t stride) {
  png_structp png = state->png;
  png_infop info = state->info;
  png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (state->height ? state->height : 1));
  if (!rows) {
    strcpy(state->message, "out of memory");
    return 1;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    return 1;
  }
  png_set_expand(png);
  png_set_scale_16(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  for (unsigned int y = 0; y < state->height; y++) rows[y] = pixels + (size_t)y * stride;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  return 0;
}

/// Decodes a 16-bit file to 16-bit RGBA in host byte order (`rows` of
/// width·8 bytes, `stride` bytes apart): tRNS to alpha, grey to RGB,
/// opaque alpha (65535) added; values otherwise untouched.
static inline int meshwarp_png_raw_finish16(meshwarp_png_raw *state, unsigned short *pixels,
                                            size_t stride) {
  png_structp png = state->png;
  png_infop info = state->info;
  png_bytep *rows = (png_bytep *)malloc(sizeof(png_bytep) * (state->height ? state->height : 1));
  if (!rows) {
    strcpy(state->message, "out of memory");
    return 1;
  }
  if (setjmp(png_jmpbuf(png))) {
    free(rows);
    return 1;
  }
  png_set_expand(png);
  png_set_gray_to_rgb(png);
  png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
  // PNG stores 16-bit samples big-endian (PNG spec §7.1).
  const unsigned short probe = 1;
  if (*(const unsigned char *)&probe == 1) png_set_swap(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  for (unsigned int y = 0; y < state->height; y++)
    rows[y] = (png_bytep)pixels + (size_t)y * stride;
  png_read_image(png, rows);
  png_read_end(png, NULL);
  free(rows);
  return 0;
}

static inline void meshwarp_png_raw_free(meshwarp_png_raw *state) {
  if (state->png) png_destroy_read_struct(&state->png, state->info ? &state->info : NULL, NULL);
  state->png = NULL;
  state->info = NULL;
}

// More simplified-API formats (macro expressions Swift cannot import).
static const unsigned int meshwarp_png_format_gray = PNG_FORMAT_GRAY;
static const unsigned int meshwarp_png_format_ga = PNG_FORMAT_GA;
static const unsigned int meshwarp_png_format_rgb = PNG_FORMAT_RGB;

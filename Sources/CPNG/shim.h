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

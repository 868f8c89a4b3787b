#include <png.h>
// PNG_FORMAT_RGBA is a macro expression that Swift cannot import.
static const unsigned int meshwarp_png_format_rgba = PNG_FORMAT_RGBA;

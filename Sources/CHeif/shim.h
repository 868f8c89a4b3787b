// libheif (HEIC and AVIF stills). The auxiliary-image filter flags are
// macros Swift does not import; they are constants here.
#include <libheif/heif.h>

/// Auxiliary images other than alpha and depth (gain maps, mattes, …).
static const int meshwarp_heif_aux_filter_other =
    (int)(LIBHEIF_AUX_IMAGE_FILTER_OMIT_ALPHA | LIBHEIF_AUX_IMAGE_FILTER_OMIT_DEPTH);

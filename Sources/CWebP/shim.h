#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
// WebPMuxNew and WebPGetFeatures are inline wrappers around versioned
// internals; these constants let Swift pass the versions explicitly.
static const int meshwarp_webp_mux_abi_version = WEBP_MUX_ABI_VERSION;

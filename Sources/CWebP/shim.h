#include <webp/decode.h>
#include <webp/encode.h>
#include <webp/mux.h>
#include <webp/demux.h>
// WebPMuxNew and WebPGetFeatures are inline wrappers around versioned
// internals; these constants let Swift pass the versions explicitly.
static const int meshwarp_webp_mux_abi_version = WEBP_MUX_ABI_VERSION;
// WebPAnimDecoderNew and WebPAnimDecoderOptionsInit likewise.
static const int meshwarp_webp_demux_abi_version = WEBP_DEMUX_ABI_VERSION;

// LittleCMS 2 (liblcms2): colour conversion through ICC profiles. Its pixel
// format constants (TYPE_CMYK_8, …) are macros built from other macros,
// which Swift does not import, so the transforms MeshWarp uses are made here.
#include <lcms2.h>

/// A transform from 8-bit CMYK through `icc` (a CMYK ICC profile) to 8-bit
/// RGBA in sRGB (LittleCMS's built-in sRGB profile), perceptual intent, or
/// NULL when `icc` is not a readable CMYK profile. `inverted`: the samples
/// are stored 0 = full ink (Adobe's CMYK JPEGs; TYPE_CMYK_8_REV). The alpha
/// byte of each output pixel is left as it was. cmsFLAGS_NOCACHE: no
/// one-pixel cache shared between calls, so several threads may run the
/// transform on separate rows at once. Free with cmsDeleteTransform.
static inline cmsHTRANSFORM meshwarp_cms_cmyk_to_srgb(
    const void *icc, cmsUInt32Number size, int inverted) {
  cmsHPROFILE cmyk = cmsOpenProfileFromMem(icc, size);
  if (cmyk == NULL) return NULL;
  cmsHTRANSFORM transform = NULL;
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  if (srgb != NULL && cmsGetColorSpace(cmyk) == cmsSigCmykData) {
    transform = cmsCreateTransform(
        cmyk, inverted ? TYPE_CMYK_8_REV : TYPE_CMYK_8, srgb, TYPE_RGBA_8, INTENT_PERCEPTUAL,
        cmsFLAGS_NOCACHE);
  }
  if (srgb != NULL) cmsCloseProfile(srgb);
  cmsCloseProfile(cmyk);
  return transform;
}

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

/// An RGB ICC profile (LittleCMS's default version, 4.3) of white point
/// (wx, wy), primaries (rx, ry), (gx, gy), (bx, by) and one transfer curve
/// for all three channels: a parametric curve of `curve_type` (ICC
/// parametricCurveType: 1 Y = X^g; 4 the sRGB-like piecewise curve with
/// params g, a, b, c, d) and its `params`; described as `description`.
/// NULL on failure. Close with cmsCloseProfile.
static inline cmsHPROFILE meshwarp_cms_rgb_profile(
    double wx, double wy, double rx, double ry, double gx, double gy, double bx, double by,
    int curve_type, const double *params, const char *description) {
  cmsCIExyY white = {wx, wy, 1.0};
  cmsCIExyYTRIPLE primaries = {{rx, ry, 1.0}, {gx, gy, 1.0}, {bx, by, 1.0}};
  cmsToneCurve *curve = cmsBuildParametricToneCurve(NULL, curve_type, params);
  if (curve == NULL) return NULL;
  cmsToneCurve *curves[3] = {curve, curve, curve};
  cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
  cmsFreeToneCurve(curve);
  if (profile == NULL) return NULL;
  cmsMLU *text = cmsMLUalloc(NULL, 1);
  if (text != NULL) {
    cmsMLUsetASCII(text, "en", "US", description);
    cmsWriteTag(profile, cmsSigProfileDescriptionTag, text);
    cmsMLUfree(text);
  }
  return profile;
}

/// A transform from RGBA through `icc` (an RGB ICC profile) to RGBA in
/// sRGB (LittleCMS's built-in sRGB profile) with `intent`
/// (INTENT_PERCEPTUAL 0, INTENT_RELATIVE_COLORIMETRIC 1), 8 bits a value
/// (`deep` 0) or 16 (`deep` 1, the machine's byte order), black-point
/// compensation on; alpha copied (cmsFLAGS_COPY_ALPHA). NULL when `icc` is
/// not a readable RGB profile. cmsFLAGS_NOCACHE: rows may be transformed
/// on several threads at once. At 16 bits cmsFLAGS_NOOPTIMIZE: the curves
/// and matrices are evaluated for each pixel, not through the sampled
/// table LittleCMS otherwise builds, which strays by several 8-bit levels
/// near black where the sRGB curve is steep. Free with cmsDeleteTransform.
static inline cmsHTRANSFORM meshwarp_cms_rgb_to_srgb(
    const void *icc, cmsUInt32Number size, int deep, int intent) {
  cmsHPROFILE source = cmsOpenProfileFromMem(icc, size);
  if (source == NULL) return NULL;
  cmsHTRANSFORM transform = NULL;
  cmsHPROFILE srgb = cmsCreate_sRGBProfile();
  if (srgb != NULL && cmsGetColorSpace(source) == cmsSigRgbData) {
    cmsUInt32Number format = deep ? TYPE_RGBA_16 : TYPE_RGBA_8;
    transform = cmsCreateTransform(
        source, format, srgb, format, (cmsUInt32Number)intent,
        cmsFLAGS_NOCACHE | cmsFLAGS_COPY_ALPHA | cmsFLAGS_BLACKPOINTCOMPENSATION |
            (deep ? cmsFLAGS_NOOPTIMIZE : 0));
  }
  if (srgb != NULL) cmsCloseProfile(srgb);
  cmsCloseProfile(source);
  return transform;
}

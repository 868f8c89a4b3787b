// MeshWarp.metal: the mesh warp as a SwiftUI layer effect.
//
// Summary
//   `meshWarpLayer` is the `[[ stitchable ]]` layer-effect function that
//   MeshWarpEffect applies with `layerEffect(_:maxSampleOffset:isEnabled:)`
//   (https://developer.apple.com/documentation/swiftui/view/layereffect(_:maxsampleoffset:isenabled:),
//   iOS 17, macOS 14, tvOS 17, visionOS 1). Apple's page gives the signature
//   `[[ stitchable ]] half4 name(float2 position, SwiftUI::Layer layer, args...)`:
//   the function returns the colour of the destination pixel, so "nothing
//   here" is an explicit transparent colour, with no fragment discarding
//   (which no Apple page allows in a stitchable function) and no reliance on
//   what SwiftUI samples outside the layer (which no Apple page states).
//   It samples the layer at the position `meshTransformTrisQuads` maps the
//   pixel to.
//
//   `meshTransformTrisQuads` is the mapping: for each destination pixel it
//   returns the user-space position of the content pixel that should appear
//   there, so that the content under each mesh vertex's original ("from")
//   point appears under its warped ("to") point, bilinearly in between; or
//   kNoSource where nothing is to be drawn.
//
// Algorithm (the twin of MeshMapping.sourcePoint(forDestination:) in
// Sources/MeshWarpCore/MeshMapping.swift; Swift tests run this file through
// a C++ shim and compare it with the core on random meshes)
//   1. Validate the packed mesh against `count` (never read past it).
//   2. Normalize the position by `size` and find its cell in the uniform grid
//      (ShaderMeshData's spatial index): O(1) whatever the face count.
//   3. Test the cell's triangles in ascending order; the first that contains
//      the point names the face (first face wins). Each quad (a, b, c, d) is
//      split into (a, b, c) and (a, c, d). The test is inclusive by
//      kEdgeTolerance points so that shared edges leave no cracks.
//   4. Invert the warped quad's bilinear map with the stable roots of
//      QuadInverter (Sources/MeshWarpCore/InverseBilinear.swift), polished by
//      one Newton step (float only); with no real root (folded quads) fall
//      back to the triangle's barycentric map, as QuadLocator does; clamp
//      (u, v) to [0, 1].
//   5. Evaluate the original quad at (u, v) and scale back to user space.
//   Outside the mesh, beyond the view's own bounds (the maxSampleOffset
//   margin, which SwiftUI lets a layer effect draw into) every policy draws
//   nothing (kNoSource): the CPU renderer has no margin, and a policy's
//   stand-in must not spill past the view. Inside the view's bounds the
//   header's edge policy decides: transparent (kNoSource), unwarped (the
//   destination point itself, i.e. the content unwarped), origin (the
//   original MeshWarpEffect package's behaviour: (0, 0)) or color
//   (kNoSource from the mapping; meshWarpLayer returns the `edgeColor`
//   argument there).
//   6. (meshWarpLayer) Minification filter, the per-pixel form of the CPU
//   renderer's (Sources/MeshWarpRender/Genie/MinificationFilter.swift):
//   the mapped source moves mₐ pixels per output pixel along output axis a
//   (finite differences of the mapping one pixel over); the pixel takes
//   nₐ = ceil(1 + 2·(mₐ − 1)) samples along a (1 where mₐ ≤ 1.25, the
//   CPU filter's `bilinearLimit`, below which one bilinear sample is the
//   closer estimate of the pixel's area average; at most `maxSamples`) on a regular grid inside it, and returns their mean
//   (a box filter on premultiplied colour, which keeps the mean exact).
//   Unminified pixels take one sample at their centre, so an identity warp
//   is untouched.
//   7. (meshWarpLayer) The address mode brings the source position back
//   onto the layer, as Core's AddressMode.texelIndex does for texel indices
//   (Sources/MeshWarpCore/EdgePolicy.swift; tests compare the two):
//   clampToEdge clamps to the centres of the edge pixels, repeat wraps,
//   mirrorRepeat reflects at every edge, clampToZero is transparent beyond
//   the view's bounds.
//
// Parameters
//   position  user-space destination position, points (SwiftUI passes it).
//   layer     (meshWarpLayer only) the view's rasterized content.
//   mesh      the floats of ShaderMeshData.pack (layout version 1; see
//             Documentation/ShaderDataLayout.md), bound with .floatArray.
//   count     the array's length (SwiftUI passes it with the pointer).
//   size      the view's size in points (.float2(proxy.size)); the mesh's
//             normalized coordinates are scaled by it. Must be > 0.
//   addressMode  (meshWarpLayer only) ShaderMeshData.code(for: AddressMode)
//             as a float (.float): 0 clampToEdge, 1 repeat, 2 mirrorRepeat,
//             3 clampToZero; anything else reads as clampToEdge.
//   pixelSize (meshWarpLayer only) one pixel in points, 1 / displayScale
//             (.float): clampToEdge and the reflections stop at the centres
//             of the edge pixels, so the layer's filter never blends in what
//             lies beyond the layer.
//   maxSamples (meshWarpLayer only) the minification filter's largest
//             sample count per axis (.float; 1 turns the filter off).
//   edgeColor (meshWarpLayer only) the colour of the color edge policy
//             (.color(_:): a premultiplied half4 in the destination colour
//             space, per Apple's Shader.Argument.color(_:) page).
//   If the data is not a valid version-1 mesh (or `size` is not > 0) the
//   mapping never reads past `count`: inside the view's own bounds it
//   returns `position` (the content unwarped, as if there were no warp:
//   a bad mesh must not hide the view), beyond them kNoSource (nothing in
//   the margin, as for every policy). ShaderMeshData.pack never produces
//   such data; this guards a stale or hand-made array.
//
// Precision: all arithmetic is in float, in points, relative to a quad
// corner. Measured against the core's Double mapping at 512×512: see
// Documentation/ShaderDataLayout.md ("Agreement with the core").

#include <metal_stdlib>
#include <SwiftUI/SwiftUI_Metal.h>
using namespace metal;

namespace meshwarp {

// Layout version 1 (ShaderMeshData in Sources/MeshWarpCore/ShaderMeshData.swift).
constant int kMagic = 5068627;  // 0x4D5753, "MWS"
constant int kVersion = 1;
constant int kHeaderCount = 16;
constant int kFloatsPerFace = 24;

// Edge policies (header field 5).
constant int kPolicyTransparent = 0;
constant int kPolicyClamp = 1;
constant int kPolicyOrigin = 2;
constant int kPolicyColor = 3;

// Address modes (the addressMode argument; ShaderMeshData.code(for:) of
// Core's AddressMode).
constant int kAddressRepeat = 1;
constant int kAddressMirrorRepeat = 2;
constant int kAddressClampToZero = 3;

// Inclusive edge tolerance of the triangle test, in points (derived: float
// rounding of the edge functions is ~1e-4 pt for views up to ~1000 pt; this
// is a few times that, and below the 1e-3 px agreement band of the tests).
constant float kEdgeTolerance = 5e-4f;
// A negative discriminant above -kDiscriminantTolerance·k1² is a tangent
// root read through rounding (empirical; QuadInverter uses 1e-12 in Double).
constant float kDiscriminantTolerance = 1e-5f;
// Roots beyond this are no better than none (stands in for isfinite, which
// fast math may fold away).
constant float kRootLimit = 1e6f;
// Largest float that holds every smaller integer exactly: 2^24.
constant float kExactIntegerLimit = 16777216.0f;
// The mapping's "draw nothing here" (both components): far below any
// position a view can have, and finite (fast math may fold NaN and infinity
// tests away). Anything at or below kNoSourceLimit reads as it.
constant float kNoSource = -1.0e30f;
constant float kNoSourceLimit = -1.0e29f;

inline bool isNoSource(float2 source) { return source.x <= kNoSourceLimit; }

enum Status { kMapped, kOutside, kInvalid };

struct Header {
  int faceCount;
  int policy;
  int columns;
  int rows;
  float2 origin;
  float2 cellSize;
  int cellStartOffset;
  int indicesOffset;
  int indexCount;
};

inline float cross2(float2 a, float2 b) { return a.x * b.y - a.y * b.x; }

// mesh[i] as an integer; -1 for values that are not small integers (garbage
// must not reach an out-of-range float-to-int conversion).
inline int readInt(device const float *mesh, int i) {
  float x = mesh[i];
  return abs(x) <= kExactIntegerLimit ? int(x) : -1;
}

// Reads and checks the header; false when the data is not a usable
// version-1 mesh of `count` floats.
inline bool readHeader(device const float *mesh, int count, thread Header &h) {
  if (count < kHeaderCount) return false;
  if (readInt(mesh, 0) != kMagic || readInt(mesh, 1) != kVersion) return false;
  if (readInt(mesh, 2) != kHeaderCount || readInt(mesh, 4) != kFloatsPerFace) return false;
  h.faceCount = readInt(mesh, 3);
  h.policy = readInt(mesh, 5);
  h.columns = readInt(mesh, 6);
  h.rows = readInt(mesh, 7);
  h.origin = float2(mesh[8], mesh[9]);
  h.cellSize = float2(mesh[10], mesh[11]);
  h.cellStartOffset = readInt(mesh, 13);
  h.indicesOffset = readInt(mesh, 14);
  int total = readInt(mesh, 15);
  if (h.faceCount < 0 || h.faceCount > (count - kHeaderCount) / kFloatsPerFace) return false;
  if (h.columns < 1 || h.rows < 1 || h.columns > count || h.rows > count / h.columns) return false;
  if (!(h.cellSize.x > 0.0f) || !(h.cellSize.y > 0.0f)) return false;
  if (readInt(mesh, 12) != kHeaderCount) return false;
  if (h.cellStartOffset != kHeaderCount + kFloatsPerFace * h.faceCount) return false;
  if (h.indicesOffset != h.cellStartOffset + h.columns * h.rows + 1) return false;
  if (total > count || total < h.indicesOffset) return false;
  h.indexCount = total - h.indicesOffset;
  return true;
}

// Whether p lies in triangle (t0, t1, t2) or within kEdgeTolerance points of
// it; either winding; degenerate triangles contain nothing. The twin of
// triangleContains in Sources/MeshWarpCore/TriangleGrid.swift, with the
// tolerance as a distance instead of a barycentric fraction.
inline bool triangleContains(float2 t0, float2 t1, float2 t2, float2 p) {
  float area2 = cross2(t1 - t0, t2 - t0);
  if (area2 == 0.0f) return false;
  float s = area2 > 0.0f ? 1.0f : -1.0f;
  float2 e0 = t1 - t0;
  float2 e1 = t2 - t1;
  float2 e2 = t0 - t2;
  return s * cross2(e0, p - t0) >= -kEdgeTolerance * sqrt(e0.x * e0.x + e0.y * e0.y)
    && s * cross2(e1, p - t1) >= -kEdgeTolerance * sqrt(e1.x * e1.x + e1.y * e1.y)
    && s * cross2(e2, p - t2) >= -kEdgeTolerance * sqrt(e2.x * e2.x + e2.y * e2.y);
}

// The best root so far: the (u, v) nearest the unit square, ties to smaller v.
struct RootChoice {
  bool found;
  float2 uv;
  float outside;
};

// QuadInverter.parameters(of:)'s `consider`: u from the axis with the larger
// denominator, then keep the root nearest the unit square.
inline void considerRoot(
  thread RootChoice &best, float v, float2 h, float2 e, float2 f, float2 g
) {
  if (!(abs(v) <= kRootLimit)) return;
  float dx = e.x + g.x * v;
  float dy = e.y + g.y * v;
  float u;
  if (abs(dx) >= abs(dy)) {
    if (dx == 0.0f) return;
    u = (h.x - f.x * v) / dx;
  } else {
    u = (h.y - f.y * v) / dy;
  }
  if (!(abs(u) <= kRootLimit)) return;
  float outside = max(0.0f, -u) + max(0.0f, u - 1.0f) + max(0.0f, -v) + max(0.0f, v - 1.0f);
  if (!best.found || outside < best.outside || (outside == best.outside && v < best.uv.y)) {
    best.found = true;
    best.uv = float2(u, v);
    best.outside = outside;
  }
}

// The inverse bilinear map of the warped quad with corner `a`, edge terms e,
// f, g and k2 = g × f, crossEF = e × f (all in points): QuadInverter's
// quadratic k2·v² + k1·v + k0 = 0 with k1 = e × f + h × g, k0 = h × e,
// h = p − a, solved by q = −(k1 + sign(k1)·√Δ)/2, v = q/k2 and v = k0/q.
inline RootChoice invertBilinear(
  float2 p, float2 a, float2 e, float2 f, float2 g, float k2, float crossEF
) {
  RootChoice best;
  best.found = false;
  best.uv = float2(0.0f, 0.0f);
  best.outside = 0.0f;
  float2 h = p - a;
  float k1 = crossEF + cross2(h, g);
  float k0 = cross2(h, e);
  if (k2 == 0.0f) {
    if (k1 != 0.0f) considerRoot(best, -k0 / k1, h, e, f, g);
    return best;
  }
  float discriminant = k1 * k1 - 4.0f * k0 * k2;
  if (discriminant < 0.0f) {
    if (!(discriminant > -kDiscriminantTolerance * k1 * k1)) return best;
    discriminant = 0.0f;
  }
  float w = sqrt(discriminant);
  float q = -0.5f * (k1 + (k1 < 0.0f ? -w : w));
  considerRoot(best, q / k2, h, e, f, g);
  if (q != 0.0f) considerRoot(best, k0 / q, h, e, f, g);
  return best;
}

// One Newton step on P(u, v) − p = 0 (P relative to corner a, so
// P − p = e·u + f·v + g·u·v − h), kept only if it lowers the residual. Not in
// the Double core, which needs none: in float it brings (u, v) from the
// quadratic's rounding down to the residual's, which matters in thin quads
// where the inverse magnifies errors (measured: up to ~1.9e-3 px without it
// at 512×512, see Documentation/ShaderDataLayout.md).
inline float2 refineBilinear(float2 uv, float2 h, float2 e, float2 f, float2 g) {
  float2 r = e * uv.x + f * uv.y + g * (uv.x * uv.y) - h;
  float2 ju = e + g * uv.y;
  float2 jv = f + g * uv.x;
  float det = cross2(ju, jv);
  if (det == 0.0f) return uv;
  float2 next = uv - float2(cross2(r, jv), cross2(ju, r)) / det;
  float2 rn = e * next.x + f * next.y + g * (next.x * next.y) - h;
  return rn.x * rn.x + rn.y * rn.y <= r.x * r.x + r.y * r.y ? next : uv;
}

// Maps `position` (points) through the packed mesh whose header `header`
// is (`valid`: readHeader accepted it). Sets `status`; returns the source
// position in points when mapped.
inline float2 sourcePosition(
  float2 position, device const float *mesh, float2 size, thread const Header &header,
  bool valid, thread int &status
) {
  status = kInvalid;
  if (!(size.x > 0.0f) || !(size.y > 0.0f)) return position;
  if (!valid) return position;
  status = kOutside;

  // Grid cell, as TriangleGrid.cell(containing:) (normalized UV).
  float2 q = (position / size - header.origin) / header.cellSize;
  if (!(q.x >= 0.0f) || !(q.y >= 0.0f) || q.x > float(header.columns)
      || q.y > float(header.rows)) {
    return position;
  }
  int column = min(int(q.x), header.columns - 1);
  int row = min(int(q.y), header.rows - 1);
  int cell = row * header.columns + column;
  int start = readInt(mesh, header.cellStartOffset + cell);
  int end = readInt(mesh, header.cellStartOffset + cell + 1);
  if (start < 0 || end > header.indexCount || start > end) {
    status = kInvalid;
    return position;
  }

  for (int i = start; i < end; i++) {
    int triangle = readInt(mesh, header.indicesOffset + i);
    int face = triangle / 2;
    if (triangle < 0 || face >= header.faceCount) {
      status = kInvalid;
      return position;
    }
    device const float *quad = mesh + kHeaderCount + kFloatsPerFace * face;
    float2 a = float2(quad[0], quad[1]) * size;
    float2 b = float2(quad[2], quad[3]) * size;
    float2 c = float2(quad[4], quad[5]) * size;
    float2 d = float2(quad[6], quad[7]) * size;
    bool upper = (triangle % 2) == 0;
    float2 t1 = upper ? b : c;
    float2 t2 = upper ? c : d;
    if (!triangleContains(a, t1, t2, position)) continue;

    float area = size.x * size.y;
    float2 e = float2(quad[16], quad[17]) * size;
    float2 f = float2(quad[18], quad[19]) * size;
    float2 g = float2(quad[20], quad[21]) * size;
    RootChoice root = invertBilinear(position, a, e, f, g, quad[22] * area, quad[23] * area);
    float2 uv = root.uv;
    if (root.found) {
      uv = refineBilinear(uv, position - a, e, f, g);
    } else {
      // Barycentric fallback, as QuadLocator: (a, b, c) -> (0,0), (1,0), (1,1);
      // (a, c, d) -> (0,0), (1,1), (0,1).
      float area2 = cross2(t1 - a, t2 - a);
      float l1 = cross2(t2 - a, position - a) / -area2;
      float l2 = cross2(t1 - a, position - a) / area2;
      uv = upper ? float2(l1 + l2, l2) : float2(l1, l1 + l2);
    }
    uv = clamp(uv, float2(0.0f, 0.0f), float2(1.0f, 1.0f));

    // The original quad at (u, v): a + u·(b − a) + v·(d − a) + u·v·(a − b + c − d).
    float2 fa = float2(quad[8], quad[9]);
    float2 fb = float2(quad[10], quad[11]);
    float2 fc = float2(quad[12], quad[13]);
    float2 fd = float2(quad[14], quad[15]);
    float2 source = fa + (fb - fa) * uv.x + (fd - fa) * uv.y + (fa - fb + fc - fd) * (uv.x * uv.y);
    status = kMapped;
    return source * size;
  }
  return position;
}

// The address mode along one axis of `extent` points with pixels of `pixel`
// points: the position to sample, in [pixel/2, extent − pixel/2] (in
// [0, extent] for clampToZero), or kNoSource for a transparent tap. The
// twin of AddressMode.texelIndex(_:size:) in
// Sources/MeshWarpCore/EdgePolicy.swift: with pixel = 1 and an integer
// extent, floor(result) is texelIndex(floor(p), extent) (tested).
inline float addressAxis(float p, float extent, float pixel, int mode) {
  float lo = 0.5f * pixel;
  float hi = extent - 0.5f * pixel;
  if (mode == kAddressClampToZero) {
    return p >= 0.0f && p <= extent ? p : kNoSource;
  }
  if (mode == kAddressRepeat) {
    // [0, extent] itself is left alone, so the content's right and bottom
    // edges (p = extent exactly) do not jump to the left and top ones.
    if (p < 0.0f || p > extent) p = p - extent * floor(p / extent);
  } else if (mode == kAddressMirrorRepeat) {
    float period = 2.0f * extent;
    float m = p - period * floor(p / period);
    p = m < extent ? m : period - m;
  }
  // clampToEdge (and unknown modes); also pulls the wrapped positions off
  // the seams, so the layer's filter does not blend in what lies beyond it.
  return min(max(p, lo), hi);
}

// The address mode on both axes: the position to sample the layer at, or
// float2(kNoSource) where the tap is transparent.
inline float2 addressPosition(float2 source, float2 size, float pixel, int mode) {
  if (!(pixel > 0.0f)) pixel = 0.0f;
  float x = addressAxis(source.x, size.x, pixel, mode);
  float y = addressAxis(source.y, size.y, pixel, mode);
  if (x <= kNoSourceLimit || y <= kNoSourceLimit) return float2(kNoSource, kNoSource);
  return float2(x, y);
}

// Whether `position` lies inside the view's own bounds, edges included
// (false for a size that is not > 0). Beyond them lies the maxSampleOffset
// margin, where only warped faces draw.
inline bool insideView(float2 position, float2 size) {
  return size.x > 0.0f && size.y > 0.0f && position.x >= 0.0f && position.y >= 0.0f
    && position.x <= size.x && position.y <= size.y;
}

// Whether an uncovered pixel shows the edge colour: a valid mesh whose edge
// policy is color, and a position inside the view's own bounds (beyond
// them, in the maxSampleOffset margin, nothing: as every policy).
inline bool showsEdgeColor(float2 position, float2 size, thread const Header &header, bool valid) {
  return valid && header.policy == kPolicyColor && insideView(position, size);
}

// The mapping with the header read once by the caller (meshWarpLayer maps
// several positions per pixel): the source position in points, or
// float2(kNoSource) where no face covers the position and the edge policy
// draws nothing there.
inline float2 mapPosition(
  float2 position, device const float *mesh, float2 size, thread const Header &header,
  bool valid
) {
  int status;
  float2 source = sourcePosition(position, mesh, size, header, valid, status);
  if (status == kMapped) return source;
  // Uncovered, or invalid data: nothing beyond the view's own bounds (the
  // maxSampleOffset margin), whatever the policy, so that no stand-in (the
  // unwarped content clamped to its edge pixels, the origin pixel, garbage)
  // spills past the view.
  if (!insideView(position, size)) {
    return float2(kNoSource, kNoSource);
  }
  // Invalid data: the content unwarped, as if there were no warp.
  if (status == kInvalid) return position;
  // The content unwarped.
  if (header.policy == kPolicyClamp) return position;
  if (header.policy == kPolicyOrigin) return float2(0.0f, 0.0f);
  // kPolicyTransparent, kPolicyColor (meshWarpLayer draws the colour) and
  // unknown policies: no content here.
  return float2(kNoSource, kNoSource);
}

}  // namespace meshwarp

// The mapping (no longer a distortion function itself: meshWarpLayer maps
// through meshwarp::mapPosition with the header it read once). Returns the
// source position in points, or float2(kNoSource) where no face covers the
// pixel and the edge policy draws nothing there.
inline float2 meshTransformTrisQuads(
  float2 position, device const float *mesh, int count, float2 size
) {
  meshwarp::Header header;
  bool valid = meshwarp::readHeader(mesh, count, header);
  return meshwarp::mapPosition(position, mesh, size, header, valid);
}

namespace meshwarp {

// Samples per texel of the minification filter (MinificationQuality.standard's
// samplesPerTexel) and the hard cap on samples per axis.
constant float kSamplesPerTexel = 2.0f;
constant int kMaxSamplesPerAxis = 16;

// One sample of the layer effect at `position`, whose mapped source is
// `source` (mapPosition's value, computed once by the caller): the layer
// at the source after the address mode, the edge colour, or transparent.
inline half4 layerSample(
  float2 position, float2 source, SwiftUI::Layer layer, float2 size, int mode, float pixelSize,
  half4 edgeColor, thread const Header &header, bool valid
) {
  if (isNoSource(source)) {
    return showsEdgeColor(position, size, header, valid) ? edgeColor : half4(half(0));
  }
  float2 samplePoint = addressPosition(source, size, pixelSize, mode);
  if (isNoSource(samplePoint)) return half4(half(0));
  return layer.sample(samplePoint);
}

// Source pixels crossed per output pixel along `step` (one output pixel,
// in points) from `position`, whose source is `source`: forward difference,
// else backward; 1 where neither neighbour maps.
inline float minification(
  float2 position, float2 source, float2 step, float pixelSize, device const float *mesh,
  float2 size, thread const Header &header, bool valid
) {
  float2 next = mapPosition(position + step, mesh, size, header, valid);
  if (isNoSource(next)) next = mapPosition(position - step, mesh, size, header, valid);
  if (isNoSource(next)) return 1.0f;
  float2 d = next - source;
  return sqrt(d.x * d.x + d.y * d.y) / pixelSize;
}

// Samples along an axis minified m times: ceil(1 + 2·(m − 1)), 1..cap; 1 up
// to the CPU filter's bilinear limit (MinificationFilter.bilinearLimit;
// ShaderMinificationTests compares the two counts).
inline int sampleCount(float m, int cap) {
  if (!(m > 1.25f)) return 1;
  float n = 1.0f + kSamplesPerTexel * (m - 1.0f);
  return n >= float(cap) ? cap : max(1, int(ceil(n)));
}

}  // namespace meshwarp

// The layer effect (signature from Apple's layerEffect page, cited above):
// the mean of the pixel's samples (one where the warp does not shrink the
// content), each the layer at the mapped position after the address mode,
// the edge colour, or transparent.
[[ stitchable ]] half4 meshWarpLayer(
  float2 position, SwiftUI::Layer layer, device const float *mesh, int count, float2 size,
  float addressMode, float pixelSize, float maxSamples, half4 edgeColor
) {
  int mode = abs(addressMode) <= 3.0f ? int(addressMode) : 0;
  if (!(pixelSize > 0.0f)) pixelSize = 1.0f;
  int cap = maxSamples >= float(meshwarp::kMaxSamplesPerAxis)
    ? meshwarp::kMaxSamplesPerAxis
    : (maxSamples >= 1.0f ? int(maxSamples) : 1);
  // The header is read and checked once per pixel, and the pixel's own
  // mapping is reused by its single sample: an unminified pixel maps its
  // centre once, plus once per axis for the estimate when the filter is on.
  meshwarp::Header header;
  bool valid = meshwarp::readHeader(mesh, count, header);
  float2 source = meshwarp::mapPosition(position, mesh, size, header, valid);
  int nx = 1;
  int ny = 1;
  if (cap > 1 && !meshwarp::isNoSource(source)) {
    nx = meshwarp::sampleCount(
      meshwarp::minification(position, source, float2(pixelSize, 0.0f), pixelSize, mesh, size,
        header, valid), cap);
    ny = meshwarp::sampleCount(
      meshwarp::minification(position, source, float2(0.0f, pixelSize), pixelSize, mesh, size,
        header, valid), cap);
  }
  if (nx == 1 && ny == 1) {
    return meshwarp::layerSample(position, source, layer, size, mode, pixelSize, edgeColor,
                                 header, valid);
  }
  // A regular nx × ny grid inside the pixel, averaged (float accumulator).
  float4 sum = float4(0.0f);
  for (int j = 0; j < ny; j++) {
    for (int i = 0; i < nx; i++) {
      float2 offset = float2((float(i) + 0.5f) / float(nx) - 0.5f,
                             (float(j) + 0.5f) / float(ny) - 0.5f) * pixelSize;
      float2 at = position + offset;
      half4 c = meshwarp::layerSample(at, meshwarp::mapPosition(at, mesh, size, header, valid),
                                      layer, size, mode, pixelSize, edgeColor, header, valid);
      sum += float4(c);
    }
  }
  return half4(sum / float(nx * ny));
}

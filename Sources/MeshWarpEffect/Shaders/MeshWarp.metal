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

// A layer effect's mapping, for the sampling below (one template, two
// mappings: MeshMapping for meshWarpLayer, FieldMapping for
// effectWarpLayer). Each has
//   float2 map(float2 position) const: the source position in points, or
//     float2(kNoSource) where nothing is drawn;
//   half4 uncovered(float2 position) const: the colour where map draws
//     nothing.

// The mesh's mapping, its header read once per pixel by meshWarpLayer.
struct MeshMapping {
  device const float *mesh;
  float2 size;
  Header header;
  bool valid;
  half4 edgeColor;

  inline float2 map(float2 position) const {
    return mapPosition(position, mesh, size, header, valid);
  }
  inline half4 uncovered(float2 position) const {
    return showsEdgeColor(position, size, header, valid) ? edgeColor : half4(half(0));
  }
};

// One sample of the layer effect at `position`, whose mapped source is
// `source` (the mapping's value, computed once by the caller): the layer
// at the source after the address mode, the mapping's uncovered colour, or
// transparent.
template <typename Mapping>
inline half4 layerSample(
  float2 position, float2 source, thread const Mapping &mapping, SwiftUI::Layer layer,
  float2 size, int mode, float pixelSize
) {
  if (isNoSource(source)) return mapping.uncovered(position);
  float2 samplePoint = addressPosition(source, size, pixelSize, mode);
  if (isNoSource(samplePoint)) return half4(half(0));
  return layer.sample(samplePoint);
}

// Source pixels crossed per output pixel along `step` (one output pixel,
// in points) from `position`, whose source is `source`: forward difference,
// else backward; 1 where neither neighbour maps.
template <typename Mapping>
inline float minification(
  float2 position, float2 source, float2 step, float pixelSize, thread const Mapping &mapping
) {
  float2 next = mapping.map(position + step);
  if (isNoSource(next)) next = mapping.map(position - step);
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

// The layer effect of a mapping: the mean of the pixel's samples (one
// where the map does not shrink the content), each the layer at the mapped
// position after the address mode, the uncovered colour, or transparent.
// The pixel's own mapping is reused by its single sample: an unminified
// pixel maps its centre once, plus once per axis for the estimate when the
// filter is on.
template <typename Mapping>
inline half4 mappedLayerEffect(
  float2 position, thread const Mapping &mapping, SwiftUI::Layer layer, float2 size,
  float addressMode, float pixelSize, float maxSamples
) {
  int mode = abs(addressMode) <= 3.0f ? int(addressMode) : 0;
  if (!(pixelSize > 0.0f)) pixelSize = 1.0f;
  int cap = maxSamples >= float(kMaxSamplesPerAxis)
    ? kMaxSamplesPerAxis
    : (maxSamples >= 1.0f ? int(maxSamples) : 1);
  float2 source = mapping.map(position);
  int nx = 1;
  int ny = 1;
  if (cap > 1 && !isNoSource(source)) {
    nx = sampleCount(minification(position, source, float2(pixelSize, 0.0f), pixelSize, mapping),
                     cap);
    ny = sampleCount(minification(position, source, float2(0.0f, pixelSize), pixelSize, mapping),
                     cap);
  }
  if (nx == 1 && ny == 1) {
    return layerSample(position, source, mapping, layer, size, mode, pixelSize);
  }
  // A regular nx × ny grid inside the pixel, averaged (float accumulator).
  float4 sum = float4(0.0f);
  for (int j = 0; j < ny; j++) {
    for (int i = 0; i < nx; i++) {
      float2 offset = float2((float(i) + 0.5f) / float(nx) - 0.5f,
                             (float(j) + 0.5f) / float(ny) - 0.5f) * pixelSize;
      float2 at = position + offset;
      sum += float4(layerSample(at, mapping.map(at), mapping, layer, size, mode, pixelSize));
    }
  }
  return half4(sum / float(nx * ny));
}

}  // namespace meshwarp

// The layer effect (signature from Apple's layerEffect page, cited above):
// the mean of the pixel's samples (one where the warp does not shrink the
// content), each the layer at the mapped position after the address mode,
// the edge colour, or transparent. The header is read and checked once
// per pixel.
[[ stitchable ]] half4 meshWarpLayer(
  float2 position, SwiftUI::Layer layer, device const float *mesh, int count, float2 size,
  float addressMode, float pixelSize, float maxSamples, half4 edgeColor
) {
  meshwarp::MeshMapping mapping;
  mapping.mesh = mesh;
  mapping.size = size;
  mapping.valid = meshwarp::readHeader(mesh, count, mapping.header);
  mapping.edgeColor = edgeColor;
  return meshwarp::mappedLayerEffect(position, mapping, layer, size, addressMode, pixelSize,
                                     maxSamples);
}

// ---------------------------------------------------------------------------
// effectWarpLayer: a MeshEffect (twirl, bulge, ripple, wave, lens) drawn
// through its exact inverse map G, per pixel, with no mesh.
//
// Algorithm (the twin of WarpField.source(_:) in
// Sources/MeshWarpCore/Effects/WarpField.swift; ShaderFieldTests compares
// the two through the C++ harness for every kind, sizes and aspects)
//   1. Read the field's header (ShaderFieldData.pack, layout version 2,
//      Sources/MeshWarpCore/ShaderFieldData.swift and
//      Documentation/ShaderDataLayout.md); never read past `count`.
//   2. Beyond the view's own bounds (the maxSampleOffset margin) nothing is
//      drawn (kNoSource): the field's frame is the view, as the CPU
//      renderer's output frame is the picture.
//   3. position (points) → q in the field's pixels (W / size.x pixels a
//      point); G(q) by kind:
//      twirl   d = (q − c)·stretch, r = |d| < R: c + rot(−φ·(1 − r/R)²)·d / stretch;
//      bulge, ripple  r < R: c + d·(g⁻¹(r)/r) / stretch, g⁻¹ by binary search
//              of the table of g at R·i/(n − 1), a linear start and two
//              Newton steps on g kept inside the table's interval
//              (WarpField.inverseRadial); within the ripple's hole
//              (r < hole + 1 px) the ramp to g⁻¹(hole + 1)/(hole + 1);
//      wave    q minus a·sin(ω·t + ϕ) across the axis, t along it;
//      lens    (LensModel) q normalized through the corrected picture's
//              camera ((q − 0.5 − c′)/f′), OpenCV's distortion (rational:
//              radial factor (1 + k1r² + k2r⁴ + k3r⁶)/(1 + k4r² + k5r⁴ +
//              k6r⁶) plus the tangential terms; fisheye: n·θd(atan r)/r),
//              drawn through the photo's camera (f, c); with `inverse` the
//              photo's camera first, the distortion inverted (rational:
//              Newton's method with the analytic Jacobian; fisheye: θd(θ)
//              = r inverted by Newton kept in a bisection bracket, then
//              tan θ), then the corrected picture's camera.
//      Back to points; the sampling (address mode, minification filter by
//      finite differences one pixel over) is meshWarpLayer's.
//   Trigonometry is metal::precise's: fast math's sin and cos lose digits
//   that a twirl multiplies by the radius.
//
// Parameters
//   position, layer  as meshWarpLayer.
//   field     the floats of ShaderFieldData.pack (.floatArray).
//   count     the array's length (SwiftUI passes it with the pointer).
//   size      the view's size in points (.float2(proxy.size)).
//   addressMode, pixelSize, maxSamples  as meshWarpLayer.
//   Invalid data (or a size that is not > 0): the content unwarped inside
//   the view, nothing beyond it.
// ---------------------------------------------------------------------------

namespace meshwarp {

// Layout version 2 (ShaderFieldData in Sources/MeshWarpCore/ShaderFieldData.swift).
constant int kFieldMagic = 5068614;  // 0x4D5746, "MWF"
constant int kFieldVersion = 2;
constant int kFieldHeaderCount = 40;

// Lens models (header field 35).
constant int kLensRadialTangential = 0;
constant int kLensFisheye = 1;

// Effect kinds (header field 3).
constant int kKindTwirl = 0;
constant int kKindBulge = 1;
constant int kKindRipple = 2;
constant int kKindWave = 3;
constant int kKindLens = 4;

// The lens's Newton iterations at most, and the step (normalized units)
// below which it stops: float's resolution there (LensModel.undistort
// takes 50 and 1e-12 in Double).
constant int kLensIterations = 20;
constant float kLensStep = 1e-7f;
// The fisheye's θ: below π/2 by LensModel.fisheyeAngleInverse's margin;
// Newton kept in a bisection bracket at most this many steps (30 halvings
// alone narrow [0, π/2) to 1.5e-9; LensModel allows 100 in Double), until
// a step below kLensStep.
constant float kFisheyeAngleLimit = 1.5707963267948966f - 1e-4f;
constant int kFisheyeIterations = 30;
// Below this radius (normalized) the fisheye's factor θd(atan r)/r is 1
// (LensModel's threshold).
constant float kFisheyeSmallRadius = 1e-8f;

// The field's header, read once per pixel.
struct Field {
  int kind;
  float2 pixels;  // W, H
  float2 c;
  float2 stretch;
  float radius;
  float angle;
  float strength;
  float amplitude;
  float omega;
  float phase;
  int axis;
  float hole;
  float2 focal;      // the photo's camera
  float2 principal;
  float2 outputFocal;  // the corrected picture's camera
  float2 outputPrincipal;
  float k1, k2, p1, p2, k3, k4, k5, k6;
  bool fisheye;
  bool undistorts;
  device const float *table;
  int tableCount;
};

// Reads and checks the header; false when the data is not a usable
// version-2 field of `count` floats.
inline bool readField(device const float *data, int count, thread Field &f) {
  if (count < kFieldHeaderCount) return false;
  if (readInt(data, 0) != kFieldMagic || readInt(data, 1) != kFieldVersion) return false;
  if (readInt(data, 2) != kFieldHeaderCount) return false;
  f.kind = readInt(data, 3);
  if (f.kind < kKindTwirl || f.kind > kKindLens) return false;
  f.pixels = float2(data[4], data[5]);
  if (!(f.pixels.x > 0.0f) || !(f.pixels.y > 0.0f)) return false;
  f.c = float2(data[6], data[7]);
  f.stretch = float2(data[8], data[9]);
  f.radius = data[10];
  f.angle = data[11];
  f.strength = data[12];
  f.amplitude = data[13];
  f.omega = data[14];
  f.phase = data[15];
  f.axis = readInt(data, 16);
  f.hole = data[17];
  f.focal = float2(data[18], data[19]);
  f.principal = float2(data[20], data[21]);
  f.k1 = data[22];
  f.k2 = data[23];
  f.p1 = data[24];
  f.p2 = data[25];
  f.k3 = data[26];
  f.undistorts = data[27] != 0.0f;
  f.k4 = data[32];
  f.k5 = data[33];
  f.k6 = data[34];
  int model = readInt(data, 35);
  if (model != kLensRadialTangential && model != kLensFisheye) return false;
  f.fisheye = model == kLensFisheye;
  f.outputFocal = float2(data[36], data[37]);
  f.outputPrincipal = float2(data[38], data[39]);
  f.tableCount = readInt(data, 28);
  int offset = readInt(data, 29);
  int total = readInt(data, 30);
  if (offset != kFieldHeaderCount || total != offset + f.tableCount || total > count) return false;
  bool radial = f.kind == kKindBulge || f.kind == kKindRipple;
  if (radial && (f.tableCount < 2 || !(f.radius > 0.0f))) return false;
  if (f.kind == kKindLens
      && (!(f.focal.x > 0.0f) || !(f.focal.y > 0.0f) || !(f.outputFocal.x > 0.0f)
          || !(f.outputFocal.y > 0.0f))) {
    return false;
  }
  f.table = data + offset;
  return true;
}

inline float2 rotate(float2 d, float angle) {
  float s = precise::sin(angle);
  float c = precise::cos(angle);
  return float2(c * d.x - s * d.y, s * d.x + c * d.y);
}

// g(r) and g′(r) of the bulge or ripple (WarpField.radial): the window
// (1 − r/R)² and its derivative, then the kind's profile.
inline float2 radialProfile(float r, thread const Field &f) {
  float rho = r / f.radius;
  float w = 0.0f;
  float dw = 0.0f;
  if (rho < 1.0f) {
    w = (1.0f - rho) * (1.0f - rho);
    dw = -2.0f * (1.0f - rho) / f.radius;
  }
  if (f.kind == kKindBulge) {
    return float2(r * (1.0f + f.strength * w), 1.0f + f.strength * w + r * f.strength * dw);
  }
  float theta = f.omega * r - f.phase;
  float s = precise::sin(theta);
  float c = precise::cos(theta);
  return float2(r + f.amplitude * s * w, 1.0f + f.amplitude * (f.omega * c * w + s * dw));
}

// The r in [0, R] with g(r) = target (WarpField.inverseRadial): the
// table's interval by binary search, a linear start and two Newton steps
// kept inside it; 0 where g(0) ≥ target.
inline float inverseRadial(float target, thread const Field &f) {
  device const float *g = f.table;
  int n = f.tableCount;
  if (!(target > g[0])) return 0.0f;
  if (!(target < g[n - 1])) return f.radius;
  int lo = 0;
  int hi = n - 1;
  while (hi - lo > 1) {
    int mid = (lo + hi) / 2;
    if (g[mid] <= target) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  float step = f.radius / float(n - 1);
  float r0 = float(lo) * step;
  float r1 = float(hi) * step;
  float span = g[hi] - g[lo];
  float r = span > 0.0f ? r0 + (target - g[lo]) / span * step : r0;
  for (int i = 0; i < 2; i++) {
    float2 profile = radialProfile(r, f);
    if (!(profile.y > 0.0f)) break;
    r = clamp(r - (profile.x - target) / profile.y, r0, r1);
  }
  return r;
}

// OpenCV's standard (and rational) distortion of normalized point n, with
// its Jacobian's rows (LensModel's radialTangential): radial factor R = a/b,
// a = 1 + k1r² + k2r⁴ + k3r⁶, b = 1 + k4r² + k5r⁴ + k6r⁶,
// ∂R/∂r² = (a′b − ab′)/b².
struct Distortion {
  float2 value;
  float2 dx;  // ∂xd/∂x, ∂xd/∂y
  float2 dy;  // ∂yd/∂x, ∂yd/∂y
};

inline Distortion distortNormalized(float2 n, thread const Field &f) {
  float x = n.x;
  float y = n.y;
  float r2 = x * x + y * y;
  float a = 1.0f + r2 * (f.k1 + r2 * (f.k2 + r2 * f.k3));
  float b = 1.0f + r2 * (f.k4 + r2 * (f.k5 + r2 * f.k6));
  float da = f.k1 + r2 * (2.0f * f.k2 + 3.0f * r2 * f.k3);
  float db = f.k4 + r2 * (2.0f * f.k5 + 3.0f * r2 * f.k6);
  float radial = a / b;
  float dRadial = (da * b - a * db) / (b * b);
  Distortion d;
  d.value = float2(x * radial + 2.0f * f.p1 * x * y + f.p2 * (r2 + 2.0f * x * x),
                   y * radial + f.p1 * (r2 + 2.0f * y * y) + 2.0f * f.p2 * x * y);
  float mixed = 2.0f * x * y * dRadial + 2.0f * f.p1 * x + 2.0f * f.p2 * y;
  d.dx = float2(radial + 2.0f * x * x * dRadial + 2.0f * f.p1 * y + 6.0f * f.p2 * x, mixed);
  d.dy = float2(mixed, radial + 2.0f * y * y * dRadial + 6.0f * f.p1 * y + 2.0f * f.p2 * x);
  return d;
}

// The normalized point whose standard distortion is `target`
// (LensModel.undistortNormalized): Newton's method from `target` itself.
inline float2 undistortNormalized(float2 target, thread const Field &f) {
  float2 n = target;
  for (int i = 0; i < kLensIterations; i++) {
    Distortion d = distortNormalized(n, f);
    float2 e = d.value - target;
    float det = d.dx.x * d.dy.y - d.dx.y * d.dy.x;
    if (!(abs(det) > 1e-30f)) break;
    float2 step =
      float2((d.dy.y * e.x - d.dx.y * e.y) / det, (d.dx.x * e.y - d.dy.x * e.x) / det);
    n = n - step;
    if (abs(step.x) + abs(step.y) < kLensStep) break;
  }
  return n;
}

// The fisheye's θd(θ) = θ(1 + k1θ² + k2θ⁴ + k3θ⁶ + k4θ⁸) and its
// derivative (LensModel.fisheyeAngle).
inline float2 fisheyeAngle(float theta, thread const Field &f) {
  float t2 = theta * theta;
  float poly = 1.0f + t2 * (f.k1 + t2 * (f.k2 + t2 * (f.k3 + t2 * f.k4)));
  float slope =
    1.0f + t2 * (3.0f * f.k1 + t2 * (5.0f * f.k2 + t2 * (7.0f * f.k3 + t2 * 9.0f * f.k4)));
  return float2(theta * poly, slope);
}

// The fisheye distortion of normalized point n: n·θd(atan r)/r
// (LensModel's fisheye, without the Jacobian, which only the validation
// needs).
inline float2 fisheyeDistort(float2 n, thread const Field &f) {
  float r = sqrt(n.x * n.x + n.y * n.y);
  if (!(r >= kFisheyeSmallRadius)) return n;
  return n * (fisheyeAngle(precise::atan(r), f).x / r);
}

// The θ in [0, π/2) with θd(θ) = thetaD (LensModel.fisheyeAngleInverse):
// Newton's method kept inside a bisection bracket, from θ = thetaD; just
// short of π/2 beyond θd's reach. An exact hit returns at once: in float
// it is common, and the bracket would otherwise take it for a bound.
inline float fisheyeAngleInverse(float thetaD, thread const Field &f) {
  float lo = 0.0f;
  float hi = kFisheyeAngleLimit;
  if (!(fisheyeAngle(hi, f).x > thetaD)) return hi;
  float theta = min(thetaD, hi);
  for (int i = 0; i < kFisheyeIterations; i++) {
    float2 angle = fisheyeAngle(theta, f);
    if (angle.x == thetaD) return theta;
    if (angle.x > thetaD) {
      hi = theta;
    } else {
      lo = theta;
    }
    float next = theta - (angle.x - thetaD) / angle.y;
    if (!(next > lo && next < hi)) next = 0.5f * (lo + hi);
    if (abs(next - theta) < kLensStep) return next;
    theta = next;
  }
  return theta;
}

// The normalized point whose fisheye distortion is `target`: θ from
// θd = |target|, r = tan θ along it.
inline float2 fisheyeUndistort(float2 target, thread const Field &f) {
  float rd = sqrt(target.x * target.x + target.y * target.y);
  if (!(rd > 0.0f)) return target;
  return target * (precise::tan(fisheyeAngleInverse(rd, f)) / rd);
}

// The lens's G at pixel point q (LensModel.distort, or .undistort with
// `inverse`): the output camera's normalized point distorted and drawn
// through the photo's camera, or the other way round.
inline float2 lensSource(float2 q, thread const Field &f) {
  float2 centre = float2(0.5f, 0.5f);  // OpenCV's pixel centres lie at integers
  if (!f.undistorts) {
    float2 n = (q - centre - f.outputPrincipal) / f.outputFocal;
    float2 d = f.fisheye ? fisheyeDistort(n, f) : distortNormalized(n, f).value;
    return d * f.focal + f.principal + centre;
  }
  float2 target = (q - centre - f.principal) / f.focal;
  float2 n = f.fisheye ? fisheyeUndistort(target, f) : undistortNormalized(target, f);
  return n * f.outputFocal + f.outputPrincipal + centre;
}

// G at pixel point q of the field (WarpField.source).
inline float2 fieldSource(float2 q, thread const Field &f) {
  if (f.kind == kKindWave) {
    float t = f.axis == 0 ? q.x : q.y;
    float v = f.amplitude * precise::sin(f.omega * t + f.phase);
    return f.axis == 0 ? float2(q.x, q.y - v) : float2(q.x - v, q.y);
  }
  if (f.kind == kKindLens) return lensSource(q, f);
  float2 d = (q - f.c) * f.stretch;
  float r = sqrt(d.x * d.x + d.y * d.y);
  if (!(r < f.radius)) return q;
  if (f.kind == kKindTwirl) {
    float w = (1.0f - r / f.radius) * (1.0f - r / f.radius);
    return f.c + rotate(d, -f.angle * w) / f.stretch;
  }
  if (!(r > 0.0f)) return f.c;
  if (f.hole > 0.0f && r < f.hole + 1.0f) {
    // The ripple's hole and 1 px beyond: the radial ramp to the formula's
    // value at hole + 1 px.
    float edge = min(f.hole + 1.0f, f.radius);
    return f.c + d * (inverseRadial(edge, f) / edge) / f.stretch;
  }
  return f.c + d * (inverseRadial(r, f) / r) / f.stretch;
}

// The field's mapping for the layer effect: points → the field's pixels,
// G, back to points; nothing beyond the view's own bounds; the content
// unwarped inside them for invalid data.
struct FieldMapping {
  Field field;
  bool valid;
  float2 size;

  inline float2 map(float2 position) const {
    if (!insideView(position, size)) return float2(kNoSource, kNoSource);
    if (!valid) return position;
    float2 perPoint = field.pixels / size;
    return fieldSource(position * perPoint, field) / perPoint;
  }
  inline half4 uncovered(float2 position) const { return half4(half(0)); }
};

}  // namespace meshwarp

// The effect's layer effect (signature from Apple's layerEffect page, cited
// above): meshWarpLayer's sampling through the field's G.
[[ stitchable ]] half4 effectWarpLayer(
  float2 position, SwiftUI::Layer layer, device const float *field, int count, float2 size,
  float addressMode, float pixelSize, float maxSamples
) {
  meshwarp::FieldMapping mapping;
  mapping.size = size;
  mapping.valid = meshwarp::readField(field, count, mapping.field);
  return meshwarp::mappedLayerEffect(position, mapping, layer, size, addressMode, pixelSize,
                                     maxSamples);
}

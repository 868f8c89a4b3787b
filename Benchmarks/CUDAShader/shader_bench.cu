// Runs the SHIPPED Metal mesh-warp shader (MeshWarp.metal, compiled
// unchanged as CUDA through shim/metal_stdlib) over every pixel of a
// 3840×2160 view on an NVIDIA GPU, for meshes of growing face count, and
// times it against the same shader reading a version of each mesh whose
// spatial grid is one cell holding every triangle: a linear scan over the
// faces, in the same order (first face wins either way, so both must map
// every pixel identically; checked).
//
//   nvcc -O3 -std=c++17 -arch=sm_90 -I shim shader_bench.cu -o shader_bench
//   ./shader_bench data/*.floats
//
// Each input is `meshwarp shader-data` output (whitespace-separated floats).
// Prints one JSON object a line: mesh, faces, grid or linear, median and
// minimum kernel milliseconds (CUDA events), nanoseconds per pixel, mapped
// pixels, and whether the GPU agrees with the same code compiled for the host
// on a sample of pixels.
#include <cuda_runtime.h>

#include <metal_stdlib>
#include "../../Sources/MeshWarpEffect/Shaders/MeshWarp.metal"
#undef inline
#undef device
#undef thread
#undef constant
#undef float2
#undef abs
#undef sqrt
#undef min
#undef max
#undef clamp
#undef discard_fragment
#undef half
#undef half4
#undef float4

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

using Float2 = metal::metal_float2;

#define CHECK(call)                                                                     \
  do {                                                                                  \
    cudaError_t e = (call);                                                             \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

// One thread a pixel: the shader's mapping at the pixel centre.
__global__ void mapPixels(const float *mesh, int count, int width, int height, Float2 *out,
                          int *mapped) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  meshwarp::Header header;
  bool valid = meshwarp::readHeader(mesh, count, header);
  int status;
  Float2 p(x + 0.5f, y + 0.5f);
  Float2 s = meshwarp::sourcePosition(p, mesh, Float2(float(width), float(height)), header,
                                      valid, status);
  out[(long)y * width + x] = s;
  if (status == meshwarp::kMapped) atomicAdd(mapped, 1);
}

// The same faces behind a 1×1 grid whose one cell lists every triangle in
// ascending order: the shader then tests them one by one (a linear scan).
std::vector<float> linearScanVersion(const std::vector<float> &mesh) {
  int faces = int(mesh[3]);
  int cellStart = 16 + 24 * faces;
  std::vector<float> out(mesh.begin(), mesh.begin() + cellStart);
  out[6] = 1;     // columns
  out[7] = 1;     // rows
  out[8] = -1;    // grid origin (normalized), covering [-1, 2]²
  out[9] = -1;
  out[10] = 3;    // cell size
  out[11] = 3;
  out[13] = float(cellStart);
  out[14] = float(cellStart + 2);
  out.push_back(0);
  out.push_back(float(2 * faces));
  for (int t = 0; t < 2 * faces; t++) out.push_back(float(t));
  out[15] = float(out.size());
  return out;
}

std::vector<float> readFloats(const std::string &path) {
  std::ifstream in(path);
  std::vector<float> v;
  double x;
  while (in >> x) v.push_back(float(x));
  return v;
}

struct Result {
  double medianMs, minMs;
  int mapped;
  std::vector<Float2> map;
};

Result run(const std::vector<float> &mesh, int width, int height, int runs) {
  float *dMesh;
  Float2 *dOut;
  int *dMapped;
  CHECK(cudaMalloc(&dMesh, mesh.size() * sizeof(float)));
  CHECK(cudaMalloc(&dOut, sizeof(Float2) * width * height));
  CHECK(cudaMalloc(&dMapped, sizeof(int)));
  CHECK(cudaMemcpy(dMesh, mesh.data(), mesh.size() * sizeof(float), cudaMemcpyHostToDevice));
  dim3 block(16, 16);
  dim3 grid((width + 15) / 16, (height + 15) / 16);
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));
  std::vector<double> times;
  int mapped = 0;
  for (int r = 0; r < runs + 1; r++) {  // the first run warms up
    CHECK(cudaMemset(dMapped, 0, sizeof(int)));
    CHECK(cudaEventRecord(start));
    mapPixels<<<grid, block>>>(dMesh, int(mesh.size()), width, height, dOut, dMapped);
    CHECK(cudaEventRecord(stop));
    CHECK(cudaEventSynchronize(stop));
    CHECK(cudaGetLastError());
    float ms;
    CHECK(cudaEventElapsedTime(&ms, start, stop));
    if (r > 0) times.push_back(ms);
  }
  CHECK(cudaMemcpy(&mapped, dMapped, sizeof(int), cudaMemcpyDeviceToHost));
  Result result;
  result.map.resize((size_t)width * height);
  CHECK(cudaMemcpy(result.map.data(), dOut, sizeof(Float2) * width * height,
                   cudaMemcpyDeviceToHost));
  std::sort(times.begin(), times.end());
  result.medianMs = times[times.size() / 2];
  result.minMs = times.front();
  result.mapped = mapped;
  cudaFree(dMesh);
  cudaFree(dOut);
  cudaFree(dMapped);
  return result;
}

int main(int argc, char **argv) {
  const int width = 3840, height = 2160;
  bool failed = false;
  for (int i = 1; i < argc; i++) {
    std::string path = argv[i];
    std::vector<float> mesh = readFloats(path);
    if (mesh.size() < 16) {
      std::fprintf(stderr, "%s: not shader data\n", path.c_str());
      return 2;
    }
    int faces = int(mesh[3]);
    std::vector<float> linear = linearScanVersion(mesh);
    // The linear scan is slow for big meshes: fewer runs.
    Result g = run(mesh, width, height, 15);
    Result l = run(linear, width, height, faces > 1000 ? 3 : 15);

    // Same code on the host at sampled pixels (float arithmetic may contract
    // differently on the GPU: compared within 1e-3 px), and grid vs linear
    // everywhere (same code, same order: identical).
    double hostWorst = 0;
    for (int k = 0; k < 4096; k++) {
      int x = int((k * 2654435761u) % width), y = int((k * 40503u + 7) % height);
      meshwarp::Header header;
      bool valid = meshwarp::readHeader(mesh.data(), int(mesh.size()), header);
      int status;
      Float2 s = meshwarp::sourcePosition(Float2(x + 0.5f, y + 0.5f), mesh.data(),
                                          Float2(float(width), float(height)), header, valid,
                                          status);
      Float2 d = g.map[(size_t)y * width + x];
      hostWorst = std::max(hostWorst, (double)std::max(std::fabs(s.x - d.x), std::fabs(s.y - d.y)));
    }
    long differ = 0;
    for (size_t p = 0; p < g.map.size(); p++) {
      if (g.map[p].x != l.map[p].x || g.map[p].y != l.map[p].y) differ++;
    }
    bool ok = hostWorst <= 1e-3 && differ == 0 && g.mapped == l.mapped;
    failed = failed || !ok;
    double pixels = double(width) * height;
    std::printf(
        "{\"mesh\":\"%s\",\"faces\":%d,\"index\":\"grid\",\"median_ms\":%.4f,\"min_ms\":%.4f,"
        "\"ns_per_pixel\":%.5f,\"mapped\":%d,\"host_max_diff_px\":%.3g}\n",
        path.c_str(), faces, g.medianMs, g.minMs, g.medianMs * 1e6 / pixels, g.mapped, hostWorst);
    std::printf(
        "{\"mesh\":\"%s\",\"faces\":%d,\"index\":\"linear\",\"median_ms\":%.4f,\"min_ms\":%.4f,"
        "\"ns_per_pixel\":%.5f,\"mapped\":%d,\"pixels_differing_from_grid\":%ld}\n",
        path.c_str(), faces, l.medianMs, l.minMs, l.medianMs * 1e6 / pixels, l.mapped, differ);
    std::fflush(stdout);
  }
  if (failed) std::fprintf(stderr, "shader_bench: the GPU results disagree (see above)\n");
  return failed ? 1 : 0;
}

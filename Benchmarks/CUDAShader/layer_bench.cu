// Times the whole layer effect `meshWarpLayer` (MeshWarp.metal: mapping,
// minification estimate, address mode, layer samples) on an NVIDIA GPU, one
// thread a pixel of a 3840x2160 view, for the meshes given, with the
// minification filter on (maxSamples 16) and off (1). Built once per shader
// version by run-layer-bench.sh, which passes the shader's path as
// SHADER_FILE (a copy whose `[[ stitchable ]]` is replaced by
// `__host__ __device__`, so that a kernel may call the entry point; nothing
// else changes).
//
// Prints one JSON object a line: shader label, mesh, faces, filter, median
// and minimum kernel milliseconds (CUDA events, 15 runs after a warm-up), ns
// per pixel, and a checksum of the output (the same mesh must give the same
// image whatever the shader version, up to float rounding).
#include <cuda_runtime.h>

#include <metal_stdlib>
#include SHADER_FILE
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

#ifndef SHADER_LABEL
#define SHADER_LABEL "shader"
#endif

using Float2 = metal::metal_float2;
using Half4 = metal::metal_half4;

#define CHECK(call)                                                                     \
  do {                                                                                  \
    cudaError_t e = (call);                                                             \
    if (e != cudaSuccess) {                                                             \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e)); \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__global__ void shadePixels(const float *mesh, int count, int width, int height,
                            SwiftUI::Layer layer, float maxSamples, Half4 *out) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  out[(long)y * width + x] =
      meshWarpLayer(Float2(x + 0.5f, y + 0.5f), layer, mesh, count,
                    Float2(float(width), float(height)), 0.0f, 1.0f, maxSamples,
                    Half4(0.0f, 0.0f, 0.0f, 0.0f));
}

std::vector<float> readFloats(const std::string &path) {
  std::ifstream in(path);
  std::vector<float> v;
  double x;
  while (in >> x) v.push_back(float(x));
  return v;
}

int main(int argc, char **argv) {
  const int width = 3840, height = 2160;
  const long pixels = (long)width * height;
  // The layer: a smooth RGBA pattern, one float4 a texel.
  std::vector<float> rgba(pixels * 4);
  for (long i = 0; i < pixels; i++) {
    long x = i % width, y = i / width;
    rgba[4 * i] = float(x % 256) / 255;
    rgba[4 * i + 1] = float(y % 256) / 255;
    rgba[4 * i + 2] = float((x ^ y) % 256) / 255;
    rgba[4 * i + 3] = 1;
  }
  float *dLayer;
  Half4 *dOut;
  CHECK(cudaMalloc(&dLayer, rgba.size() * sizeof(float)));
  CHECK(cudaMalloc(&dOut, sizeof(Half4) * pixels));
  CHECK(cudaMemcpy(dLayer, rgba.data(), rgba.size() * sizeof(float), cudaMemcpyHostToDevice));
  SwiftUI::Layer layer{dLayer, width, height};
  std::vector<Half4> out(pixels);
  for (int i = 1; i < argc; i++) {
    std::vector<float> mesh = readFloats(argv[i]);
    if (mesh.size() < 16) {
      std::fprintf(stderr, "%s: not shader data\n", argv[i]);
      return 2;
    }
    float *dMesh;
    CHECK(cudaMalloc(&dMesh, mesh.size() * sizeof(float)));
    CHECK(cudaMemcpy(dMesh, mesh.data(), mesh.size() * sizeof(float), cudaMemcpyHostToDevice));
    for (float maxSamples : {16.0f, 1.0f}) {
      dim3 block(16, 16);
      dim3 grid((width + 15) / 16, (height + 15) / 16);
      cudaEvent_t start, stop;
      CHECK(cudaEventCreate(&start));
      CHECK(cudaEventCreate(&stop));
      std::vector<double> times;
      for (int r = 0; r < 16; r++) {  // the first run warms up
        CHECK(cudaEventRecord(start));
        shadePixels<<<grid, block>>>(dMesh, int(mesh.size()), width, height, layer, maxSamples,
                                     dOut);
        CHECK(cudaEventRecord(stop));
        CHECK(cudaEventSynchronize(stop));
        CHECK(cudaGetLastError());
        float ms;
        CHECK(cudaEventElapsedTime(&ms, start, stop));
        if (r > 0) times.push_back(ms);
      }
      CHECK(cudaMemcpy(out.data(), dOut, sizeof(Half4) * pixels, cudaMemcpyDeviceToHost));
      double checksum = 0;
      for (long p = 0; p < pixels; p++) checksum += out[p].x + 2 * out[p].y + 3 * out[p].w;
      std::sort(times.begin(), times.end());
      double median = times[times.size() / 2];
      std::printf(
          "{\"shader\":\"%s\",\"mesh\":\"%s\",\"faces\":%d,\"filter\":%s,\"median_ms\":%.4f,"
          "\"min_ms\":%.4f,\"ns_per_pixel\":%.5f,\"checksum\":%.6e}\n",
          SHADER_LABEL, argv[i], int(mesh[3]), maxSamples > 1 ? "true" : "false", median,
          times.front(), median * 1e6 / pixels, checksum);
      std::fflush(stdout);
      cudaEventDestroy(start);
      cudaEventDestroy(stop);
    }
    cudaFree(dMesh);
  }
  cudaFree(dLayer);
  cudaFree(dOut);
  return 0;
}

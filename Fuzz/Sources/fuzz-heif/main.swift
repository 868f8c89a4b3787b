// libFuzzer target: HEIF decoding (HEIC and AVIF, the primary image), then a PNG round trip.
// Built with -parse-as-library: this file has no top-level code, and
// libFuzzer supplies `main`. See Scripts/fuzz.sh.
import MeshWarpFuzzing

/// libFuzzer's entry: called once per input; must return 0.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
  fuzzHEIF(UnsafeRawBufferPointer(start: data, count: size))
  return 0
}

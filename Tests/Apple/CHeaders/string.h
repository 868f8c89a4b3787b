// Stand-in <string.h> for Scripts/cross-compile-c.sh: the two functions the
// C sources use, declared as in the C standard (Apple's libSystem provides
// them). No Apple SDK exists on Linux; clang's own freestanding headers
// (stdint.h, immintrin.h, cpuid.h) come with the compiler.
#ifndef MESHWARP_STANDIN_STRING_H
#define MESHWARP_STANDIN_STRING_H
typedef __SIZE_TYPE__ size_t;
void *memcpy(void *restrict dst, const void *restrict src, size_t n);
void *memset(void *dst, int c, size_t n);
#endif

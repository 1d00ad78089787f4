#ifndef ROWDRAG_AVX2_H
#define ROWDRAG_AVX2_H

// What the kernels' AVX2 builds (jsonl.c, plain.c, quoted.c) share. They are compiled
// on x86-64 only, where `ROWDRAG_AVX2` is defined, each function for AVX2, BMI1/2,
// POPCNT and PCLMUL (`FAST`) and run only where `rowdrag_avx2_dispatched` says so.

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#define ROWDRAG_AVX2 1

#include <immintrin.h>
#include <stdint.h>

#define FAST __attribute__((target("avx2,bmi,bmi2,popcnt,pclmul")))

/// A 64-bit mask from bit 7 of the bytes of two vectors: bit k from byte k of `lo`,
/// bit 32 + k from byte k of `hi`.
FAST static inline uint64_t mask64(__m256i lo, __m256i hi) {
  return (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32 |
         (uint32_t)_mm256_movemask_epi8(lo);
}

/// The prefix XOR as a carry-less multiplication by all ones: bit k set when an odd
/// number of the bits of `m` at or below k are.
FAST static inline uint64_t prefix_xor_clmul(uint64_t m) {
  __m128i product = _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)m), _mm_set1_epi8(-1), 0);
  return (uint64_t)_mm_cvtsi128_si64(product);
}

/// The bytes of `v` at most `c` (unsigned), as all-ones bytes.
FAST static inline __m256i at_most(__m256i v, char c) {
  return _mm256_cmpeq_epi8(_mm256_min_epu8(v, _mm256_set1_epi8(c)), v);
}

#endif

#endif

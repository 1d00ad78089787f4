#ifndef ROWDRAG_CBYTEMASKS_H
#define ROWDRAG_CBYTEMASKS_H

// Bit masks of 64 bytes: bit k says something of byte k. Swift's SIMD types have no
// vector-to-bitmask operation (SSE2's pmovmskb), so a bit mask made in Swift gathers
// each 8-byte half of a comparison with a multiply, about twelve instructions for
// sixteen bytes; these are two. Static inline: Swift inlines them where they are used.

#include <stdint.h>

#if defined(__SSE2__)
#include <emmintrin.h>

/// Bit k set when bytes[k] == c.
static inline uint64_t rowdrag_mask_eq(const unsigned char *bytes, unsigned char c) {
  __m128i k = _mm_set1_epi8((char)c);
  uint64_t m = 0;
  for (int i = 0; i < 4; i++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(bytes + 16 * i));
    m |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(v, k)) << (16 * i);
  }
  return m;
}

/// Bit k set when bytes[k] < c (unsigned).
static inline uint64_t rowdrag_mask_below(const unsigned char *bytes, unsigned char c) {
  if (c == 0) return 0;
  __m128i k = _mm_set1_epi8((char)(c - 1));
  uint64_t m = 0;
  for (int i = 0; i < 4; i++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(bytes + 16 * i));
    m |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(v, k), v)) << (16 * i);
  }
  return m;
}

#else

static inline uint64_t rowdrag_mask_eq(const unsigned char *bytes, unsigned char c) {
  uint64_t m = 0;
  for (int i = 0; i < 64; i++) m |= (uint64_t)(bytes[i] == c) << i;
  return m;
}

static inline uint64_t rowdrag_mask_below(const unsigned char *bytes, unsigned char c) {
  uint64_t m = 0;
  for (int i = 0; i < 64; i++) m |= (uint64_t)(bytes[i] < c) << i;
  return m;
}

#endif

/// Bit k set when an odd number of the bits of `m` at or below k are set (a prefix
/// XOR): for a mask of quotes, the bytes from an opening quote up to its closing one.
static inline uint64_t rowdrag_prefix_xor(uint64_t m) {
  m ^= m << 1;
  m ^= m << 2;
  m ^= m << 4;
  m ^= m << 8;
  m ^= m << 16;
  m ^= m << 32;
  return m;
}

#endif

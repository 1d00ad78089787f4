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

/// Bit k set when lo <= bytes[k] <= hi (unsigned).
static inline uint64_t rowdrag_mask_range(const unsigned char *bytes, unsigned char lo,
                                          unsigned char hi) {
  __m128i low = _mm_set1_epi8((char)lo);
  __m128i width = _mm_set1_epi8((char)(hi - lo));
  uint64_t m = 0;
  for (int i = 0; i < 4; i++) {
    __m128i d = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(bytes + 16 * i)), low);
    m |= (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(d, width), d)) << (16 * i);
  }
  return m;
}

/// Nonzero when one of the 64 bytes is a backslash, a control byte other than a line
/// feed, or not ASCII: a byte a JSON string's plain run stops at.
static inline int rowdrag_any_json_stop(const unsigned char *bytes) {
  __m128i space = _mm_set1_epi8(0x20);
  __m128i newline = _mm_set1_epi8(10);
  __m128i backslash = _mm_set1_epi8(0x5C);
  __m128i any = _mm_setzero_si128();
  for (int i = 0; i < 4; i++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(bytes + 16 * i));
    // Signed, bytes of 0x80 and above are below 0x20 too.
    __m128i low = _mm_andnot_si128(_mm_cmpeq_epi8(v, newline), _mm_cmplt_epi8(v, space));
    any = _mm_or_si128(any, _mm_or_si128(low, _mm_cmpeq_epi8(v, backslash)));
  }
  return _mm_movemask_epi8(any);
}

#else

static inline uint64_t rowdrag_mask_range(const unsigned char *bytes, unsigned char lo,
                                          unsigned char hi) {
  uint64_t m = 0;
  for (int i = 0; i < 64; i++) m |= (uint64_t)(bytes[i] >= lo && bytes[i] <= hi) << i;
  return m;
}

static inline int rowdrag_any_json_stop(const unsigned char *bytes) {
  for (int i = 0; i < 64; i++) {
    unsigned char b = bytes[i];
    if (b == 0x5C || b >= 0x80 || (b < 0x20 && b != 10)) return 1;
  }
  return 0;
}

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

// The kernels with an AVX2 build (dispatch.c, jsonl.c, patched.c, plain.c, quoted.c).
#include "Dispatch.h"
#include "JSONLinesKernel.h"
#include "PatchedLines.h"
#include "PlainLines.h"
#include "QuotedLines.h"

#endif

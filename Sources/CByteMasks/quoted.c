// CSV's quoted-record stretches with AVX2 (include/QuotedLines.h): the masks of
// `DelimitedFormat.quotedLines` from two 32-byte comparisons each instead of four
// 16-byte ones, the quote parity as a carry-less multiplication and the line feeds
// counted with `popcnt`.

#include "QuotedLines.h"

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

#define FAST __attribute__((target("avx2,bmi,bmi2,popcnt,pclmul")))

/// Bit k set when byte k of the 64 bytes `lo` and `hi` has bit 7 set.
FAST static inline uint64_t bits(__m256i lo, __m256i hi) {
  return (uint64_t)(uint32_t)_mm256_movemask_epi8(hi) << 32 |
         (uint32_t)_mm256_movemask_epi8(lo);
}

FAST int64_t rowdrag_quoted_lines_avx2(const unsigned char *p, int64_t c, int64_t limit,
                                       unsigned char delimiter, rowdrag_quoted_state *state) {
  uint64_t inside = state->inside;
  uint64_t edge_before = state->edge_before;
  uint64_t last_newline = state->last_newline;
  int64_t newlines = state->newlines;
  const __m256i quote = _mm256_set1_epi8('"'), newline = _mm256_set1_epi8('\n');
  const __m256i edge = _mm256_set1_epi8((char)delimiter), cr = _mm256_set1_epi8('\r');
  while (c + 65 <= limit) {
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(p + c));
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(p + c + 32));
    uint64_t q = bits(_mm256_cmpeq_epi8(v0, quote), _mm256_cmpeq_epi8(v1, quote));
    uint64_t n = bits(_mm256_cmpeq_epi8(v0, newline), _mm256_cmpeq_epi8(v1, newline));
    uint64_t e = n | bits(_mm256_cmpeq_epi8(v0, edge), _mm256_cmpeq_epi8(v1, edge));
    // Bytes up to CR (unsigned): those that the minimum with CR leaves unchanged.
    uint64_t low = bits(_mm256_cmpeq_epi8(_mm256_min_epu8(v0, cr), v0),
                        _mm256_cmpeq_epi8(_mm256_min_epu8(v1, cr), v1));
    uint64_t low_starts = (n << 1 | last_newline >> 63) & low;
    unsigned char next = p[c + 64];
    uint64_t edge_after = next == delimiter || next == '\n';
    __m128i product =
      _mm_clmulepi64_si128(_mm_cvtsi64_si128((long long)q), _mm_set1_epi8(-1), 0);
    uint64_t x = (uint64_t)_mm_cvtsi128_si64(product) ^ inside;  // from an opening quote
    uint64_t opening = q & x, closing = q & ~x;
    uint64_t before = e << 1 | edge_before, after = e >> 1 | edge_after << 63;
    uint64_t bad = (n & x) | (opening & ~before) | (closing & ~after) | low_starts;
    if (bad) break;
    newlines += _mm_popcnt_u64(n);
    inside = 0 - (x >> 63);
    edge_before = e >> 63;
    last_newline = n;
    c += 64;
  }
  state->inside = inside;
  state->edge_before = edge_before;
  state->last_newline = last_newline;
  state->newlines = newlines;
  return c;
}

#else

int64_t rowdrag_quoted_lines_avx2(const unsigned char *p, int64_t start, int64_t limit,
                                  unsigned char delimiter, rowdrag_quoted_state *state) {
  (void)p, (void)limit, (void)delimiter, (void)state;
  return start;
}

#endif

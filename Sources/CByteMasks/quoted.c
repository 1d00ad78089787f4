// CSV's quoted-record stretches with AVX2 (include/QuotedLines.h): the masks of
// `DelimitedFormat.quotedLines` from two 32-byte comparisons each instead of four
// 16-byte ones, the quote parity as a carry-less multiplication and the line feeds
// counted with `popcnt`.

#include "QuotedLines.h"
#include "avx2.h"

#ifdef ROWDRAG_AVX2

FAST int64_t rowdrag_quoted_lines_avx2(const unsigned char *p, int64_t c, int64_t limit,
                                       unsigned char delimiter, rowdrag_quoted_state *state) {
  uint64_t inside = state->inside;
  uint64_t edge_before = state->edge_before;
  uint64_t last_newline = state->last_newline;
  int64_t newlines = state->newlines;
  const __m256i quote = _mm256_set1_epi8('"'), newline = _mm256_set1_epi8('\n');
  const __m256i edge = _mm256_set1_epi8((char)delimiter);
  while (c + 65 <= limit) {
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(p + c));
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(p + c + 32));
    uint64_t q = mask64(_mm256_cmpeq_epi8(v0, quote), _mm256_cmpeq_epi8(v1, quote));
    uint64_t n = mask64(_mm256_cmpeq_epi8(v0, newline), _mm256_cmpeq_epi8(v1, newline));
    uint64_t e = n | mask64(_mm256_cmpeq_epi8(v0, edge), _mm256_cmpeq_epi8(v1, edge));
    uint64_t low = mask64(at_most(v0, '\r'), at_most(v1, '\r'));  // bytes up to CR
    uint64_t low_starts = (n << 1 | last_newline >> 63) & low;
    unsigned char next = p[c + 64];
    uint64_t edge_after = next == delimiter || next == '\n';
    uint64_t x = prefix_xor_clmul(q) ^ inside;  // from an opening quote
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

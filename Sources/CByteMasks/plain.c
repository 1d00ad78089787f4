// The line formats' plain-line stretches with AVX2 (include/PlainLines.h): each rule of
// NewlineScanner.swift's `LineRule`s, and M3U's `#` line and path pairs, on 32 bytes a
// comparison instead of 16, and the line feeds counted with `popcnt` instead of in
// vector lanes.

#include "PlainLines.h"
#include "avx2.h"

#ifdef ROWDRAG_AVX2

/// The 32 bytes at `p + at` that `rule` refuses (all-ones bytes): `starts` marks those
/// that start a line.
FAST static inline __m256i refused(const unsigned char *p, int64_t at, __m256i starts,
                                   int rule) {
  __m256i v = _mm256_loadu_si256((const __m256i *)(p + at));
  switch (rule) {
  case ROWDRAG_RULE_TODO:  // a line starting below `$`
    return _mm256_and_si256(starts, at_most(v, 35));
  case ROWDRAG_RULE_DELIMITED:  // a line starting at or below CR, or a quote anywhere
    return _mm256_or_si256(_mm256_and_si256(starts, at_most(v, 13)),
                           _mm256_cmpeq_epi8(v, _mm256_set1_epi8('"')));
  default: {  // a line that does not start `- `, `* ` or `+ ` and a byte above a space
              // that is none of `*+,-`
    __m256i second = _mm256_loadu_si256((const __m256i *)(p + at + 1));
    __m256i third = _mm256_loadu_si256((const __m256i *)(p + at + 2));
    __m256i marker = _mm256_or_si256(
      _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('-')),
                      _mm256_cmpeq_epi8(v, _mm256_set1_epi8('*'))),
      _mm256_cmpeq_epi8(v, _mm256_set1_epi8('+')));
    __m256i space = _mm256_cmpeq_epi8(second, _mm256_set1_epi8(' '));
    // Above a space, and below `*` or above `-`: not at most a space, and not within
    // `*`…`-` (the byte minus `*`, unsigned, at most 3).
    __m256i low = at_most(third, ' ');
    __m256i punct = at_most(_mm256_sub_epi8(third, _mm256_set1_epi8('*')), 3);
    __m256i plain = _mm256_andnot_si256(_mm256_or_si256(low, punct),
                                        _mm256_and_si256(marker, space));
    return _mm256_andnot_si256(plain, starts);
  }
  }
}

FAST static inline int64_t lines(const unsigned char *p, int64_t c, int64_t limit, int rule,
                                 int64_t *newlines) {
  const __m256i newline = _mm256_set1_epi8('\n');
  int64_t lookahead = rule == ROWDRAG_RULE_MARKDOWN_ITEM ? 2 : 0;
  int64_t count = 0;
  while (c + 64 + lookahead <= limit) {
    __m256i s0 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c - 1)), newline);
    __m256i s1 =
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c + 31)), newline);
    __m256i bad = _mm256_or_si256(refused(p, c, s0, rule), refused(p, c + 32, s1, rule));
    if (!_mm256_testz_si256(bad, bad)) break;
    __m256i n0 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c)), newline);
    __m256i n1 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c + 32)), newline);
    count += _mm_popcnt_u64((uint64_t)(uint32_t)_mm256_movemask_epi8(n1) << 32 |
                            (uint32_t)_mm256_movemask_epi8(n0));
    c += 64;
  }
  *newlines += count;
  return c;
}

FAST int64_t rowdrag_plain_lines_avx2(const unsigned char *p, int64_t start, int64_t limit,
                                      int rule, int64_t *newlines) {
  // One loop a rule, each with its rule's comparisons only.
  switch (rule) {
  case ROWDRAG_RULE_TODO: return lines(p, start, limit, ROWDRAG_RULE_TODO, newlines);
  case ROWDRAG_RULE_DELIMITED: return lines(p, start, limit, ROWDRAG_RULE_DELIMITED, newlines);
  default: return lines(p, start, limit, ROWDRAG_RULE_MARKDOWN_ITEM, newlines);
  }
}

FAST int64_t rowdrag_paired_lines_avx2(const unsigned char *p, int64_t c, int64_t limit,
                                       int64_t *newlines) {
  const __m256i newline = _mm256_set1_epi8('\n'), hash = _mm256_set1_epi8('#');
  uint64_t odd = 0;
  int64_t count = 0;
  while (c + 64 <= limit) {
    __m256i b0 = _mm256_loadu_si256((const __m256i *)(p + c - 1));
    __m256i b1 = _mm256_loadu_si256((const __m256i *)(p + c + 31));
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(p + c));
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(p + c + 32));
    uint64_t starts = mask64(_mm256_cmpeq_epi8(b0, newline), _mm256_cmpeq_epi8(b1, newline));
    uint64_t comment = mask64(_mm256_cmpeq_epi8(v0, hash), _mm256_cmpeq_epi8(v1, hash));
    uint64_t low = mask64(at_most(v0, 34), at_most(v1, 34));  // blank, control, `!`, `"`
    uint64_t first = prefix_xor_clmul(starts) ^ odd;  // 1st, 3rd, … start
    if (starts & ((first ^ comment) | low)) break;
    odd = 0 - (first >> 63);
    count += _mm_popcnt_u64(mask64(_mm256_cmpeq_epi8(v0, newline), _mm256_cmpeq_epi8(v1, newline)));
    c += 64;
  }
  *newlines += count;
  return c;
}

#else

int64_t rowdrag_paired_lines_avx2(const unsigned char *p, int64_t start, int64_t limit,
                                  int64_t *newlines) {
  (void)p, (void)limit, (void)newlines;
  return start;
}

int64_t rowdrag_plain_lines_avx2(const unsigned char *p, int64_t start, int64_t limit, int rule,
                                 int64_t *newlines) {
  (void)p, (void)limit, (void)rule, (void)newlines;
  return start;
}

#endif

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

typedef unsigned __int128 u128;

/// The 80 bits of `test` on the bytes `p + c` … `p + c + 79` (`test` maps 32 bytes, or
/// the low 16 of them, to all-ones bytes where it holds).
#define BITS80(test)                                                                      \
  ((u128)(uint16_t)_mm256_movemask_epi8(test(_mm256_castsi128_si256(                      \
     _mm_loadu_si128((const __m128i *)(p + c + 64)))))                                    \
     << 64 |                                                                              \
   mask64(test(_mm256_loadu_si256((const __m256i *)(p + c))),                             \
          test(_mm256_loadu_si256((const __m256i *)(p + c + 32)))))

FAST static inline __m256i is_digit(__m256i v) {
  return at_most(_mm256_sub_epi8(v, _mm256_set1_epi8('0')), 9);
}
FAST static inline __m256i is_delimiter(__m256i v) {
  return _mm256_or_si256(_mm256_cmpeq_epi8(v, _mm256_set1_epi8('.')),
                         _mm256_cmpeq_epi8(v, _mm256_set1_epi8(')')));
}
FAST static inline __m256i is_space(__m256i v) {
  return _mm256_cmpeq_epi8(v, _mm256_set1_epi8(' '));
}
FAST static inline __m256i is_above_space(__m256i v) {
  return _mm256_xor_si256(at_most(v, ' '), _mm256_set1_epi8(-1));
}

/// Whether a line that starts in the 64 bytes at `p + c` (`starts`) is no `N. text` or
/// `N) text` item (`MarkdownOrderedItemRule`): one to nine digits, the delimiter, one
/// space and a byte above a space. A marker may run 11 bytes past the step, so the
/// masks are 80 bits: adding a start to the digit mask carries to the byte after its
/// digits (the marker's delimiter, within nine bytes of the start).
FAST static inline int ordered_refused(const unsigned char *p, int64_t c, uint64_t starts) {
  u128 digits = BITS80(is_digit);
  if (starts & ~(uint64_t)digits) return 1;
  u128 s = starts;
  u128 after = (s + digits) & ~digits;
  u128 near = s << 1 | s << 2 | s << 3 | s << 4 | s << 5 | s << 6 | s << 7 | s << 8 | s << 9;
  if (after & ~near) return 1;
  if (after & ~BITS80(is_delimiter)) return 1;
  if ((after << 1) & ~BITS80(is_space)) return 1;
  return ((after << 2) & ~BITS80(is_above_space)) != 0;
}

FAST static inline int64_t lines(const unsigned char *p, int64_t c, int64_t limit, int rule,
                                 int64_t *newlines) {
  const __m256i newline = _mm256_set1_epi8('\n');
  int64_t lookahead = rule == ROWDRAG_RULE_MARKDOWN_ITEM      ? 2
                      : rule == ROWDRAG_RULE_MARKDOWN_ORDERED ? 16
                                                              : 0;
  int64_t count = 0;
  while (c + 64 + lookahead <= limit) {
    __m256i s0 = _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c - 1)), newline);
    __m256i s1 =
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + c + 31)), newline);
    if (rule == ROWDRAG_RULE_MARKDOWN_ORDERED) {
      if (ordered_refused(p, c, mask64(s0, s1))) break;
    } else {
      __m256i bad = _mm256_or_si256(refused(p, c, s0, rule), refused(p, c + 32, s1, rule));
      if (!_mm256_testz_si256(bad, bad)) break;
    }
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
  case ROWDRAG_RULE_MARKDOWN_ORDERED:
    return lines(p, start, limit, ROWDRAG_RULE_MARKDOWN_ORDERED, newlines);
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

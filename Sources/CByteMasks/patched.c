// Renumbering's commonest rows with AVX2 (include/PatchedLines.h).

#include "PatchedLines.h"
#include "avx2.h"

#ifdef ROWDRAG_AVX2

#include <string.h>

/// The offset after the line feed that ends the line at `s`, or -1 before `limit`.
FAST static inline int64_t line_end(const unsigned char *p, int64_t s, int64_t limit) {
  const __m256i newline = _mm256_set1_epi8('\n');
  while (s + 32 <= limit) {
    uint32_t m = (uint32_t)_mm256_movemask_epi8(
      _mm256_cmpeq_epi8(_mm256_loadu_si256((const __m256i *)(p + s)), newline));
    if (m) return s + __builtin_ctz(m) + 1;
    s += 32;
  }
  for (; s < limit; s++)
    if (p[s] == '\n') return s + 1;
  return -1;
}

/// The digits of an ordered marker at `s` (1–9, then `.` or `)`, then a space or a tab,
/// all before `end`), or 0.
FAST static inline int64_t marker_width(const unsigned char *p, int64_t s, int64_t end) {
  int64_t w = 0;
  if (s + 16 <= end) {
    __m128i v = _mm_sub_epi8(_mm_loadu_si128((const __m128i *)(p + s)), _mm_set1_epi8('0'));
    __m128i digit = _mm_cmpeq_epi8(_mm_min_epu8(v, _mm_set1_epi8(9)), v);
    w = __builtin_ctz(~(uint32_t)_mm_movemask_epi8(digit));
  } else {
    while (s + w < end && w < 10 && (unsigned char)(p[s + w] - '0') <= 9) w++;
  }
  if (w < 1 || w > 9 || s + w + 1 >= end) return 0;
  unsigned char d = p[s + w], b = p[s + w + 1];
  return (d == '.' || d == ')') && (b == ' ' || b == '\t') ? w : 0;
}

FAST int64_t rowdrag_patched_lines_avx2(const unsigned char *p, int64_t limit, int64_t from,
                                        int64_t row_lag, int64_t slot_lag, int64_t count,
                                        unsigned char *out, int64_t room,
                                        rowdrag_patch_state *state) {
  int64_t lag = row_lag > slot_lag ? row_lag : slot_lag;
  if (row_lag < 0 || slot_lag < 0 || lag >= 64 || (row_lag != 0 && slot_lag != 0)) return 0;
  // The last 64 lines read: start, end and marker digits.
  int64_t start[64], end[64], width[64];
  int64_t next = from, read = 0, used = 0, done = 0;
  for (; done < count; done++) {
    while (read <= done + lag) {
      int64_t e = line_end(p, next, limit);
      if (e < 0) goto stop;
      int k = read & 63;
      start[k] = next;
      end[k] = e;
      width[k] = marker_width(p, next, e);
      next = e;
      read++;
    }
    int r = (done + row_lag) & 63, s = (done + slot_lag) & 63;
    int64_t w = width[r];
    if (w == 0 || width[s] != w) break;
    int64_t n = end[r] - start[r];
    if (n > room - used) break;
    unsigned char *o = out + used;
    if (start[s] + 16 <= limit && end[r] + 32 <= limit) {
      // The slot's sixteen bytes, then the row's from its digits' end over the rest.
      _mm_storeu_si128((__m128i *)o, _mm_loadu_si128((const __m128i *)(p + start[s])));
      for (int64_t k = w; k < n; k += 32)
        _mm256_storeu_si256((__m256i *)(o + k),
                            _mm256_loadu_si256((const __m256i *)(p + start[r] + k)));
    } else {
      memcpy(o, p + start[r], (size_t)n);
      memcpy(o, p + start[s], (size_t)w);
    }
    used += n;
  }
stop:
  if (done > 0) {
    int r = (done - 1 + row_lag) & 63, s = (done - 1 + slot_lag) & 63;
    state->row = end[r];
    state->slot = end[s];
    state->written = used;
    state->last_slot = start[s];
    state->last_width = width[s];
  }
  return done;
}

#else

int64_t rowdrag_patched_lines_avx2(const unsigned char *p, int64_t limit, int64_t from,
                                   int64_t row_lag, int64_t slot_lag, int64_t count,
                                   unsigned char *out, int64_t room,
                                   rowdrag_patch_state *state) {
  (void)p, (void)limit, (void)from, (void)row_lag, (void)slot_lag, (void)count, (void)out,
    (void)room, (void)state;
  return 0;
}

#endif

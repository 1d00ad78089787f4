// JSON Lines' stretch kernel (include/JSONLinesKernel.h), in two builds that take the
// same decisions: the baseline, for every processor of the architecture (the rules as
// 64-bit masks from SSE2 comparisons on x86-64, from loops elsewhere), and on x86-64
// one for AVX2, BMI1/2, POPCNT and PCLMUL that classifies bytes with table lookups
// (below), chosen with `cpuid` and `xgetbv` at the first call.

#include "CByteMasks.h"
#include "avx2.h"

/// The baseline build: the rules of JSONLinesFormat+Compact.swift as 64-bit masks, from
/// SSE2 comparisons on x86-64 and from loops elsewhere (CByteMasks.h).
///
/// A step is the 64 bytes from `c - 1`: bit 0 is the last step's last byte, whose masks
/// it would otherwise carry, so the rules about a byte and the one before it read only
/// this step's masks (a shift by one); bit 0 is judged by the last step, and the step
/// judges bits 1–63. Nothing but the parities and a leading zero is carried.
static int64_t rowdrag_jsonl_baseline(const unsigned char *p, int64_t c, int64_t stop,
                                      uint64_t lengths, rowdrag_jsonl_state *state,
                                      rowdrag_jsonl_keys *keys) {
  uint64_t in_string = state->in_string;
  uint64_t odd = state->odd;
  uint64_t last_zero = state->zero;
  uint64_t last_quote = state->quotes;
  int64_t newlines = state->newlines;
  keys->keys = 0;
  // A name of 63 bytes or more is never compared (`KeyNames.lengths`).
  lengths &= ~((uint64_t)1 << 63);
  while (c + 63 <= stop) {
    const unsigned char *w = p + c - 1;
    if (rowdrag_any_json_stop(w)) break;
    uint64_t quote = rowdrag_mask_eq(w, 34);
    uint64_t nl = rowdrag_mask_eq(w, 10);
    uint64_t run = rowdrag_prefix_xor(quote) ^ in_string;  // an opening quote up to its close
    uint64_t inside = run | quote;
    uint64_t open = quote & run;
    uint64_t close = quote & ~run;
    uint64_t lb = rowdrag_mask_eq(w, 123) & ~inside;
    uint64_t rb = rowdrag_mask_eq(w, 125) & ~inside;
    uint64_t colon = rowdrag_mask_eq(w, 58) & ~inside;
    uint64_t comma = rowdrag_mask_eq(w, 44) & ~inside;
    uint64_t digit = rowdrag_mask_range(w, 48, 57) & ~inside;
    uint64_t minus = rowdrag_mask_eq(w, 45) & ~inside;
    uint64_t separators = lb | rb | colon | comma | nl;
    uint64_t first = rowdrag_prefix_xor(separators) ^ odd;  // 1st, 3rd, … of the line
    uint64_t opener = lb | comma;
    uint64_t colon_or_nl = colon | nl;
    // (Bit 0 of a shifted mask is unknown; the bits it makes wrong are not judged.)
    uint64_t zero = (rowdrag_mask_eq(w, 48) & ~inside & (colon | minus) << 1) | last_zero;
    uint64_t wrong = ~inside & ~(separators | digit | minus);
    // Separators alternate: `{` and `,` first, `:` and the line feed second; `}` first.
    wrong |= separators & ~(first ^ colon_or_nl);
    wrong |= lb ^ nl << 1;
    wrong |= nl ^ rb << 1;  // (a line feed inside a string is not after an outside `}`)
    wrong |= open & ~((opener | colon) << 1);
    wrong |= close << 1 & ~(colon | comma | rb);
    wrong |= opener << 1 & ~quote;
    wrong |= colon << 1 & ~(quote | digit | minus);
    wrong |= (comma | rb) & ~((close | digit) << 1);
    wrong |= colon & ~(close << 1);
    wrong |= minus & ~(colon << 1);
    wrong |= zero << 1 & digit;
    if (wrong >> 1) break;
    // A closing quote with a quote n + 1 bytes before it ends a key of n bytes, as long
    // as a name: the caller compares those.
    uint64_t candidates = 0;
    for (uint64_t left = lengths; left; left &= left - 1) {
      int shift = __builtin_ctzll(left) + 1;
      candidates |= close & (quote << shift | last_quote >> (63 - shift));
    }
    candidates &= ~(uint64_t)1;
    // Carried: the states before bit 63, the next step's bit 0.
    in_string = (uint64_t)((int64_t)(run << 1) >> 63);
    odd = (uint64_t)((int64_t)(first << 1) >> 63);
    last_zero = zero >> 63;
    last_quote = quote;
    int64_t before = newlines;
    newlines += __builtin_popcountll(nl >> 1);
    c += 63;
    if (candidates) {
      keys->keys = candidates;
      keys->newlines = nl & ~(uint64_t)1;
      keys->window = c - 64;
      keys->newlines_before = before;
      break;
    }
  }
  state->in_string = in_string;
  state->odd = odd;
  state->zero = last_zero;
  state->quotes = last_quote;
  state->newlines = newlines;
  return c;
}

#ifdef ROWDRAG_AVX2

// The AVX2 build classifies bytes instead of comparing them class by class: each byte
// gets one bit of its class from two table lookups (`vpshufb`) on its nibbles, and the
// classes that may follow it from two more on its class; a byte is wrong when its class
// is not among those its predecessor allows. The shifts by a byte are vector shifts
// that take the last step's vectors in, so the steps are 64 bytes and nothing of the
// bytes before a step is carried in general-purpose registers.

enum { MINUS = 1, DIGIT = 2, QUOTE = 4, LB = 8, COMMA = 16, RB = 32, COLON = 64, NL = 128 };

/// The bytes of `v` as class bits (0 for any other byte): the bits its low nibble may
/// have and those its high nibble may, intersected.
FAST static inline __m256i classes(__m256i v) {
  const __m256i low = _mm256_setr_epi8(
    DIGIT, DIGIT, DIGIT | QUOTE, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT,
    (char)(NL | COLON), LB, COMMA, MINUS | RB, 0, 0,
    DIGIT, DIGIT, DIGIT | QUOTE, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT, DIGIT,
    (char)(NL | COLON), LB, COMMA, MINUS | RB, 0, 0);
  const __m256i high = _mm256_setr_epi8(
    (char)NL, 0, QUOTE | COMMA | MINUS, DIGIT | COLON, 0, 0, 0, LB | RB, 0, 0, 0, 0, 0, 0, 0, 0,
    (char)NL, 0, QUOTE | COMMA | MINUS, DIGIT | COLON, 0, 0, 0, LB | RB, 0, 0, 0, 0, 0, 0, 0, 0);
  __m256i hi = _mm256_and_si256(_mm256_srli_epi16(v, 4), _mm256_set1_epi8(15));
  // (A byte of 0x80 and above looks up 0 in the low table.)
  return _mm256_and_si256(_mm256_shuffle_epi8(low, v), _mm256_shuffle_epi8(high, hi));
}

/// The classes that may follow bytes of class bits `cls`, bit by bit: `-` a digit; a
/// digit a digit, `,` or `}`; a (closing) quote `:`, `,` or `}`; `{` and `,` an (opening)
/// quote; `}` a line feed; `:` a quote, a digit or `-`; a line feed `{`.
FAST static inline __m256i followers(__m256i cls) {
  const __m256i low = _mm256_setr_epi8(
    0, DIGIT, DIGIT | COMMA | RB, 0, (char)(COLON | COMMA | RB), 0, 0, 0, QUOTE,
    0, 0, 0, 0, 0, 0, 0,
    0, DIGIT, DIGIT | COMMA | RB, 0, (char)(COLON | COMMA | RB), 0, 0, 0, QUOTE,
    0, 0, 0, 0, 0, 0, 0);
  const __m256i high = _mm256_setr_epi8(
    0, QUOTE, (char)NL, 0, QUOTE | DIGIT | MINUS, 0, 0, 0, LB, 0, 0, 0, 0, 0, 0, 0,
    0, QUOTE, (char)NL, 0, QUOTE | DIGIT | MINUS, 0, 0, 0, LB, 0, 0, 0, 0, 0, 0, 0);
  __m256i hi = _mm256_and_si256(_mm256_srli_epi16(cls, 4), _mm256_set1_epi8(15));
  // One bit a byte: a class of the high nibble has a low nibble of 0, and a line feed's
  // bit 7 looks up 0 in the low table.
  return _mm256_or_si256(_mm256_shuffle_epi8(low, cls), _mm256_shuffle_epi8(high, hi));
}

/// The bytes of `v` one place on: byte k is byte k - 1 of `v`, byte 0 the last of `before`.
FAST static inline __m256i shifted(__m256i v, __m256i before) {
  return _mm256_alignr_epi8(v, _mm256_permute2x128_si256(before, v, 0x21), 15);
}

/// The classes that may follow each byte of `v` (class bits `cls`, the bytes before them
/// `before`), except that a leading `0` (one not after a digit) is followed by no digit.
FAST static inline __m256i allowed(__m256i v, __m256i cls, __m256i before) {
  __m256i leading = _mm256_andnot_si256(before, _mm256_cmpeq_epi8(v, _mm256_set1_epi8('0')));
  return _mm256_andnot_si256(_mm256_and_si256(leading, _mm256_set1_epi8(DIGIT)), followers(cls));
}

FAST static int64_t rowdrag_jsonl_avx2(const unsigned char *p, int64_t c, int64_t stop,
                                       uint64_t lengths, rowdrag_jsonl_state *state,
                                       rowdrag_jsonl_keys *keys) {
  uint64_t in_string = state->in_string;
  uint64_t odd = state->odd;
  uint64_t last_quote = state->quotes;
  int64_t newlines = state->newlines;
  keys->keys = 0;
  lengths &= ~((uint64_t)1 << 63);
  // The last 32 bytes before the step: their classes, and those that may follow them.
  __m256i last_cls, last_allowed;
  if (c >= 32) {
    __m256i v = _mm256_loadu_si256((const __m256i *)(p + c - 32));
    last_cls = classes(v);
    last_allowed = allowed(v, last_cls, shifted(last_cls, last_cls));  // (byte 0 unused)
  } else {
    // Only line feeds, as far as a stretch's first step sees (`p[c - 1]` is one).
    last_cls = _mm256_set1_epi8((char)NL);
    last_allowed = _mm256_set1_epi8(LB);
  }
  const __m256i space = _mm256_set1_epi8(0x20), newline = _mm256_set1_epi8(10);
  const __m256i backslash = _mm256_set1_epi8(0x5C), zero = _mm256_setzero_si256();
  while (c + 64 <= stop) {
    __m256i v0 = _mm256_loadu_si256((const __m256i *)(p + c));
    __m256i v1 = _mm256_loadu_si256((const __m256i *)(p + c + 32));
    // A backslash, a control byte but the line feed, or a byte of 0x80 and above
    // (below 0x20, signed).
    __m256i stop0 = _mm256_or_si256(
      _mm256_andnot_si256(_mm256_cmpeq_epi8(v0, newline), _mm256_cmpgt_epi8(space, v0)),
      _mm256_cmpeq_epi8(v0, backslash));
    __m256i stop1 = _mm256_or_si256(
      _mm256_andnot_si256(_mm256_cmpeq_epi8(v1, newline), _mm256_cmpgt_epi8(space, v1)),
      _mm256_cmpeq_epi8(v1, backslash));
    __m256i any = _mm256_or_si256(stop0, stop1);
    if (!_mm256_testz_si256(any, any)) break;
    __m256i cls0 = classes(v0), cls1 = classes(v1);
    __m256i allowed0 = allowed(v0, cls0, shifted(cls0, last_cls));
    __m256i allowed1 = allowed(v1, cls1, shifted(cls1, cls0));
    // A byte whose class the byte before it does not allow (any other byte: none).
    __m256i bad0 = _mm256_cmpeq_epi8(_mm256_and_si256(shifted(allowed0, last_allowed), cls0), zero);
    __m256i bad1 = _mm256_cmpeq_epi8(_mm256_and_si256(shifted(allowed1, allowed0), cls1), zero);
    last_cls = cls1;
    last_allowed = allowed1;
    uint64_t pairs = mask64(bad0, bad1);
    uint64_t nl = mask64(cls0, cls1);
    uint64_t quote = mask64(_mm256_slli_epi16(cls0, 5), _mm256_slli_epi16(cls1, 5));
    // Separators (`{` and up: class bits of 8 and more), and `:` and line feeds (64 and
    // up), as bit 7 of a saturated sum.
    uint64_t separators_any = mask64(_mm256_adds_epu8(cls0, _mm256_set1_epi8(0x78)),
                                     _mm256_adds_epu8(cls1, _mm256_set1_epi8(0x78)));
    uint64_t colon_or_nl = mask64(_mm256_adds_epu8(cls0, _mm256_set1_epi8(0x40)),
                                  _mm256_adds_epu8(cls1, _mm256_set1_epi8(0x40)));
    uint64_t run = prefix_xor_clmul(quote) ^ in_string;  // an opening quote up to its close
    uint64_t close = quote & ~run;
    // Outside strings, and opening quotes: the bytes whose predecessor is judged by
    // its class (inside a string any byte but a quote may follow any).
    uint64_t judged = ~(run ^ quote);
    uint64_t separators = separators_any & ~(run | quote);
    uint64_t first = prefix_xor_clmul(separators) ^ odd;  // 1st, 3rd, … of the line
    uint64_t wrong = pairs & judged;
    // Separators alternate: `{` and `,` first, `:` and the line feed second; `}` first.
    wrong |= separators & ~(first ^ colon_or_nl);
    wrong |= nl & run;  // a line feed in a string
    if (wrong) break;
    uint64_t candidates = 0;
    for (uint64_t left = lengths; left; left &= left - 1) {
      int shift = __builtin_ctzll(left) + 1;
      candidates |= close & (quote << shift | last_quote >> (64 - shift));
    }
    in_string = (uint64_t)((int64_t)run >> 63);
    odd = (uint64_t)((int64_t)first >> 63);
    last_quote = quote;
    int64_t before = newlines;
    newlines += _mm_popcnt_u64(nl);
    c += 64;
    if (candidates) {
      keys->keys = candidates;
      keys->newlines = nl;
      keys->window = c - 64;
      keys->newlines_before = before;
      break;
    }
  }
  state->in_string = in_string;
  state->odd = odd;
  state->quotes = last_quote;
  state->newlines = newlines;
  return c;
}

#endif

rowdrag_jsonl_state rowdrag_jsonl_begin(int kernel) {
  // The baseline's first step starts at the line feed before the stretch, which its
  // line's separators before it, `}` last, make an odd number.
  rowdrag_jsonl_state s = {0, ~(uint64_t)0, 0, 0, 63, 0};
#ifdef ROWDRAG_AVX2
  if (kernel == 1 && rowdrag_avx2_dispatched()) {
    s.odd = 0;
    s.step = 64;
  }
#else
  (void)kernel;
#endif
  return s;
}

int64_t rowdrag_jsonl_compact(int kernel, const unsigned char *p, int64_t start, int64_t stop,
                              uint64_t lengths, rowdrag_jsonl_state *state,
                              rowdrag_jsonl_keys *keys) {
#ifdef ROWDRAG_AVX2
  if (kernel == 1 && rowdrag_avx2_dispatched()) {
    return rowdrag_jsonl_avx2(p, start, stop, lengths, state, keys);
  }
#endif
  return rowdrag_jsonl_baseline(p, start, stop, lengths, state, keys);
}

// The body of JSON Lines' baseline stretch kernel (jsonl.c): the rules of
// JSONLinesFormat+Compact.swift as 64-bit masks. The includer defines KERNEL (the function's name), ATTRIBUTES (its target), LOAD(w) (what
// a step reads first), EQ(w, c) and RANGE(w, lo, hi) (masks of the step's bytes),
// ANY_STOP(w), PREFIX_XOR(m) and COUNT(m) (the bits set in m).
//
// A step is the 64 bytes from `c - 1`: bit 0 is the last step's last byte, whose masks
// it would otherwise carry, so the rules about a byte and the one before it read only
// this step's masks (a shift by one); bit 0 is judged by the last step, and the step
// judges bits 1–63. Nothing but the parities and a leading zero is carried.

ATTRIBUTES static int64_t KERNEL(const unsigned char *p, int64_t c, int64_t stop, uint64_t lengths,
                                 rowdrag_jsonl_state *state, rowdrag_jsonl_keys *keys) {
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
    LOAD(w);
    if (ANY_STOP(w)) break;
    uint64_t quote = EQ(w, 34);
    uint64_t nl = EQ(w, 10);
    uint64_t run = PREFIX_XOR(quote) ^ in_string;  // an opening quote up to its close
    uint64_t inside = run | quote;
    uint64_t open = quote & run;
    uint64_t close = quote & ~run;
    uint64_t lb = EQ(w, 123) & ~inside;
    uint64_t rb = EQ(w, 125) & ~inside;
    uint64_t colon = EQ(w, 58) & ~inside;
    uint64_t comma = EQ(w, 44) & ~inside;
    uint64_t digit = RANGE(w, 48, 57) & ~inside;
    uint64_t minus = EQ(w, 45) & ~inside;
    uint64_t separators = lb | rb | colon | comma | nl;
    uint64_t first = PREFIX_XOR(separators) ^ odd;  // 1st, 3rd, … of the line
    uint64_t opener = lb | comma;
    uint64_t colon_or_nl = colon | nl;
    // (Bit 0 of a shifted mask is unknown; the bits it makes wrong are not judged.)
    uint64_t zero = (EQ(w, 48) & ~inside & (colon | minus) << 1) | last_zero;
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
    newlines += COUNT(nl >> 1);
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

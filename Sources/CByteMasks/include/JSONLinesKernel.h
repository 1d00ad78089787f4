#ifndef ROWDRAG_JSONLINESKERNEL_H
#define ROWDRAG_JSONLINESKERNEL_H

// JSON Lines' stretch kernel: the check of compact flat-object lines, 63 or 64 bytes a
// step (JSONLinesFormat+Compact.swift says what it accepts). A baseline build for every
// processor (SSE2 on x86-64, portable masks elsewhere) and, on x86-64, one for AVX2,
// BMI, POPCNT and PCLMUL, chosen at run time (jsonl.c). Every build takes the same
// decisions.

#include <stdint.h>

/// What a stretch carries from one call to the next.
typedef struct {
  /// All ones when the next step's first byte (baseline: the byte before it) follows an
  /// opening quote (in a string).
  uint64_t in_string;
  /// All ones when an odd number of separators of its line come before that byte.
  uint64_t odd;
  /// Baseline: 1 when that byte is a leading `0` (after `:` or `-`).
  uint64_t zero;
  /// The last step's quotes (for keys that start before the step).
  uint64_t quotes;
  /// The builds' steps: 63 bytes for the baseline (from the byte before the step), 64
  /// for AVX2.
  int64_t step;
  /// The line feeds of the steps checked so far.
  int64_t newlines;
} rowdrag_jsonl_state;

/// A step with keys as long as a name (their closing quotes), which the call stopped after.
typedef struct {
  /// Bit k: byte `window + k` closes a string with a quote a name's length + 1 before.
  uint64_t keys;
  /// The step's line feeds (baseline: bits 1–63; bit 0 is the last step's).
  uint64_t newlines;
  /// The offset of the step's bit 0.
  int64_t window;
  /// The line feeds of the stretch before the step's.
  int64_t newlines_before;
} rowdrag_jsonl_keys;

/// The state before the first step of a stretch (at a line start) for `kernel`.
rowdrag_jsonl_state rowdrag_jsonl_begin(int kernel);

/// Checks the steps of 63 or 64 bytes (by build) from `start` while they hold nothing
/// but compact flat-object lines and end before `stop` (no byte at or after `stop` is
/// read; the baseline reads the byte before each step, and the AVX2 build the 32 bytes
/// before `start` when there are). A stretch's first call starts at a line start
/// (`p[start - 1]` a line feed) with `rowdrag_jsonl_begin`'s state; each later call
/// starts where the last returned, with the state it left. Stops after a step with a
/// key as long as one of `lengths` (bit n: a name of n bytes, n < 63), reporting it in
/// `keys` (else `keys->keys` is 0). Returns where the unchecked bytes start.
///
/// `kernel`: 0 the baseline build, 1 the fastest this processor runs.
int64_t rowdrag_jsonl_compact(int kernel, const unsigned char *p, int64_t start, int64_t stop,
                              uint64_t lengths, rowdrag_jsonl_state *state,
                              rowdrag_jsonl_keys *keys);

#endif

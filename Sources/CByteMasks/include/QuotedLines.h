#ifndef ROWDRAG_QUOTEDLINES_H
#define ROWDRAG_QUOTEDLINES_H

// CSV's stretches of one-line records with quoted fields, for processors with AVX2
// (Dispatch.h): the steps of `DelimitedFormat.quotedLines`, which says what they
// accept, with the same decisions and 64-byte steps; other processors run that Swift
// loop.

#include <stdint.h>

/// What a stretch carries from step to step.
typedef struct {
  /// All ones when the next step starts inside quotes.
  uint64_t inside;
  /// 1 when the byte before the next step is a field edge (a delimiter or line feed).
  uint64_t edge_before;
  /// The last step's line feeds (bit 63: the byte before the next step is one).
  uint64_t last_newline;
  /// The line feeds of the steps counted so far.
  int64_t newlines;
} rowdrag_quoted_state;

/// Counts 64-byte steps from `start` while each holds nothing but one-line records and
/// ends before `limit` (the byte after a step is read, so a step ends at `limit - 1` at
/// most); returns where the uncounted bytes start. Only where `rowdrag_avx2_dispatched`
/// says so.
int64_t rowdrag_quoted_lines_avx2(const unsigned char *p, int64_t start, int64_t limit,
                                  unsigned char delimiter, rowdrag_quoted_state *state);

#endif

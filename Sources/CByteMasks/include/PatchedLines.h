#ifndef ROWDRAG_PATCHEDLINES_H
#define ROWDRAG_PATCHEDLINES_H

// Renumbering's commonest rows with AVX2 (`NumberingPass.stream`): after `move 3 $` in an
// ordered list every row from the third on stands one place up and takes the digits of
// the row whose place it takes. Both are lines of one stretch of the input, a few lines
// apart, so the stretch is read once, line by line, and each row is copied out with its
// slot's digits over its own.

#include <stdint.h>

/// Where `rowdrag_patched_lines_avx2` stopped: the next row's and slot's line starts,
/// the bytes written, and the last slot written (its line start and digit count).
typedef struct {
  int64_t row;
  int64_t slot;
  int64_t written;
  int64_t last_slot;
  int64_t last_width;
} rowdrag_patch_state;

/// Writes rows while both a row and its slot start with the marker of an ordered item
/// (1–9 digits, `.` or `)`, then a space or a tab) of the same number of digits: the
/// row's line with the slot's digits. The lines of the input from `from` (a line
/// start, every line ending with a line feed before `limit`) are L0, L1, …: row i is
/// L(i + row_lag), slot i is L(i + slot_lag); one lag is 0, the other below 64. At most
/// `count` rows; `out` has `room` bytes and 32 more that may be overwritten. Returns
/// the rows written (0 when the first is not such a row or does not fit) and where it
/// stopped in `state` (untouched when 0). Only where `rowdrag_avx2_dispatched` says so.
int64_t rowdrag_patched_lines_avx2(const unsigned char *p, int64_t limit, int64_t from,
                                   int64_t row_lag, int64_t slot_lag, int64_t count,
                                   unsigned char *out, int64_t room,
                                   rowdrag_patch_state *state);

#endif

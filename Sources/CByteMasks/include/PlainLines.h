#ifndef ROWDRAG_PLAINLINES_H
#define ROWDRAG_PLAINLINES_H

// The line formats' stretches of plain lines (`NewlineScanner.plainLines` and its
// `LineRule`s, which say what each accepts) for processors with AVX2 (Dispatch.h):
// the same 64-byte steps and decisions, with 32-byte comparisons and `popcnt`; other
// processors run the Swift loop.

#include <stdint.h>

/// The rules: a todo command line (first byte `$` or above), a CSV or TSV record of one
/// line (no quote; first byte above CR), a Markdown `- text` item (`MarkdownItemRule`), a
/// Markdown `N. text` item (`MarkdownOrderedItemRule`).
enum {
  ROWDRAG_RULE_TODO = 0,
  ROWDRAG_RULE_DELIMITED = 1,
  ROWDRAG_RULE_MARKDOWN_ITEM = 2,
  ROWDRAG_RULE_MARKDOWN_ORDERED = 3
};

/// Counts the 64-byte steps from `start` (a line start after the first) in which `rule`
/// refuses no byte and that end, with the rule's look ahead (2 bytes for Markdown's
/// `- text`, 16 for its `N. text`, else none), at `limit` at most; adds their line feeds
/// to `newlines` and returns where the uncounted bytes start. Only where
/// `rowdrag_avx2_dispatched` says so.
int64_t rowdrag_plain_lines_avx2(const unsigned char *p, int64_t start, int64_t limit, int rule,
                                 int64_t *newlines);

/// M3U's `M3UFormat.pairedLines`: counts the 64-byte steps from `start` (a line start
/// after the first) whose line starts alternate, a `#` line then one starting with `$`
/// or above, as far as `limit`; adds their line feeds to `newlines` and returns where
/// the uncounted bytes start. Only where `rowdrag_avx2_dispatched` says so.
int64_t rowdrag_paired_lines_avx2(const unsigned char *p, int64_t start, int64_t limit,
                                  int64_t *newlines);

#endif

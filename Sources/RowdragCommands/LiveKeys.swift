// SPDX-License-Identifier: Apache-2.0

/// The live view's mouse actions and keys, as its `?` screen and `help live` list them:
/// written once, so the two never disagree.
public enum LiveKeys {
  /// The lines, each starting with two spaces, for a table or a board, and for a view
  /// whose list goes to standard output at the end or one that writes its file.
  /// `marks` are the list's marks (FORMATS.md §5.1): a todo's verbs add their keys,
  /// Markdown tasks `x`.
  public static func lines(board: Bool, writesToStandardOutput: Bool, marks: [String] = [])
    -> [String]
  {
    var lines = [
      "  Mouse: press a row and hold to lift it, drag, release to drop it.",
      "         Hold it on the top or bottom line: the list scrolls.",
      "         Right button or Esc: put it back. Wheel: scroll.",
      "         Shift+click: select rows; press a selected row to lift them all.",
    ]
    if board { lines += boardLines }
    lines += [
      "", "  Keys:  ↑ ↓ j k  PgUp PgDn        move the cursor",
      "         Home End g G              first, last row",
      "         Shift+↑ ↓                 select rows of one section or column (Esc clears)",
      "         Space                     lift the cursor row or the selection; again to drop",
      "         ↑ ↓ j k  (lifted)         move it exactly one slot, kept on screen",
      "         PgUp PgDn  (lifted)       move it a screen",
      "         Home End g G  (lifted)    to the top, bottom of its section",
      "         /  n N                    search labels; next, previous match",
      "         Esc                       cancel",
      "         u  Ctrl-R                 undo, redo (the cursor goes to the row)",
    ]
    if marks.contains("pick") { lines += [verbLine, commitLine, abortLine] }
    if marks.contains("done") { lines.append(taskLine) }
    lines +=
      writesToStandardOutput
      ? ["         w  q                      end; the list goes to standard output"]
      : [
        "         w                         write (asks if another program changed the file)",
        "         q                         quit (asks when there are unsaved changes)",
      ]
    lines.append("         Ctrl-C                    leave without writing")
    return lines
  }

  /// A todo list's verbs, as git-interactive-rebase-tool's keys.
  static let verbLine =
    "         p r e s f d               pick reword edit squash fixup drop: the cursor row or selection"
  /// The commit at a glance.
  static let commitLine =
    "         c                         the cursor's commit: git show --stat (any key returns)"
  /// girt's `Q`.
  static let abortLine =
    "         Q                         abort the rebase: the todo written empty (asks first)"
  /// Markdown task items' check box.
  static let taskLine =
    "         x                         tick or untick a task: the cursor row or selection"

  /// The board's own lines, after the mouse's.
  static let boardLines = [
    "         Hold a card at the left or right edge: the board turns a page.",
    "         ← → h l  the next column: the cursor, or the lifted card",
  ]

  /// What `help live` adds to the usage line: the keys of a table view that writes its
  /// file, and what differs on a board and with standard output.
  static var helpText: String {
    var text = lines(board: false, writesToStandardOutput: false).joined(separator: "\n")
    text += "\n  On a board (--board) also:\n"
    text += boardLines.joined(separator: "\n")
    text +=
      "\n  On a git rebase todo list also:\n" + verbLine + "\n" + commitLine + "\n"
      + abortLine
    text += "\n  On Markdown task items also:\n" + taskLine
    text += "\n  When the list came from a pipe (rowdrag --live -), w and q both end the view"
    text += "\n  and the list goes to standard output.\n"
    return text
  }
}

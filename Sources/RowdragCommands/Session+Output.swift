import RowdragEngine
import RowdragFormats

/// `print`, `list`, `state`, `help` and `write`.
extension Session {
  /// Writes the list in its input format, in the current layout order.
  public func printList(to out: OutputSink) throws {
    try document.write(
      order: engine.layout.order, sectionStarts: engine.layout.sectionStarts, to: out)
    out.owesNewline = out.endsWithoutNewline
  }

  /// `list`: `%6d<TAB>flag<TAB>label`, one line a row — every row, or those of `rows`
  /// (`list A,B`), with their global numbers, and the section lines of FORMATS.md §5
  /// (`ListingPass`). Every lifted row is marked `>`.
  func writeListing(
    to out: OutputSink, rows: Range<Int>? = nil, isInterrupted: () -> Bool
  ) throws {
    let writer = ListingWriter(out: out)
    var pass = ListingPass(session: self, writer: writer, escaping: out.isTerminal, rows: rows)
    try document.forEachLabel(in: engine.layout.order) { position, label in
      if position & 0xFFFF == 0xFFFF && isInterrupted() { throw CommandError.interrupted }
      return try pass.row(position, label: label)
    }
    if rows == nil { try pass.sections(through: Int.max) }
    try writer.flush()
  }

  /// The `state` line of SPEC §5.3, keys in the contract's order.
  public func stateLine() -> String {
    if engine.surface.isBoard { return boardStateLine() }
    let n = NumberText.fixed3
    var line = "{\"t\":\(n(engine.time)),\"offset\":\(n(engine.offset))"
    line +=
      ",\"content\":\(n(engine.layout.contentHeight)),\"viewport\":\(n(engine.settings.viewport))"
    line += ",\"phase\":\"\(engine.phase.name)\",\"rows\":\(engine.layout.rowCount),\"lifted\":"
    if let lift = engine.lift {
      line += "{\"row\":\(lift.position + 1),\"from\":\(lift.sourcePosition + 1)"
      line += ",\"finger\":\(n(lift.finger)),\"center\":\(n(lift.center))"
      // A range (SPEC §10): its row count, only when more than one row is lifted.
      line += lift.count > 1 ? ",\"count\":\(lift.count)}" : "}"
    } else {
      line += "null"
    }
    line += ",\"dirty\":\(engine.isDirty)}"
    return line
  }

  /// The `state` line of BOARD.md §8.
  func boardStateLine() -> String {
    let n = NumberText.fixed3
    let layout = engine.layout
    let b = engine.board
    var line = "{\"t\":\(n(engine.time)),\"x\":\(n(b.x)),\"width\":\(n(engine.boardWidth))"
    line +=
      ",\"screen\":\(n(engine.settings.board.screen)),\"viewport\":\(n(engine.settings.viewport))"
    line += ",\"columns\":["
    line += (0..<engine.columnCount).map { k in
      "{\"offset\":\(n(engine.columnOffsets[k])),\"content\":\(n(engine.columnContentHeight(k))),\"rows\":\(layout.rowCount(inSection: k))}"
    }.joined(separator: ",")
    line += "],\"phase\":\"\(engine.phase.name)\",\"rows\":\(layout.rowCount),\"lifted\":"
    if let lift = engine.lift {
      line +=
        "{\"column\":\(lift.section + 1),\"row\":\(lift.position - layout.sectionStarts[lift.section] + 1)"
      line += ",\"from\":[\(lift.sourceSection + 1),\(lift.sourceRow + 1)]"
      line +=
        ",\"finger\":[\(n(b.fingerX)),\(n(lift.finger))],\"center\":[\(n(b.centerX)),\(n(lift.center))]"
      // A range (SPEC §10): its row count, only when more than one row is lifted.
      line += lift.count > 1 ? ",\"count\":\(lift.count)}" : "}"
    } else {
      line += "null"
    }
    line += ",\"dirty\":\(engine.isDirty)}"
    return line
  }

  func help(_ name: String?) throws -> String {
    guard let name else { return CommandTable.helpText }
    guard let spec = CommandTable.spec(named: name) else {
      throw CommandError(
        command: "",
        message: "no command '\(name)'" + Suggestion.hint(for: name, in: CommandTable.allNames))
    }
    var text = "usage: \(CommandTable.usage(of: spec))\n  \(spec.summary)\n"
    if case .settings(let access) = spec.completes {
      for setting in SettingTable.settings { text += "  set \(setting.key) \(setting.arguments)\n" }
      for own in SettingTable.session {
        text += "  set \(own.key) \(own.arguments)  (\(own.help))\n"
      }
      if access == .read {
        for fixed in SettingTable.readOnly { text += "  get \(fixed.key)  (\(fixed.help))\n" }
      }
    }
    return text + spec.details
  }
}

extension RowFlags {
  /// The one-character mark `list` and `show` print: `P`, `L` or `-` (pinned wins).
  var markByte: UInt8 {
    if contains(.pinned) { return UInt8(ascii: "P") }
    if contains(.locked) { return UInt8(ascii: "L") }
    return UInt8(ascii: "-")
  }
}

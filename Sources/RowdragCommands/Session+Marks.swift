import RowdragEngine
import RowdragFormats

/// `mark ADDR WORD` and `get mark ADDR` (FORMATS.md §5.1): the list says which rows
/// have marks and what they are; the engine keeps them as one undoable edit.
extension Session {
  /// Sets the mark `word` on every row of `range`: all or none (a row without marks,
  /// locked or pinned refuses the whole command). `--lock` and `--pin` are tested again
  /// on the rows' new labels. Returns the rows marked: the first position and the count.
  @discardableResult
  func mark(_ range: AddressRange, word: String, isInterrupted: () -> Bool) throws -> (Int, Int) {
    let (position, count) = try resolve(range, acrossSections: true, isInterrupted: isInterrupted)
    let names = document.markNames
    guard let mark = document.mark(named: word) else {
      throw CommandError(
        command: "",
        message: names.isEmpty
          ? noMarks
          : "'\(word)' is not a mark of a \(document.formatName) list; use "
            + Self.listing(names) + (document.formatName == "todo" ? " (or p r e s f d)" : ""))
    }
    try engine.requireIdle()
    let lock = try loadOptions.lockPattern.map(cachedMatcher)
    let pin = try loadOptions.pinPattern.map(cachedMatcher)
    let layout = engine.layout
    let codes: [UInt8]
    switch document.markCodes(mark, at: position..<(position + count), of: layout.order) {
    case .codes(let found): codes = found
    case .noMarks(let p):
      let id = Int(layout.order[p])
      throw CommandError(
        command: "",
        message: "row \(p + 1) ('\(TerminalText.escape(document.label(ofRow: id)))') has no "
          + "marks: a \(document.formatName) list's marks (" + names.joined(separator: ", ")
          + ") are on its "
          + (document.formatName == "todo"
            ? "pick, reword, edit, squash, fixup and drop lines" : "task items ('- [ ] ...')"))
    case .misreads(let p):
      let id = Int(layout.order[p])
      throw CommandError(
        command: "",
        message: "row \(p + 1) ('\(TerminalText.escape(document.label(ofRow: id)))') cannot "
          + "be marked \(names[mark]): the -C or -c after its verb would read as "
          + "'\(names[mark]) -C' or '\(names[mark]) -c'; mark it one of those, or edit the line")
    }
    // `--lock` and `--pin` read the new labels: a flag a row's old label gave goes.
    var flags: [RowFlags] = []
    if lock != nil || pin != nil {
      let marks = engine.marks
      flags.reserveCapacity(count)
      for (k, code) in codes.enumerated() {
        let p = position + k
        let id = Int(layout.order[p])
        var f = layout.flags(at: p)
        let before = document.label(ofRow: id, markCode: marks.code(ofRow: id))
        let after = document.label(ofRow: id, markCode: code)
        for (matcher, flag) in [(lock, RowFlags.locked), (pin, .pinned)] {
          guard let matcher else { continue }
          if before.withUnsafeBufferPointer(matcher.matches) { f.remove(flag) }
          if after.withUnsafeBufferPointer(matcher.matches) { f.insert(flag) }
        }
        flags.append(f)
      }
    }
    let changed = flags.isEmpty ? nil : flags
    try engine.mark(position..<(position + count), codes: codes, flags: changed)
    return (position, count)
  }

  /// `get mark ADDR`: the row's mark by its full name.
  public func markName(of address: Address, isInterrupted: () -> Bool) throws -> String {
    let p = try resolve(address, isInterrupted: isInterrupted)
    let id = Int(engine.layout.order[p])
    let names = document.markNames
    guard let own = document.ownMark(ofRow: id) else {
      throw CommandError(
        command: "",
        message: names.isEmpty
          ? noMarks
          : "row \(p + 1) has no marks (they are " + Self.listing(names) + ")")
    }
    let code = Int(engine.marks.code(ofRow: id))
    return names[code == 0 ? own : code - 1]
  }

  /// Why a list without marks refuses `mark` and `get mark`.
  private var noMarks: String {
    "a \(document.formatName) list has no marks; marks are todo verbs and Markdown task "
      + "items' done and todo (\"Marks\" in rowdrag-formats(5))"
  }

  /// `a, b, c or d`, each quoted when it holds a space.
  private static func listing(_ names: [String]) -> String {
    let words = names.map { $0.contains(" ") ? "'\($0)'" : $0 }
    guard words.count > 1 else { return words.joined() }
    return words.dropLast().joined(separator: ", ") + " or " + words[words.count - 1]
  }
}

import RowdragEngine

/// What the REPL offers on Tab, worked out from the command table and the session, so
/// it is testable without a terminal.
public enum Completion: Equatable, Sendable {
  /// These words (already filtered by the typed prefix).
  case words([String])
  /// File names (readline's own completer).
  case fileNames
  /// Nothing makes sense here (after a number, say).
  case nothing
  /// Patterns that find these row labels (or column titles), and the labels, which is
  /// what a list of the candidates shows: each pattern begins with what was typed, so
  /// readline lists them on the second Tab.
  case patterns([String], labels: [String])
  /// Replace the line from scalar offset `from` to the cursor with `text`: a `/REGEX/`
  /// that began before the word (it holds blanks) rewritten with the escapes it lacked.
  case replace(from: Int, with: String)

  /// Completions for the word that starts at `wordStart` in `line` (the text before the
  /// cursor). Words are separated by blanks; `;` starts a new command.
  public static func complete(line: String, wordStart: Int, session: Session?) -> Completion {
    let scalars = Array(line.unicodeScalars)
    let start = Swift.min(Swift.max(0, wordStart), scalars.count)
    let before = String(String.UnicodeScalarView(scalars[..<start]))
    let word = String(String.UnicodeScalarView(scalars[start...]))
    let command =
      before.split(separator: ";", omittingEmptySubsequences: false).last.map(String.init) ?? ""
    let words = command.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    guard let name = words.first else {
      return .words(filter(CommandTable.allNames, word))
    }
    guard let spec = CommandTable.spec(named: name) else { return .nothing }
    let argumentIndex = words.count - 1

    // Inside an unfinished /REGEX/: complete a row label (a column title for `page`),
    // closing the slash.
    let labels: [CommandSpec.Argument] = [
      .rowLabels, .rowLabelsThenHeaders, .rowLabelsThenMarks, .columnTitles,
    ]
    if labels.contains(spec.completes), let session,
      let slash = openPattern(in: command + word)
    {
      let full = Array((command + word).unicodeScalars)
      let wordOffset = full.count - word.unicodeScalars.count
      let typed = String(String.UnicodeScalarView(full[(slash + 1)...]))
      // `move`'s TO names a section by its header (`/Done/:1`), not a row.
      var before = CommandLexer(line: String(String.UnicodeScalarView(full[..<slash])))
      let isTarget =
        spec.completes == .rowLabelsThenHeaders
        && (try? before.next()?.get())?.arguments.count == 1
      // Anchored only when the user anchored: `^mi` asks for the labels that are `mi…`
      // exactly, `mi` for any row the label's text is found in.
      let anchored = typed.hasPrefix("^")
      let text = anchored ? String(typed.dropFirst()) : typed
      let found =
        spec.completes == .columnTitles
        ? titleCompletions(text, session: session)
        : isTarget
          ? headerCompletions(text, session: session) : labelCompletions(text, session: session)
      let patterns = found.map { anchored ? "^" + $0.escapedPattern + "$" : $0.escapedPattern }
      // After a header's pattern comes the row: `/Done/:`.
      let close = isTarget ? "/:" : "/"
      if slash >= wordOffset {
        let keep = String(String.UnicodeScalarView(full[wordOffset...slash]))
        return .patterns(patterns.map { keep + $0 + close }, labels: found)
      }
      // The pattern began before the word (it holds blanks): readline replaces only the
      // word, so the candidates are the patterns' rest, unless the part before the word
      // lacks an escape the pattern has and must be rewritten.
      let drop = wordOffset - (slash + 1)
      let typedBefore = full[(slash + 1)..<wordOffset]
      if patterns.allSatisfy({ $0.unicodeScalars.starts(with: typedBefore) }) {
        let rests = patterns.map {
          String(String.UnicodeScalarView($0.unicodeScalars.dropFirst(drop))) + close
        }
        return .patterns(rests, labels: found)
      }
      guard let first = patterns.first else { return .nothing }
      if patterns.count == 1 { return .replace(from: slash + 1, with: first + close) }
      return .replace(from: slash + 1, with: commonPrefix(patterns))
    }

    switch spec.completes {
    case .fileNames:
      return argumentIndex == 0 ? .fileNames : .nothing
    case .commandNames:
      return argumentIndex == 0 ? .words(filter(CommandTable.commands.map(\.name), word)) : .nothing
    case .settings(let access):
      if argumentIndex == 0 {
        // `format` can be read, not set: the list is read in it.
        let fixed = access == .read ? SettingTable.readOnly.map(\.key) : []
        return .words(filter(SettingTable.keys + fixed, word))
      }
      if access == .change, argumentIndex == 1, let own = SettingTable.sessionSetting(words[1]) {
        return .words(filter(own.values, word))
      }
      guard access == .change,
        let setting = SettingTable.settings.first(where: { $0.key == words[1] })
      else {
        return .nothing
      }
      if argumentIndex >= 2 {
        if let equals = word.firstIndex(of: "=") {
          let key = String(word[..<equals])
          let values = setting.parameterValues(key).map { "\(key)=\($0)" }
          return values.isEmpty ? .nothing : .words(filter(values, word))
        }
        return .words(filter(setting.parameterWords(words[2]), word))
      }
      return argumentIndex == 1 ? .words(filter(setting.values, word)) : .nothing
    case .wordLists(let options):
      // Every argument is a name, and after a comma the next one, as for --compare.
      let done = word.lastIndex(of: ",").map { String(word[...$0]) } ?? ""
      return .words(filter(options, String(word.dropFirst(done.count))).map { done + $0 })
    case .words(let options):
      return argumentIndex == 0 ? .words(filter(options, word)) : .nothing
    case .columnTitles:
      return argumentIndex == 0 ? .words(filter(["next", "prev", "$", "/"], word)) : .nothing
    case .rowLabelsThenMarks:
      // The marks of the list's format, after the row (`mark 3 fix` → `fixup`).
      return argumentIndex == 1 ? .words(filter(session?.document.markNames ?? [], word)) : .nothing
    case .rowLabels, .rowLabelsThenHeaders:
      // Row numbers are typed, not completed; label patterns are completed above.
      return .nothing
    case .nothing:
      return .nothing
    }
  }

  private static func filter(_ candidates: [String], _ prefix: String) -> [String] {
    candidates.filter { $0.hasPrefix(prefix) }
  }

  /// The longest run of scalars every one of `texts` begins with.
  private static func commonPrefix(_ texts: [String]) -> String {
    guard var prefix = texts.first.map({ Array($0.unicodeScalars) }) else { return "" }
    for text in texts.dropFirst() {
      let scalars = Array(text.unicodeScalars)
      let same = zip(prefix, scalars).prefix { $0 == $1 }.count
      prefix.removeLast(prefix.count - same)
    }
    return String(String.UnicodeScalarView(prefix))
  }

  /// The scalar offset of the `/` that opens an unterminated pattern, if any.
  private static func openPattern(in text: String) -> Int? {
    var open: Int?
    var escaped = false
    for (i, c) in text.unicodeScalars.enumerated() {
      if escaped {
        escaped = false
      } else if c == "\\" && open != nil {
        escaped = true
      } else if c == "/" {
        open = open == nil ? i : nil
      }
    }
    return open
  }

  /// Distinct titles that start with `typed`, as typed or as their pattern.
  private static func titleCompletions(_ typed: String, session: Session) -> [String] {
    let titles = (0..<session.engine.columnCount).compactMap {
      session.document.title(ofSection: $0)
    }
    return titles.filter { $0.matchesTyped(typed) }
  }

  /// Distinct titles of titled sections that start with `typed`: a section address's
  /// `/REGEX/` (FORMATS.md §5).
  private static func headerCompletions(_ typed: String, session: Session) -> [String] {
    let layout = session.engine.layout
    var seen: Set<String> = []
    return (0..<layout.sectionCount).compactMap { k in
      guard layout.sectionTitled[k], let title = session.document.title(ofSection: k),
        title.matchesTyped(typed), seen.insert(title).inserted
      else { return nil }
      return title
    }
  }

  private static func labelCompletions(_ typed: String, session: Session) -> [String] {
    var seen: Set<String> = []
    var result: [String] = []
    let layout = session.engine.layout
    for position in 0..<Swift.min(layout.rowCount, 100_000) {
      let label = session.label(atPosition: position)
      guard label.matchesTyped(typed), seen.insert(label).inserted else { continue }
      result.append(label)
      if result.count >= 200 { break }
    }
    return result
  }
}

extension String {
  /// This text as a POSIX ERE that finds it (ERE's special characters escaped, `/`
  /// written `\/` for the address's delimiters): what completion inserts, so `[x] water`
  /// or `(live)` match themselves.
  public var escapedPattern: String {
    var out = ""
    for c in unicodeScalars {
      if "\\.[]()*+?{}|^$/".unicodeScalars.contains(c) { out += "\\" }
      out.unicodeScalars.append(c)
    }
    return out
  }

  /// Whether what the user typed after `/` (or `/^`) begins this label: as plain text,
  /// or as the start of its pattern.
  fileprivate func matchesTyped(_ typed: String) -> Bool {
    hasPrefix(typed) || escapedPattern.hasPrefix(typed)
  }
}

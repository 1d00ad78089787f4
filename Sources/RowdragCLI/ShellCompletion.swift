import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

/// What the shells offer for an option's argument when it takes more than a fixed
/// list: `-e`'s script (commands, settings, and with a list file on the line its labels
/// and marks, read in the line's `--format`, `--header`, …), `--format`'s parameters,
/// `--compare`'s `trace:FILE`; and any listed word with its own description. The
/// completion scripts ask `rowdrag --complete` (hidden; see `+Output`), so the shells
/// offer what the REPL offers, from the same code.
enum ShellCompletion {
  /// One candidate: the whole argument as it would read (a blank at its end when the
  /// argument goes on after it, as the REPL appends one), and what a list shows beside
  /// it.
  struct Candidate: Equatable {
    var value: String
    var description = ""
  }

  /// The option whose argument the cursor is in, that argument so far, and what comes
  /// before it in the same shell word (`--format=`, `-e`; empty for a word of its own).
  struct Context {
    var option: OptionSpec
    var value: String
    var prefix: String
  }

  /// The most candidates offered (as `Completion` caps labels).
  static let limit = 200

  /// The context of the last of `words` (the command line up to the cursor, the
  /// program's name first), and the options the words before it give.
  static func context(_ words: [ShellWords.Word]) -> (Context?, Options) {
    var options = Options()
    var files: [String] = []
    var pending: OptionSpec?
    var endOfOptions = false
    func apply(_ spec: OptionSpec, _ value: String?) {
      // A wrong value (a typo in --format) is ignored: completion goes on without it.
      do throws(UsageError) { try spec.apply(&options, value) } catch {}
    }
    for word in words.dropFirst().dropLast() {
      let text = word.text
      if let spec = pending {
        apply(spec, text)
        pending = nil
      } else if endOfOptions || text == "-" || !text.hasPrefix("-") {
        files.append(text)
      } else if text == "--" {
        endOfOptions = true
      } else if text.hasPrefix("--") {
        let body = text.dropFirst(2)
        let attached = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        guard let spec = OptionTable.spec(long: String(body.prefix { $0 != "=" })) else {
          continue
        }
        if spec.argument != nil && !spec.optionalArgument && attached == nil {
          pending = spec
        } else {
          apply(spec, attached)
        }
      } else {
        var letters = Substring(text.dropFirst())
        while let letter = letters.first, let spec = OptionTable.spec(short: letter) {
          letters = letters.dropFirst()
          if spec.argument == nil {
            apply(spec, nil)
          } else if spec.optionalArgument || !letters.isEmpty {
            apply(spec, letters.isEmpty ? nil : String(letters))
            break
          } else {
            pending = spec
            break
          }
        }
      }
    }
    options.file = files.first
    guard let current = words.last?.text, words.count > 1 else { return (nil, options) }
    if let pending { return (Context(option: pending, value: current, prefix: ""), options) }
    guard !endOfOptions, current.hasPrefix("-") else { return (nil, options) }
    if current.hasPrefix("--") {
      let body = current.dropFirst(2)
      guard let equals = body.firstIndex(of: "="),
        let spec = OptionTable.spec(long: String(body[..<equals])), spec.argument != nil
      else { return (nil, options) }
      let value = String(body[body.index(after: equals)...])
      return (Context(option: spec, value: value, prefix: "--\(body[...equals])"), options)
    }
    // `-eCMDS`: the argument attached to the first letter that takes one.
    var letters = Substring(current.dropFirst())
    while let letter = letters.first, let spec = OptionTable.spec(short: letter) {
      letters = letters.dropFirst()
      guard spec.argument != nil else { continue }
      guard !spec.optionalArgument, !letters.isEmpty else { break }
      let prefix = String(current.dropLast(letters.count))
      return (Context(option: spec, value: String(letters), prefix: prefix), options)
    }
    return (nil, options)
  }

  /// The candidates for the argument the cursor is in.
  static func candidates(_ context: Context, options: Options, home: String?) -> [Candidate] {
    let found: [Candidate]
    switch context.option.completes {
    case .commandNames:
      found = script(context.value, session: session(options, home: home))
    case .format: found = format(context.value)
    case .commaList: found = compare(context.value)
    case .trace: found = trace(context.value)
    case .setting(let key): found = setting(key, context.value)
    case .words(let words):
      found = words.filter { $0.hasPrefix(context.value) }.map {
        Candidate(value: $0, description: summary(of: $0, for: context.option.long))
      }
    case .fileNames, .nothing: found = []
    }
    return Array(found.prefix(limit))
  }

  /// The list the line names, read as the program would read it; nil when there is none
  /// to read at once: no file, standard input, a FIFO or a device (completion must not
  /// wait), or one that does not load.
  static func session(_ options: Options, home: String?) -> Session? {
    guard let file = options.file, file != "-" else { return nil }
    let path = ShellWords.expandingTilde(file, home: home)
    guard System.status(ofPath: path)?.kind == .regular,
      let store = try? FileReader.read(path: path),
      let (document, layout) = try? ListLoader.load(store: store, name: path, options: options.load)
    else { return nil }
    return Session(document: document, layout: layout, filePath: path)
  }

  /// `-e`'s script so far: its last command completed as the REPL completes it.
  static func script(_ text: String, session: Session?) -> [Candidate] {
    let lineStart = text.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    let before = String(text[..<lineStart])
    let scalars = Array(text[lineStart...].unicodeScalars)
    let line = String(String.UnicodeScalarView(scalars))
    let wordStart = scalars.lastIndex { $0 == " " || $0 == "\t" || $0 == ";" }.map { $0 + 1 } ?? 0
    let head = before + String(String.UnicodeScalarView(scalars[..<wordStart]))
    let word = String(String.UnicodeScalarView(scalars[wordStart...]))
    // The first word of a command is described by its summary.
    let command = head.split(separator: ";", omittingEmptySubsequences: false).last ?? ""
    let isName = command.allSatisfy { $0 == " " || $0 == "\t" }
    // A word the argument goes on after gets a blank, as the REPL appends one.
    func going(_ text: String, unless suffix: String) -> String {
      text.hasSuffix(suffix) ? text : text + " "
    }
    switch Completion.complete(line: line, wordStart: wordStart, session: session) {
    case .words(let words):
      return words.map {
        Candidate(
          value: head + going($0, unless: "="),
          description: isName ? CommandTable.spec(named: $0)?.summary ?? "" : "")
      }
    case .patterns(let patterns, let labels):
      return zip(patterns, labels).map {
        Candidate(value: head + going($0, unless: ":"), description: $1)
      }
    case .replace(let from, let with):
      return [Candidate(value: before + String(String.UnicodeScalarView(scalars[..<from])) + with)]
    case .fileNames:
      return FileNameCandidates.matching(word, limit: limit).map {
        Candidate(value: head + $0.path + ($0.isFolder ? "/" : " "))
      }
    case .nothing:
      return []
    }
  }

  /// `--format`'s argument so far: a format's name, then its `KEY=` parameters (those
  /// not given yet), then a parameter's values; words are separated by blanks or commas,
  /// as `FormatChoice.parse` reads them.
  static func format(_ text: String) -> [Candidate] {
    let scalars = Array(text.unicodeScalars)
    let start = scalars.lastIndex { $0 == " " || $0 == "," || $0 == "\t" }.map { $0 + 1 } ?? 0
    let head = String(String.UnicodeScalarView(scalars[..<start]))
    let word = String(String.UnicodeScalarView(scalars[start...]))
    let earlier = head.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\t" })
    guard let name = earlier.first else {
      return FormatTable.formats.filter { $0.name.hasPrefix(word) }.map {
        Candidate(value: $0.name + " ", description: $0.summary)
      }
    }
    guard let spec = FormatTable.spec(String(name)) else { return [] }
    if let equals = word.firstIndex(of: "=") {
      let key = String(word[..<equals])
      let words = spec.parameters.first { $0.name == key }?.words ?? []
      return words.map { "\(key)=\($0)" }.filter { $0.hasPrefix(word) }.map {
        Candidate(value: head + $0 + " ")
      }
    }
    let given = Set(earlier.dropFirst().map { String($0.prefix { $0 != "=" }) })
    return spec.parameters.filter { !given.contains($0.name) && $0.name.hasPrefix(word) }.map {
      Candidate(value: head + $0.name + "=", description: "\($0.name)=\($0.synopsis)")
    }
  }

  /// A setting option's value so far (`--autoscroll 'linear z'`): completed as the REPL
  /// completes `set KEY` followed by it, its first word described as the option's listed
  /// words are.
  static func setting(_ key: String, _ value: String) -> [Candidate] {
    // One setting's value: a `;` or a line would start another command.
    guard !value.contains(where: { $0 == ";" || $0 == "\n" }) else { return [] }
    let command = "set \(key) "
    let isName = !value.contains { $0 == " " || $0 == "\t" }
    return script(command + value, session: nil).compactMap { candidate in
      guard candidate.value.hasPrefix(command) else { return nil }
      let text = String(candidate.value.dropFirst(command.count))
      let name = text.hasSuffix(" ") ? String(text.dropLast()) : text
      return Candidate(value: text, description: isName ? summary(of: name, for: key) : "")
    }
  }

  /// The parameters `set KEY VALUE` takes (`zone=`, `max=`, …): what decides whether a
  /// setting option completes past its first word.
  static func parameters(key: String, value: String) -> [Candidate] {
    setting(key, value + " ").filter { $0.value.hasSuffix("=") }
  }

  /// `--compare`'s names so far: after the last comma a name, `trace:`, or after
  /// `trace:` a file.
  static func compare(_ text: String) -> [Candidate] {
    let head = text.lastIndex(of: ",").map { String(text[...$0]) } ?? ""
    let word = String(text.dropFirst(head.count))
    let trace = ComparisonRequest.tracePrefix
    if word.hasPrefix(trace) { return traceFiles(word, after: head) }
    let names =
      [
        (ComparisonRequest.currentName, "the settings the command line gives"),
        ("all", "every preset"), (trace, traceSummary),
      ] + PresetTable.presets.map { ($0.name, $0.source) }
    return names.filter { $0.0.hasPrefix(word) }.map {
      Candidate(value: head + $0.0, description: $0.1)
    }
  }

  /// `--fit`'s argument: `trace:`, then after it a file.
  static func trace(_ text: String) -> [Candidate] {
    let trace = ComparisonRequest.tracePrefix
    guard text.hasPrefix(trace) else {
      return trace.hasPrefix(text) ? [Candidate(value: trace, description: traceSummary)] : []
    }
    return traceFiles(text, after: "")
  }

  /// What `trace:` is, beside it.
  private static let traceSummary = "an app's own per-frame trace, trace:FILE"

  /// The files that complete `word` (`trace:` and a typed path), after `head`.
  private static func traceFiles(_ word: String, after head: String) -> [Candidate] {
    let trace = ComparisonRequest.tracePrefix
    return FileNameCandidates.matching(String(word.dropFirst(trace.count)), limit: limit).map {
      Candidate(value: head + trace + $0.path + ($0.isFolder ? "/" : ""))
    }
  }

  /// A listed word's own description (a preset's source, a profile's or rule's
  /// summary); empty where the tables have none.
  static func summary(of word: String, for option: String) -> String {
    switch option {
    case "preset": PresetTable.presets.first { $0.name == word }?.source ?? ""
    case "autoscroll": AutoScrollRegistry.kind(named: word)?.summary ?? ""
    case "rule": ReorderRuleRegistry.kind(named: word)?.summary ?? ""
    default: ""
    }
  }
}

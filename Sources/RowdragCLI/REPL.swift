@preconcurrency import CReadline
import RowdragCommands
import RowdragFormats

import Glibc  // the locale and free(3) for readline's strings
import RowdragSystem

/// State the C callbacks of readline reach; the REPL runs on one thread.
nonisolated(unsafe) private var activeSession: Session?
nonisolated(unsafe) private var pendingMatches: [String] = []
/// The label each pattern offered stands for, which the list of candidates shows.
nonisolated(unsafe) private var shownLabels: [String: String] = [:]

/// The interactive shell: GNU readline with history, context completion from the
/// command table, a prompt that shows the gesture, and `ed`'s guard on quitting with
/// unsaved changes.
public enum REPL {
  /// Runs the shell over `session`; its commands have `effects` and the shell's own:
  /// Ctrl-C, the live view, and on a terminal a line about what moved or was written.
  public static func start(_ session: Session, _ options: Options, _ effects: Effects)
    -> ExitCode
  {
    // `compare` replays what was done here, in the live view too.
    let runner = LineRunner(session: session, recorder: CommandRecorder(isOn: true))
    let environment = Environment.current()
    let out = OutputSink(fd: 1, name: "<stdout>")
    let err = OutputSink(fd: 2, name: "<stderr>")
    activeSession = session
    configureReadline()
    var effects = effects
    effects.isInterrupted = { Signals.interruptPending }
    // The live view has its own message line: nothing may print over its picture.
    let live = effects
    effects.openLive = { [unowned runner] in try LiveView.openFromShell(runner, effects: live) }
    // Prompts and the banner never go into a pipe: with standard output redirected
    // they go to standard error, and only command output goes to standard output.
    let chatter = environment.stdoutIsTerminal ? out : err
    if !environment.stdoutIsTerminal { rl_outstream = stderr }
    let history = History(variables: environment.variables, err: err)
    // On a terminal a person is told what moved or was written unless they say
    // `set verbose off`; into a pipe only with --verbose or `set verbose on`.
    if environment.stdoutIsTerminal { session.verbose = true }
    effects.notify = { say(out.terminalSafe($0) + "\n", out) }

    let loop = REPLLoop(
      readLine: { prompt in
        guard let raw = readline(prompt) else { return nil }
        defer { free(raw) }
        return Array(UnsafeRawBufferPointer(start: raw, count: strlen(raw)))
      }, out: out, err: err, chatter: chatter,
      columns: { options.width == nil ? Environment.currentColumns() : nil },
      remember: history.add, takeInterrupt: Signals.takeInterrupt)
    let code = loop.run(runner, effects: effects)
    history.finish()
    return code
  }

  private static func say(_ text: String, _ sink: OutputSink) {
    try? sink.write(RawText.bytes(text))
    try? sink.flush()
  }

  /// Hands readline `words` as the matches, with `append` (a blank, or none) after a
  /// single one.
  private static func offer(_ words: [String], append: Int32) -> UnsafeMutablePointer<
    UnsafeMutablePointer<CChar>?
  >? {
    pendingMatches = words
    rl_completion_append_character = append
    return rl_completion_matches("") { _, state in
      if state == 0 { pendingMatches = pendingMatches.reversed() }
      guard let next = pendingMatches.popLast() else { return nil }
      return strdup(next)
    }
  }

  private static func configureReadline() {
    // Readline counts prompt and line widths by the locale's character set; the
    // prompt's arrow is UTF-8, so make sure one is in effect.
    if setlocale(LC_CTYPE, "") == nil
      || !String(cString: nl_langinfo(nl_item(CODESET))).contains("UTF-8")
    {
      _ = setlocale(LC_CTYPE, "C.UTF-8")
    }
    rl_readline_name = UnsafePointer(strdup("rowdrag"))
    rl_completer_word_break_characters = UnsafePointer(strdup(" \t\n;"))
    rl_attempted_completion_function = { _, start, _ in
      rl_attempted_completion_over = 1
      rl_completion_display_matches_hook = nil
      rl_sort_completion_matches = 1
      let line = String(cString: rl_line_buffer)
      let prefix = String(decoding: Array(line.utf8).prefix(Int(rl_point)), as: UTF8.self)
      let wordStart = String(decoding: Array(line.utf8).prefix(Int(start)), as: UTF8.self)
        .unicodeScalars.count
      switch Completion.complete(line: prefix, wordStart: wordStart, session: activeSession) {
      case .fileNames:
        rl_attempted_completion_over = 0
        return nil
      case .nothing:
        return nil
      case .replace(let from, let text):
        // Rewrite the pattern from its slash: readline replaces only the word.
        let bytes = String(String.UnicodeScalarView(prefix.unicodeScalars.prefix(from))).utf8.count
        rl_delete_text(Int32(bytes), rl_point)
        rl_point = Int32(bytes)
        _ = rl_insert_text(text)
        return nil
      case .words(let words):
        // After `key=` and a section's `/REGEX/:` the value follows without a blank.
        return REPL.offer(words, append: words.allSatisfy { $0.hasSuffix("=") } ? 0 : 32)
      case .patterns(let patterns, let labels):
        shownLabels = Dictionary(zip(patterns, labels), uniquingKeysWith: { first, _ in first })
        rl_completion_display_matches_hook = showLabels
        rl_sort_completion_matches = 0  // the rows' order, as `list` shows them
        return REPL.offer(patterns, append: patterns.allSatisfy { $0.hasSuffix(":") } ? 0 : 32)
      }
    }
    // Ctrl-C: the handler only sets a flag; the interrupted read returns to readline,
    // which calls this hook in ordinary context, where it is safe to drop the line being
    // typed and show a fresh prompt. The REPL never exits on Ctrl-C.
    rl_catch_signals = 0
    Signals.catchInterrupts()
    rl_signal_event_hook = {
      guard Signals.takeInterrupt() else { return 0 }
      let newline: StaticString = "\n"
      _ = System.write(1, from: newline.utf8Start, count: 1)
      rl_on_new_line()
      rl_replace_line("", 0)
      rl_redisplay()
      return 0
    }
  }
}

/// The REPL's history file: read at start, appended a line at a time, capped at exit.
/// When it cannot be written, one warning and the session goes on without it.
private final class History {
  private let path: String?
  private var previous: String?

  init(variables: [String: String], err: OutputSink) {
    using_history()
    guard let path = HistoryFile.path(variables) else {
      self.path = nil
      return
    }
    if let problem = HistoryFile.prepare(path) {
      try? err.write("rowdrag: warning: history not saved: \(path): \(problem)\n")
      try? err.flush()
      self.path = nil
      return
    }
    self.path = path
    read_history(path)
    stifle_history(HistoryFile.limit)
    if history_length > 0, let last = history_get(history_base + history_length - 1) {
      previous = String(cString: last.pointee.line)
    }
  }

  func add(_ line: String) {
    guard !line.allSatisfy({ $0 == " " || $0 == "\t" }), line != previous else { return }
    previous = line
    add_history(line)
    if let path { append_history(1, path) }
  }

  func finish() {
    if let path { history_truncate_file(path, HistoryFile.limit) }
  }
}

/// Lists patterns by the labels they find, which is what a person looks for; readline
/// calls it with its matches (the first is what replaces the word), their number and
/// the longest's length.
private func showLabels(
  _ matches: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, _ count: Int32, _: Int32
) {
  guard let matches else { return }
  var shown = (0...Int(count)).map { i -> UnsafeMutablePointer<CChar>? in
    let match = matches[i].map { String(cString: $0) } ?? ""
    return strdup(i == 0 ? match : shownLabels[match] ?? match)
  }
  defer { shown.forEach { free($0) } }
  let longest = shown.dropFirst().map { $0.map { strlen($0) } ?? 0 }.max() ?? 0
  shown.withUnsafeMutableBufferPointer {
    rl_display_match_list($0.baseAddress, count, Int32(longest))
  }
  rl_forced_update_display()
}

import RowdragCommands
import RowdragEngine
import RowdragFormats
import RowdragSystem

import Glibc  // errno

/// `--record FILE`: the live session as a plain rowdrag script, appended to `FILE`
/// line by line as it happens, so that `rowdrag -f FILE LIST` replays it to the same
/// bytes. Consecutive ticks are written as one `tick N` (N frames are N frames).
///
/// The first failed write (a full disk, `/dev/full`) stops the recording: the session
/// goes on unharmed, the view says so once, and rowdrag reports it when it leaves.
final class LiveRecorder {
  private let sink: OutputSink
  private var pendingTicks = 0
  /// Why the recording stopped, if it did.
  private(set) var failure: IOFailure?
  /// The list file, for the comment a write leaves.
  private var listPath = "<stdin>"

  /// Opens `path` for appending; nil, with the reason, when it cannot be.
  static func open(_ path: String) -> Result<LiveRecorder, CommandError> {
    let fd = System.open(path, [.writeOnly, .create, .append], mode: 0o666)
    guard fd >= 0 else {
      return .failure(
        CommandError(
          command: "--record", message: "cannot open \(path): \(System.errorText(errno))"))
    }
    return .success(LiveRecorder(sink: OutputSink(fd: fd, name: path)))
  }

  private init(sink: OutputSink) { self.sink = sink }

  /// The header of a session: where and at what size it ran, the options the list was
  /// read with (a `require` the replay checks: a pin or a format changes what the same
  /// gestures do), then every setting and the offset, so the script does not depend on
  /// the other options it was recorded with.
  func begin(_ session: Session, rows: Int, columns: Int) {
    listPath = session.filePath ?? "<stdin>"
    let options = session.loadOptions.words(format: session.format)
    let shell = options.map(\.shellText).joined(separator: " ")
    var text =
      "# rowdrag live session on \(session.filePath ?? "<stdin>"), terminal \(columns)x\(rows)\n"
      + "# replay: 'rowdrag \(shell) -f THIS LIST' prints the result, "
      + "'rowdrag -i \(shell) -f THIS LIST' writes it\n"
      + "require \(options.map(\.commandText).joined(separator: " "))\n"
    // Every setting but the preset's name, which the others spell out in full.
    for setting in SettingTable.settings where setting.key != "preset" {
      if let value = try? SettingTable.value(of: setting.key, in: session.engine) {
        text += "set \(setting.key) \(value)\n"
      }
    }
    let engine = session.engine
    switch engine.surface {
    case .table:
      text += "scroll y=\(NumberText.short(engine.offset))\n"
    case .board:
      // `set board on` put every column at its top and the board on its first page;
      // the page column and its offset are what may differ (the shell's `live`).
      if engine.pageColumn > 0 { text += "page \(engine.pageColumn + 1)\n" }
      text += "scroll y=\(NumberText.short(engine.columnOffsets[engine.pageColumn]))\n"
    }
    write(text)
  }

  /// Records a command that ran. A write is recorded as a comment: a replay changes
  /// a file only when asked to (`rowdrag -i -f RECORDING FILE` writes the final list).
  func record(_ command: String) {
    if command.hasPrefix("tick "), let n = Int(command.dropFirst(5)) {
      pendingTicks += n
      return
    }
    flushTicks()
    if let path = Self.writtenPath(command) {
      write("# wrote \(path ?? listPath)\n")
      return
    }
    write(command + "\n")
  }

  /// A comment line (what happened that is no command); line breaks become spaces.
  func note(_ text: String) {
    flushTicks()
    write("# " + text.split(whereSeparator: \.isNewline).joined(separator: " ") + "\n")
  }

  /// For a `write` or `write!` command, the file it names (nil: the list file).
  private static func writtenPath(_ command: String) -> String?? {
    var lexer = CommandLexer(line: command)
    guard case .success(let raw)? = lexer.next(),
      case .file(.write(let path, _))? = try? CommandParser.parse(raw)
    else { return nil }
    return .some(path)
  }

  /// Writes out ticks still held back; the end of a session. `discarded`: it ended
  /// with changes it did not write, which a replay would still make.
  func finish(discarded: Bool) {
    flushTicks()
    if discarded {
      write("# the session ended here without writing the changes since its last write\n")
    }
  }

  private func flushTicks() {
    guard pendingTicks > 0 else { return }
    write("tick \(pendingTicks)\n")
    pendingTicks = 0
  }

  private func write(_ text: String) {
    guard failure == nil else { return }
    do {
      try sink.write(text)
      try sink.flush()
    } catch let error as IOFailure {
      failure = error
    } catch {
      failure = IOFailure(path: sink.name, message: "cannot write: \(error)")
    }
  }

  /// The line rowdrag reports when the recording stopped.
  var failureMessage: String? {
    failure.map { "--record: \($0.description); recording stopped" }
  }
}

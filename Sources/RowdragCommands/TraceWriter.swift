import RowdragEngine
import RowdragFormats
import RowdragSystem

import Glibc  // errno

/// The per-frame trace (the behaviour catalogue §5.1): one compact JSON line per frame,
/// written as the frame ends, so `tick 10000000` streams in constant memory.
final class TraceWriter {
  /// Where the lines go.
  enum Target {
    /// Standard output, interleaved with the commands' own output.
    case standardOutput
    /// A file this writer opened and closes.
    case file(OutputSink, fd: Int32)
  }

  let target: Target

  private init(target: Target) { self.target = target }

  /// Opens `path` for the trace (`-`: standard output), truncating it — unless it is
  /// the list file `listPath` itself, which the trace would destroy.
  static func open(_ path: String, listPath: String?) throws -> TraceWriter {
    if path == "-" { return TraceWriter(target: .standardOutput) }
    try OutputPath.refuseList(path, listPath: listPath)
    let fd = System.open(path, [.writeOnly, .create, .truncate], mode: 0o666)
    guard fd >= 0 else {
      throw CommandError(
        command: "", message: "cannot open \(path): \(System.errorText(errno))", isIOFailure: true)
    }
    return TraceWriter(target: .file(OutputSink(fd: fd, name: path), fd: fd))
  }

  /// Writes one frame's line to the file, or to `out` for standard output.
  func write(_ report: FrameReport, out: OutputSink) throws {
    let sink: OutputSink
    switch target {
    case .standardOutput: sink = out
    case .file(let file, _): sink = file
    }
    try sink.write(Self.line(report))
  }

  /// Flushes and closes a file.
  func close() throws {
    guard case .file(let sink, let fd) = target else { return }
    defer { _ = System.close(fd) }
    try sink.flush()
  }

  /// `{"t":…,"phase":"…","offset":…,"delta":…,"amount":…,"fired":N,"finger":Y|null,
  /// "center":c|null,"row":i|null}` (with `"count":n` after `row` while a range of
  /// n > 1 rows is lifted) and a newline; numbers as SPEC §5.3.
  static func line(_ r: FrameReport) -> String {
    let n = NumberText.fixed3
    var line = "{\"t\":\(n(r.time)),\"phase\":\"\(r.phase.name)\",\"offset\":\(n(r.offset))"
    line += ",\"delta\":\(n(r.delta)),\"amount\":\(n(r.amount)),\"fired\":\(r.fired)"
    let finger: Double? =
      switch r.phase {
      case .idle: nil
      case .holding(let touch): touch.finger
      case .lifted(let lift): lift.finger
      case .panning(let y): y
      }
    line += ",\"finger\":" + (finger.map(n) ?? "null")
    if case .lifted(let lift) = r.phase {
      line += ",\"center\":\(n(lift.center)),\"row\":\(lift.position + 1)"
      // A range (SPEC §10): its row count, only while more than one row is lifted.
      line += lift.count > 1 ? ",\"count\":\(lift.count)}\n" : "}\n"
    } else {
      line += ",\"center\":null,\"row\":null}\n"
    }
    return line
  }
}

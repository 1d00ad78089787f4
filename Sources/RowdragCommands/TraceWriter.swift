import RowdragEngine
import RowdragFormats
import RowdragSystem

import Glibc  // errno

/// Where a front's trace goes: `trace -|FILE` opens a writer here, `trace off` closes
/// it, and the front closes it at the end. A reference in the front's `Effects`, so the
/// shell's live view traces as the shell does; a simulation has none.
public final class TraceSink {
  /// The open trace, if one is.
  private(set) var writer: TraceWriter?

  public init() {}

  /// `trace -|FILE|off`: the new trace is opened before the old one is closed, so a
  /// file that cannot be opened leaves the trace as it was.
  func set(_ path: String, listPath: String?) throws {
    let next = path == "off" ? nil : try TraceWriter.open(path, listPath: listPath)
    try close()
    writer = next
  }

  /// Flushes and closes the trace file, if one is open.
  public func close() throws {
    let current = writer
    writer = nil
    try current?.close()
  }
}

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

import Foundation
import RowdragBase
import RowdragSystem
import RowdragTestSupport
import Testing

@testable import RowdragFormats

/// Writing a mapped list into a regular file copies its long stretches file to file
/// (`copy_file_range`); into a pipe, or where the copy fails, it writes them from
/// memory. Every way must give the bytes an in-memory sink captures: every format,
/// orders that leave long stretches and short ones, files with and without a final
/// newline, an empty file, and stretches on either side of the copy threshold.
@Suite("copying stretches file to file")
struct FileCopyTests {
  /// Where the written bytes went, read back.
  enum Destination: CaseIterable {
    /// A new regular file: long stretches are copied.
    case file
    /// A regular file opened to append, where `copy_file_range` fails (`EBADF`): the
    /// sink writes from memory from the first failure on.
    case appending
    /// A pipe, read by another thread: never copied.
    case pipe
  }

  /// A scratch directory, removed by `body`'s end.
  static func inDirectory<R>(_ body: (URL) throws -> R) throws -> R {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-copy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    return try body(directory)
  }

  /// The bytes `write` sends to `destination`, and the sink it used.
  static func written(
    to destination: Destination, in directory: URL, _ write: (OutputSink) throws -> Void
  ) throws -> (bytes: [UInt8], sink: OutputSink) {
    switch destination {
    case .file, .appending:
      let target = directory.appendingPathComponent("out-\(UUID().uuidString)")
      let flags = O_WRONLY | O_CREAT | O_TRUNC | (destination == .appending ? O_APPEND : 0)
      let fd = open(target.path, flags, 0o644)
      #expect(fd >= 0)
      let sink = OutputSink(fd: fd, name: target.path)
      try write(sink)
      try sink.flush()
      close(fd)
      return (Array(try Data(contentsOf: target)), sink)
    case .pipe:
      let pipe = Pipe()
      let reader = PipeReader(pipe.fileHandleForReading)
      let done = DispatchSemaphore(value: 0)
      Thread.detachNewThread {
        reader.readAll()
        done.signal()
      }
      let sink = OutputSink(fd: pipe.fileHandleForWriting.fileDescriptor, name: "pipe")
      try write(sink)
      try sink.flush()
      try pipe.fileHandleForWriting.close()
      done.wait()
      return (reader.bytes, sink)
    }
  }

  /// Reads a pipe to its end on another thread; `bytes` is read after it is done.
  final class PipeReader: @unchecked Sendable {
    let handle: FileHandle
    var bytes: [UInt8] = []
    init(_ handle: FileHandle) { self.handle = handle }
    func readAll() { bytes = Array(handle.readDataToEndOfFile()) }
  }

  /// Each format's reader of a mapped store.
  static var readers: [(name: String, read: (ByteStore) throws -> any ListDocument)] {
    [
      ("text", { TextList(store: $0) }),
      ("todo", { TodoFormat.read($0) }),
      ("markdown", { MarkdownFormat.read($0, isHeader: nil) }),
      ("csv", { try DelimitedFormat.read($0, .init(name: "csv", delimiter: 44)) }),
      ("tsv", { try DelimitedFormat.read($0, .init(name: "tsv", delimiter: 9)) }),
      ("m3u", { M3UFormat.read($0) }),
      (
        "jsonl",
        { try JSONLinesFormat.read($0, labelKeys: ["title"], attributeKeys: AttributeKeys()) }
      ),
      ("json", { try JSONList(store: $0) }),
    ]
  }

  /// A file of `items` items of the format, varied by `rng`.
  static func file(_ format: String, items: Int, _ rng: inout SplitMix64) -> String {
    var text = ""
    switch format {
    case "csv": text = "name,qty,note\n"
    case "tsv": text = "name\tqty\tnote\n"
    case "m3u": text = "#EXTM3U\n"
    case "json": text = "[\n"
    default: break
    }
    for i in 0..<items {
      let pad = String(repeating: "w", count: rng.next(40))
      switch format {
      case "text": text += "line \(i) \(pad)\n"
      case "todo": text += rng.next(50) == 0 ? "# note \(i)\n" : "pick \(i) message \(pad)\n"
      case "markdown":
        text += "- item \(i) \(pad)\n" + (rng.next(8) == 0 ? "  more \(i)\n" : "")
      case "csv": text += rng.next(9) == 0 ? "\"a\nb \(i)\",\(i),\(pad)\n" : "i\(i),\(i),\(pad)\n"
      case "tsv": text += "i\(i)\t\(i)\t\(pad)\n"
      case "m3u": text += "#EXTINF:\(i),Song \(i)\nmusic/\(i)\(pad).mp3\n"
      case "jsonl": text += "{\"title\":\"item \(i)\",\"pad\":\"\(pad)\"}\n"
      default:
        text += "  {\"title\": \"item \(i)\", \"pad\": \"\(pad)\"}\(i + 1 < items ? "," : "")\n"
      }
    }
    if format == "json" { text += "]\n" }
    return text
  }

  /// Orders of `count` rows: as loaded, the 3rd moved to the end, the first moved to
  /// the middle, rotated by a random amount, and every row on its own (reversed).
  static func orders(_ count: Int, _ rng: inout SplitMix64) -> [[Int]] {
    guard count > 3 else { return [Array(0..<count), Array((0..<count).reversed())] }
    var third = Array(0..<count)
    third.append(third.remove(at: 2))
    var first = Array(1..<count)
    first.insert(0, at: count / 2)
    let k = 1 + rng.next(count - 1)
    return [
      Array(0..<count), third, first, Array(k..<count) + Array(0..<k),
      Array((0..<count).reversed()),
    ]
  }

  /// Writes `list` in `order` to every destination and to memory: all the same bytes.
  /// Returns what the regular file's sink copied.
  @discardableResult
  static func check(
    _ list: any ListDocument, order: [Int], in directory: URL, _ what: String
  ) throws -> Int {
    let rowOrder = RowOrder(order.map { Int32($0) })
    let memory = OutputSink(memoryNamed: "memory")
    try list.write(order: rowOrder, sectionStarts: [0], to: memory)
    try memory.flush()
    var copied = 0
    for destination in Destination.allCases {
      let (bytes, sink) = try written(to: destination, in: directory) {
        try list.write(order: rowOrder, sectionStarts: [0], to: $0)
      }
      // A Bool, so that a failure names the case rather than printing every byte.
      let same = bytes == memory.captured
      #expect(
        same, "\(what) to \(destination): \(bytes.count) bytes, \(memory.captured.count) expected")
      switch destination {
      case .file:
        copied = sink.copiedBytes
        #expect(sink.copiesFiles, "\(what)")
      case .appending:
        #expect(sink.copiedBytes == 0, "\(what)")
      case .pipe:
        #expect(sink.copiedBytes == 0 && !sink.copiesFiles, "\(what)")
      }
    }
    return copied
  }

  @Test("every format writes the same bytes to a file, an appended file, a pipe and memory")
  func everyFormat() throws {
    try Self.inDirectory { directory in
      var rng = SplitMix64(seed: 21)
      for (name, read) in Self.readers {
        for items in [0, 1, 5, 3000, 9000] {
          for final in [true, false] {
            var text = Self.file(name, items: items, &rng)
            if !final && text.hasSuffix("\n") { text.removeLast() }
            let path = directory.appendingPathComponent("\(name)-\(items)-\(final)")
            try Data(text.utf8).write(to: path)
            let store = try FileReader.read(path: path.path)
            #expect((store.file != nil) == !text.isEmpty, "\(name): mapped with its file")
            let list = try read(store)
            let rows = list.sectionRowCounts.reduce(0, +)
            var copiedAny = false
            for order in Self.orders(rows, &rng) {
              let copied = try Self.check(
                list, order: order, in: directory, "\(name), \(items) items, final \(final)")
              copiedAny = copiedAny || copied > 0
            }
            // 9,000 items are over 64 KiB in every format: as loaded, one stretch.
            if items == 9000 { #expect(copiedAny, "\(name): a long stretch was copied") }
          }
        }
      }
    }
  }

  @Test("a stretch is copied from 64 KiB on, written from memory below")
  func threshold() throws {
    try Self.inDirectory { directory in
      for size in [OutputSink.chunk - 1, OutputSink.chunk, OutputSink.chunk + 1] {
        for final in [true, false] {
          // A first line of one page, then lines of exactly `size` bytes in all; moving
          // the first line to the end leaves them one stretch, shifted by whole pages.
          let first = String(repeating: "f", count: System.pageSize - 1) + "\n"
          let text = Self.stretchFile(first: first, size: size, final: final)
          let path = directory.appendingPathComponent("t-\(size)-\(final)")
          try Data(text.utf8).write(to: path)
          let list = TextList(store: try FileReader.read(path: path.path))
          let rows = list.sectionRowCounts[0]
          let stretch = final ? size : size - 1
          let copied = try Self.check(
            list, order: Array(1..<rows) + [0], in: directory, "size \(size), final \(final)")
          #expect(copied == (stretch >= OutputSink.chunk ? stretch : 0), "size \(size)")
        }
      }
    }
  }

  @Test("a stretch shifted by other than whole pages is written, not copied, at any length")
  func shiftedWithinPages() throws {
    try Self.inDirectory { directory in
      for size in [4 * OutputSink.chunk, PageRelease.threshold + 3 * PageRelease.piece + 12_345] {
        // Shifted by 6 bytes, by a page less one, by two pages: only the last is copied.
        for (firstLength, copies) in [
          (6, false), (System.pageSize - 1, false), (2 * System.pageSize, true),
        ] {
          let first = String(repeating: "f", count: firstLength - 1) + "\n"
          let text = Self.stretchFile(first: first, size: size, final: true)
          let path = directory.appendingPathComponent("s-\(size)-\(firstLength)")
          try Data(text.utf8).write(to: path)
          let list = TextList(store: try FileReader.read(path: path.path))
          let rows = list.sectionRowCounts[0]
          let what = "\(size) bytes after a first line of \(firstLength)"
          let copied = try Self.check(list, order: Array(1..<rows) + [0], in: directory, what)
          #expect(copied == (copies ? size : 0), "\(what)")
        }
      }
    }
  }

  /// `first`, then lines that are exactly `size` bytes together (without the last
  /// newline unless `final`).
  static func stretchFile(first: String, size: Int, final: Bool) -> String {
    var body = ""
    while body.utf8.count + 64 < size { body += String(repeating: "x", count: 63) + "\n" }
    body += String(repeating: "y", count: size - body.utf8.count - 1) + "\n"
    precondition(body.utf8.count == size)
    var text = first + body
    if !final { text.removeLast() }
    return text
  }

  /// The resident size, in kB, of the mapping that starts at `address`.
  static func residentKB(ofMappingAt address: UnsafeRawPointer) throws -> Int? {
    let start = String(UInt(bitPattern: address), radix: 16)
    // Read, not mapped: the kernel writes the file as it is read.
    let smaps = try FileReader.read(path: "/proc/self/smaps", mapping: false)
    let lines = String(decoding: smaps.buffer, as: UTF8.self).split(separator: "\n")
    guard let at = lines.firstIndex(where: { $0.hasPrefix(start + "-") }) else { return nil }
    let rss = lines[(at + 1)...].first { $0.hasPrefix("Rss:") }
    return rss.flatMap { Int($0.split(separator: " ", omittingEmptySubsequences: true)[1]) }
  }

  @Test("a written stretch's pages are no longer mapped, and read back the same")
  func pagesDropped() throws {
    try Self.inDirectory { directory in
      let size = PageRelease.threshold + 2 * PageRelease.piece
      let text = Self.stretchFile(first: "", size: size, final: true)
      let path = directory.appendingPathComponent("d")
      try Data(text.utf8).write(to: path)
      let store = try FileReader.read(path: path.path)
      let bytes = UnsafeRawBufferPointer(store.buffer)
      guard let base = bytes.baseAddress else { return }
      var sum = 0
      for k in stride(from: 0, to: size, by: System.pageSize) { sum &+= Int(bytes[k]) }
      let before = try Self.residentKB(ofMappingAt: base)
      // A write in steps of 1 MiB, each reported.
      try PageRelease.during(bytes) { progress in
        for done in stride(from: 1 << 20, through: size, by: 1 << 20) { progress(done) }
        progress(size)
      }
      let after = try Self.residentKB(ofMappingAt: base)
      #expect((before ?? 0) >= size / 1024 - 8, "resident before: \(String(describing: before))")
      #expect((after ?? .max) <= 8, "resident after: \(String(describing: after)) kB")
      var again = 0
      for k in stride(from: 0, to: size, by: System.pageSize) { again &+= Int(bytes[k]) }
      #expect(again == sum)
    }
  }

  @Test("a list read from memory is written, never copied")
  func memoryStore() throws {
    try Self.inDirectory { directory in
      let text = (0..<9000).map { "row \($0)\n" }.joined()
      let list = TextList(bytes: Array(text.utf8))
      #expect(list.store.file == nil)
      let copied = try Self.check(
        list, order: Array(1..<9000) + [0], in: directory, "memory store")
      #expect(copied == 0)
    }
  }

  @Test("a JSON Lines line read as a document of its own copies from its offset")
  func viewOffset() throws {
    try Self.inDirectory { directory in
      let path = directory.appendingPathComponent("v")
      try Data("0123456789".utf8).write(to: path)
      let store = try FileReader.read(path: path.path)
      let view = ByteStore(viewing: store, Span(start: 3, end: 8))
      #expect(view.file?.offset == 3)
      #expect(view.file?.fd == store.file?.fd)
      let inner = ByteStore(viewing: view, Span(start: 2, end: 4))
      #expect(inner.file?.offset == 5)
    }
  }
}

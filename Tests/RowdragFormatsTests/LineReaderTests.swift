import Testing

@testable import RowdragFormats

/// A script's comment lines are read past without being kept (issue 45, item 6).
@Suite("line reader: comments dropped as they arrive")
struct LineReaderTests {
  /// A stream that hands out `bytes` at most `piece` bytes a read, as a pipe does.
  static func stream(_ bytes: [UInt8], piece: Int = 4096) -> LineReader {
    var offset = 0
    return LineReader(name: "test") { buffer in
      let n = Swift.min(piece, buffer.count, bytes.count - offset)
      buffer.copyBytes(from: bytes[offset..<offset + n])
      offset += n
      return n
    }
  }

  @Test("an 8 MB comment line leaves the buffer at 64 KiB; lines around it are whole")
  func longComment() throws {
    let text =
      Array("first\n  # ".utf8) + [UInt8](repeating: 120, count: 8 << 20)
      + Array("\n\t#x\nlast".utf8)
    let reader = Self.stream(text)
    var lines: [String] = []
    while let line = try reader.nextDroppingComments() {
      lines.append(String(decoding: line, as: UTF8.self))
    }
    #expect(lines == ["first", "", "", "last"])
    #expect(reader.capacity == 1 << 16)
  }

  @Test("a line of blanks, a blank-led command and a comment with no newline at the end")
  func blanksAndEnds() throws {
    for piece in [1, 2, 3, 7, 4096] {
      let reader = Self.stream(Array("   \n  move 1 2\n#a\n   #b".utf8), piece: piece)
      var lines: [String] = []
      while let line = try reader.nextDroppingComments() {
        lines.append(String(decoding: line, as: UTF8.self))
      }
      #expect(lines == ["   ", "  move 1 2", "", ""], "pieces of \(piece)")
    }
    let memory = LineReader(name: "m", bytes: Array("#c\nlist\n # d".utf8))
    #expect(try memory.nextDroppingComments() == [])
    #expect(try memory.nextDroppingComments() == Array("list".utf8))
    #expect(try memory.nextDroppingComments() == [])
    #expect(try memory.nextDroppingComments() == nil)
  }
}

/// Why a JSON document was refused, and where (1-based line and column, the column
/// counted in characters).
public struct JSONSyntaxError: Error, Sendable, Equatable {
  public var line: Int
  public var column: Int
  public var message: String

  /// Locates byte `offset` of `bytes` as line and column.
  init(_ message: String, at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
    var line = 1
    var lineStart = 0
    var i = 0
    let end = Swift.min(offset, bytes.count)
    while i < end {
      if bytes[i] == 10 {
        line += 1
        lineStart = i + 1
      }
      i += 1
    }
    var column = 1
    i = lineStart
    while i < end {
      if bytes[i] & 0xC0 != 0x80 { column += 1 }
      i += 1
    }
    self.line = line
    self.column = column
    self.message = message
  }

  public init(line: Int, column: Int, message: String) {
    self.line = line
    self.column = column
    self.message = message
  }
}

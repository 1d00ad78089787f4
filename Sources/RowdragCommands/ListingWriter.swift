import RowdragFormats

/// Formats `list` lines (`%6d<TAB>flag<TAB>label`, and a section's `%5d:<TAB>#<TAB>label`)
/// straight into one large buffer and hands it to the sink a megabyte at a time: no
/// allocation and no sink call per row, so ten million rows list at about the pace of
/// `cat -n`.
final class ListingWriter {
  private let out: OutputSink
  private let base: UnsafeMutablePointer<UInt8>
  private var used = 0
  private static let capacity = 1 << 20
  /// Room a row needs besides its label: a number of up to 19 digits, two tabs, a
  /// mark and a newline.
  private static let frame = 64

  init(out: OutputSink) {
    self.out = out
    base = .allocate(capacity: Self.capacity)
  }

  deinit { base.deallocate() }

  /// Appends the line of the row numbered `number` (from 1). With `unlessLineBreak`, a
  /// label that holds a CR or LF is not written and the answer is false, so the caller
  /// writes it escaped (`list` into a pipe, FORMATS.md §5); the test rides on the copy.
  @discardableResult
  func row(
    _ number: Int, address: (Int, Int)? = nil, mark: UInt8, label: UnsafeBufferPointer<UInt8>,
    unlessLineBreak: Bool = false
  ) throws -> Bool {
    let huge = Self.frame + label.count > Self.capacity
    if unlessLineBreak && huge && TerminalText.hasLineBreak(label) { return false }
    if used + Self.frame + label.count > Self.capacity { try flush() }
    var width = 1
    var power = 10
    while width < 19 && number >= power {
      width += 1
      power &*= 10
    }
    var p = base + used
    for _ in 0..<Swift.max(0, 6 - width) {
      p.pointee = 32
      p += 1
    }
    // Two digits a division, from the right: half the dependent divisions.
    var rest = number
    var k = width
    while rest >= 10 {
      let two = rest % 100
      rest /= 100
      k -= 2
      let tens = two / 10
      p[k] = UInt8(truncatingIfNeeded: 48 &+ tens)
      p[k + 1] = UInt8(truncatingIfNeeded: 48 &+ two &- 10 &* tens)
    }
    if k > 0 { p[0] = UInt8(truncatingIfNeeded: 48 &+ rest) }
    p += width
    if let (column, row) = address {
      p.pointee = 9
      p += 1
      for byte in "\(column):\(row)".utf8 {
        p.pointee = byte
        p += 1
      }
    }
    p[0] = 9
    p[1] = mark
    p[2] = 9
    p += 3
    if huge {
      // A label larger than the buffer goes out on its own.
      used = p - base
      try flush()
      try out.write(UnsafeRawBufferPointer(label))
      p = base
    } else if unlessLineBreak {
      guard Self.copy(label, to: p) else { return false }
      p += label.count
    } else if let source = label.baseAddress {
      p.update(from: source, count: label.count)
      p += label.count
    }
    p.pointee = 10
    used = p + 1 - base
    return true
  }

  /// Copies `label` to `p` eight bytes at a time (the last word overlapping the one
  /// before); false when it holds a CR or LF. What `list` into a pipe costs over a
  /// plain copy is an OR and three operations a word.
  @inline(__always)
  private static func copy(_ label: UnsafeBufferPointer<UInt8>, to p: UnsafeMutablePointer<UInt8>)
    -> Bool
  {
    guard let source = label.baseAddress else { return true }
    let count = label.count
    guard count >= 8 else {
      p.update(from: source, count: count)
      return !TerminalText.hasLineBreak(label)
    }
    let from = UnsafeRawPointer(source)
    let to = UnsafeMutableRawPointer(p)
    var low: UInt64 = 0
    var i = 0
    while i + 8 < count {
      let word = from.loadUnaligned(fromByteOffset: i, as: UInt64.self)
      to.storeBytes(of: word, toByteOffset: i, as: UInt64.self)
      low |= TerminalText.controlBytes(word)
      i += 8
    }
    let word = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    to.storeBytes(of: word, toByteOffset: count - 8, as: UInt64.self)
    low |= TerminalText.controlBytes(word)
    // Bytes below 14 are rare in labels, and tabs far more common there than breaks.
    return low == 0 || !TerminalText.hasLineBreak(label)
  }

  /// Appends the line of section `number` (from 1), before its rows (FORMATS.md §5):
  /// `%5d:`, a tab, `#`, a tab and the header's label. Rare beside rows, so plainly.
  func section(_ number: Int, label: UnsafeBufferPointer<UInt8>) throws {
    let digits = String(number)
    let frame = Array(
      (String(repeating: " ", count: Swift.max(0, 5 - digits.count)) + digits + ":\t#\t").utf8)
    if used + frame.count + label.count + 1 > Self.capacity { try flush() }
    guard frame.count + label.count + 1 <= Self.capacity else {
      // A label larger than the buffer goes out on its own.
      try out.write(frame)
      try out.write(UnsafeRawBufferPointer(label))
      try out.write([10])
      return
    }
    var p = base + used
    p.update(from: frame, count: frame.count)
    p += frame.count
    if let source = label.baseAddress {
      p.update(from: source, count: label.count)
      p += label.count
    }
    p.pointee = 10
    used = p + 1 - base
  }

  /// Hands what is buffered to the sink.
  func flush() throws {
    guard used > 0 else { return }
    try out.write(UnsafeRawBufferPointer(start: base, count: used))
    used = 0
  }
}

/// A half-open byte range `[start, end)` in a loaded file.
public struct Span: Sendable, Equatable {
  public var start: Int
  public var end: Int

  public init(start: Int, end: Int) {
    self.start = start
    self.end = end
  }

  public var count: Int { end - start }
}

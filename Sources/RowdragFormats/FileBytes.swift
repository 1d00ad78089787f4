/// Where bytes in memory also are in an open file: a descriptor and an offset. With
/// it, a writer can have the kernel copy a long stretch file to file instead of
/// writing it from memory (`OutputSink.write(_:from:)`).
public struct FileBytes: Sendable, Equatable {
  public var fd: Int32
  public var offset: Int

  public init(fd: Int32, offset: Int) {
    self.fd = fd
    self.offset = offset
  }
}

import Foundation
import Testing

@testable import RowdragFormats

/// Another program shrinking a mapped list file: when the kernel, not rowdrag, is the
/// first to read the lost pages, `write` fails with `EFAULT` instead of raising SIGBUS.
/// Both must say the same thing, with exit status 4.
@Suite("shrunk mapped list files")
struct ShrunkMappingTests {
  @Test("writing bytes of a truncated mapping reports the shrunk list file")
  func writeFromTruncatedMapping() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-shrink-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = directory.appendingPathComponent("list")
    try Data(repeating: 0x61, count: 1 << 20).write(to: list)
    let store = try FileReader.read(path: list.path, mapping: true)
    // Nothing has read the pages yet; cut the file to one page.
    let handle = try FileHandle(forWritingTo: list)
    try handle.truncate(atOffset: 4096)
    try handle.close()

    let target = directory.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: target.path, contents: nil)
    let out = try FileHandle(forWritingTo: target)
    defer { try? out.close() }
    let sink = OutputSink(fd: out.fileDescriptor, name: target.path)
    #expect(throws: IOFailure.listFileShrank) { try sink.write(store.raw) }
    #expect(IOFailure.listFileShrank.description == "the list file shrank while it was being read")
  }

  @Test("copying bytes of a truncated file to a file reports the shrunk list file")
  func copyFromTruncatedFile() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-shrink-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let list = directory.appendingPathComponent("list")
    try Data(repeating: 0x61, count: 1 << 20).write(to: list)
    let store = try FileReader.read(path: list.path, mapping: true)
    let handle = try FileHandle(forWritingTo: list)
    try handle.truncate(atOffset: 4096)
    try handle.close()

    let target = directory.appendingPathComponent("out")
    _ = FileManager.default.createFile(atPath: target.path, contents: nil)
    let out = try FileHandle(forWritingTo: target)
    defer { try? out.close() }
    let sink = OutputSink(fd: out.fileDescriptor, name: target.path)
    // The kernel copies what is left of the file, then the write of the rest from
    // the mapping fails as above.
    #expect(throws: IOFailure.listFileShrank) { try sink.write(store.raw, from: store.file) }
    #expect(sink.copiedBytes == 4096)
  }
}

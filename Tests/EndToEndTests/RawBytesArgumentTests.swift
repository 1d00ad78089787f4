import Foundation
import Testing

/// Issue 22, item 16: file names and patterns are bytes, as for cat, sed and grep. bash
/// puts bytes that are not UTF-8 into the arguments and the scripts.
@Suite("bytes that are not UTF-8 in arguments and scripts")
struct RawBytesArgumentTests {
  private func run(_ dir: TemporaryDirectory, _ script: String) throws -> Binary.Result {
    try Binary.shell("cd '\(dir.url.path)' && \(script)")
  }

  private func names(_ dir: TemporaryDirectory) throws -> Set<[UInt8]> {
    let listing = try run(dir, "printf '%s\\0' *")
    return Set(listing.stdout.split(separator: 0).map { [UInt8]($0) })
  }

  private func contents(_ dir: TemporaryDirectory, _ name: [UInt8]) throws -> [UInt8] {
    let bash = name.map { String(format: "\\x%02x", $0) }.joined()
    return [UInt8](try run(dir, "cat $'\(bash)'").stdout)
  }

  @Test("a list named with a byte that is not UTF-8 is read, edited in place and named in errors")
  func listFileName() throws {
    let dir = try TemporaryDirectory()
    _ = try run(dir, "printf 'a\\nb\\n' > $'\\xff.txt'")
    let moved = try run(dir, "\"$ROWDRAG\" -i -e 'move 1 2' $'\\xff.txt'")
    #expect(moved.status == 0, "\(moved.stderr)")
    #expect(try contents(dir, [0xFF, 0x2E, 0x74, 0x78, 0x74]) == Array("b\na\n".utf8))
    let missing = try run(dir, "\"$ROWDRAG\" $'\\xfe.txt' 2>&1")
    #expect(missing.status == 4)
    #expect([UInt8](missing.stdout).starts(with: Array("rowdrag: ".utf8) + [0xFE, 0x2E]))
  }

  @Test("write and trace create the files named, byte for byte")
  func writeAndTrace() throws {
    let dir = try TemporaryDirectory()
    _ = try run(dir, "printf 'a\\nb\\n' > f.txt")
    let result = try run(
      dir, "\"$ROWDRAG\" -n -e $'trace \\xfc.jsonl; move 1 2; write \\xfd.txt' f.txt")
    #expect(result.status == 0, "\(result.stderr)")
    let names = try names(dir)
    #expect(names.contains([0xFD, 0x2E, 0x74, 0x78, 0x74]), "\(names)")
    #expect(names.contains([0xFC, 0x2E, 0x6A, 0x73, 0x6F, 0x6E, 0x6C]), "\(names)")
    #expect(try contents(dir, [0xFD, 0x2E, 0x74, 0x78, 0x74]) == Array("b\na\n".utf8))
  }

  @Test("a /REGEX/ with a raw byte matches it: a literal, an ERE, from -e, -f and a pipe")
  func patterns() throws {
    let dir = try TemporaryDirectory()
    _ = try run(dir, "printf 'a\\n\\xffb\\nc\\n' > f.txt; printf 'move /^\\xff[a-z]/ 1\\n' > s")
    let expected: [UInt8] = [0xFF, 0x62, 10, 0x61, 10, 0x63, 10]
    for script in [
      "\"$ROWDRAG\" -e $'move /\\xff/ 1' f.txt",
      "\"$ROWDRAG\" -e $'move /\\xffb$/ 1' f.txt",
      "\"$ROWDRAG\" -f s f.txt",
      "printf 'move /\\xff/ 1\\n' | \"$ROWDRAG\" f.txt",
    ] {
      let result = try run(dir, script)
      #expect(result.status == 0, "\(script): \(result.stderr)")
      #expect([UInt8](result.stdout) == expected, "\(script)")
    }
  }

  @Test("--format is bytes too: a Latin-1 delimiter given as itself (FORMATS.md §2, issue 40)")
  func formatDelimiterByte() throws {
    let dir = try TemporaryDirectory()
    _ = try run(dir, "printf 'n\\xa7q\\na\\xa71\\nb\\xa72\\n' > f.csv")
    let result = try run(
      dir,
      "\"$ROWDRAG\" --format $'csv label=2 delimiter=\\xa7' -e 'list; move 2 1; get format' f.csv")
    #expect(result.status == 0, "\(result.stderr)")
    let expected: [UInt8] =
      Array("     1\t-\t1\n     2\t-\t2\ncsv header=yes delimiter=\\xa7 label=2\nn".utf8)
      + [0xA7] + Array("q\nb".utf8) + [0xA7] + Array("2\na".utf8) + [0xA7] + Array("1\n".utf8)
    #expect([UInt8](result.stdout) == expected)
  }
}

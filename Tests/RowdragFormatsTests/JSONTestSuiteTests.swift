import RowdragBase
import Foundation
import Testing

@testable import RowdragFormats

/// The JSONTestSuite parsing corpus, vendored under `Tests/Fixtures/` with its licence.
enum Corpus {
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Fixtures/JSONTestSuite/test_parsing")

  static func files(_ prefix: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
  }

  static func bytes(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: directory.appendingPathComponent(name)))
  }
}

/// Prints a list with its original order, as `print` does.
func printed(_ list: JSONList) throws -> [UInt8] {
  let out = OutputSink(memoryNamed: "t")
  var starts: [Int] = []
  var total = 0
  for count in list.sectionRowCounts {
    starts.append(total)
    total += count
  }
  try list.write(
    order: RowOrder(identityOfCount: list.elements.count),
    sectionStarts: starts.isEmpty ? [0] : starts, to: out)
  return out.captured
}

@Suite("JSONTestSuite")
struct JSONTestSuiteTests {
  @Test("the corpus is there (Tests/Fixtures/JSONTestSuite)")
  func corpusPresent() {
    #expect(Corpus.files("y_").count > 90)
    #expect(Corpus.files("n_").count > 180)
    #expect(Corpus.files("i_").count > 30)
  }

  @Test("every y_ file loads and prints byte for byte, or is refused only for its shape")
  func accepted() throws {
    var lists = 0
    for name in Corpus.files("y_") {
      let bytes = try Corpus.bytes(name)
      do {
        let list = try JSONList(bytes: bytes)
        lists += 1
        #expect(try printed(list) == bytes, "\(name) did not round-trip")
      } catch is JSONShapeError {
        continue
      } catch {
        Issue.record("\(name) refused: \(error)")
      }
    }
    #expect(lists > 60)
  }

  @Test("every n_ file is refused as invalid JSON, with a line and column")
  func refused() throws {
    for name in Corpus.files("n_") {
      let bytes = try Corpus.bytes(name)
      do {
        _ = try JSONList(bytes: bytes)
        Issue.record("\(name) was accepted")
      } catch let error as JSONSyntaxError {
        #expect(error.line >= 1 && error.column >= 1, "\(name)")
      } catch {
        Issue.record("\(name) refused for its shape, not its syntax")
      }
    }
  }

  @Test("every i_ file either loads or is refused; nothing traps")
  func implementationDefined() throws {
    for name in Corpus.files("i_") {
      let bytes = try Corpus.bytes(name)
      if let list = try? JSONList(bytes: bytes) {
        #expect(try printed(list) == bytes, "\(name)")
      }
    }
  }
}

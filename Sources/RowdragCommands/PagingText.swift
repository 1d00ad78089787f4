import RowdragEngine

/// `set paging on [edge=PT] [delay=S] [duration=S] | off` (BOARD.md §4); words may be
/// separated by commas too (`--paging on,delay=1`).
enum PagingText {
  static func parse(_ values: [String]) throws -> Paging? {
    let words = values.flatMap { $0.split(separator: ",").map(String.init) }
    guard let first = words.first else { throw fail("needs on or off") }
    if first == "off" {
      guard words.count == 1 else { throw fail("off takes no parameters") }
      return nil
    }
    guard first == "on" else { throw fail("'\(first)' is not one of on, off") }
    var paging = Paging()
    var seen: Set<String> = []
    for word in words.dropFirst() {
      let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        .map(String.init)
      guard parts.count == 2, ["edge", "delay", "duration"].contains(parts[0]) else {
        throw fail("unknown parameter '\(parts[0])'; use edge=PT delay=S duration=S")
      }
      guard seen.insert(parts[0]).inserted else { throw fail("\(parts[0]) is given twice") }
      guard let value = NumberText.parse(parts[1]), value.isFinite, value >= 0 else {
        throw fail("'\(parts[1])' is not a value for \(parts[0]); use a number >= 0")
      }
      switch parts[0] {
      case "edge": paging.edge = value
      case "delay": paging.delay = value
      default: paging.duration = value
      }
    }
    return paging
  }

  static func format(_ paging: Paging?) -> String {
    guard let p = paging else { return "off" }
    let n = NumberText.short
    return "on edge=\(n(p.edge)) delay=\(n(p.delay)) duration=\(n(p.duration))"
  }

  private static func fail(_ message: String) -> CommandError {
    CommandError(command: "", message: "paging: " + message)
  }
}

import RowdragCommands
import Testing

/// SPEC §2.1 and §10 (turn 4), issue 45 item 2: a press on an item taller than the
/// viewport, held still, never scrolls, under every preset; the first drag lets the
/// preset's auto-scroll act.
@Suite("tall items under every preset")
struct TallItemCommandTests {
  static let rows = (1...100).map { "row \($0)\n" }.joined()

  @Test(
    "press 1,61; tick 600; release moves nothing, whatever the preset", arguments: PresetTable.names
  )
  func heldStill(_ preset: String) throws {
    let held = run(
      "press 1,61; tick 600; release; state", on: Self.rows, options: ["-n", "--preset", preset])
    #expect(held.status == 0, "\(held.stderr)")
    #expect(held.stdout.contains(#""offset":0,"#), "\(held.stdout)")
    #expect(held.stdout.contains(#""dirty":false"#), "\(held.stdout)")
  }

  @Test("a 31-line Markdown item pressed and held does not scroll; dragged, it does")
  func tallMarkdownItem() throws {
    let item = "- tall\n" + (1...30).map { "  line \($0)\n" }.joined()
    let list = item + (1...40).map { "- row \($0)\n" }.joined()
    let options = ["-n", "--format", "markdown"]
    let held = run("press 1; tick 300; release; state", on: list, options: options)
    #expect(held.stdout.contains(#""offset":0,"#), "\(held.stdout) \(held.stderr)")
    #expect(held.stdout.contains(#""dirty":false"#), "\(held.stdout)")
    let dragged = run("press 1; drag +1; tick 300; release; state", on: list, options: options)
    #expect(!dragged.stdout.contains(#""offset":0,"#), "\(dragged.stdout)")
  }
}

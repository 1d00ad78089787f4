import Testing

@testable import RowdragCommands

/// The animated report's pieces that a browser test cannot reach well: which files are
/// reports, and data that cannot end the page's script early.
@Suite("comparison report")
struct ComparisonReportTests {
  @Test(
    "a .html or .htm file is the report, anything else the chart",
    arguments: [
      ("report.html", true), ("out/R.HTML", true), ("a.htm", true), ("chart.svg", false),
      ("html", false), ("report.html.svg", false), ("x", false),
    ])
  func reportByExtension(_ path: String, _ isReport: Bool) {
    #expect(Session.isReport(path) == isReport)
  }

  @Test("labels in the data are JSON strings that cannot close the script element")
  func jsonIsScriptSafe() {
    #expect(
      ComparisonReport.json("a</script><b>&\"\\\u{1}")
        == "\"a\\u003c/script\\u003e\\u003cb\\u003e\\u0026\\\"\\\\\\u0001\"")
    #expect(ComparisonReport.json("ü 🙂") == "\"ü 🙂\"")
  }
}

import RowdragEngine

/// The behaviour catalogue's presets (§6): named implementations reproduced by nine
/// catalogue parameters (the catalogue's seven, `start` and `reveal`). Each row is written the way `set` takes it, so the table reads
/// like the catalogue's and `get autoscroll` prints the autoscroll column back.
public struct Preset: Sendable {
  /// The name `--preset` and `set preset` take.
  public let name: String
  /// Where its numbers come from: a repository and file, or a document.
  public let source: String
  /// `set autoscroll`'s words.
  public let autoscroll: String
  /// `set rule`.
  public let rule: String
  /// `set hold`, seconds.
  public let hold: Double
  /// `set slop`, points.
  public let slop: Double
  /// `set distance`, points.
  public let distance: Double
  /// `set grab`.
  public let grab: GrabMode
  /// `set clamp`.
  public let clamp: SnapshotClamp
  /// `set start`: `first` unless the real library only arms the drag at the first move.
  public var start = StartMode.first
  /// `set reveal`: off unless the real library scrolls a pressed row into view.
  public var reveal = PressReveal.off
  /// How its behaviour was checked against the real library (README, "how each preset is
  /// verified"): `run for real` (a conformance suite drives the library itself),
  /// `upstream tests` (the library's own test assertions, translated), or `source reading`.
  public var verified = "source reading"

  /// Sets all nine catalogue parameters.
  func apply(to engine: inout Engine) throws {
    try engine.setAutoscroll(try profile())
    try engine.setRule(try reorderRule())
    try engine.setHold(hold)
    try engine.setSlop(slop)
    try engine.setDistance(distance)
    engine.setGrab(grab)
    engine.setClamp(clamp)
    engine.setStart(start)
    try engine.setReveal(reveal)
  }

  /// The rule column read as `set rule` reads it (`under end=1`).
  func reorderRule() throws -> ReorderRule {
    try BehaviourSetting(key: "rule", kinds: ReorderRuleRegistry.kinds).parse(
      rule.split(separator: " ").map(String.init))
  }

  /// The rule's name, without its parameters.
  var ruleName: String { String(rule.prefix { $0 != " " }) }

  /// The autoscroll column read as `set autoscroll` reads it.
  func profile() throws -> AutoScrollProfile {
    try AutoScrollText.parse(autoscroll.split(separator: " ").map(String.init))
  }

  /// Which of the nine catalogue settings of `engine` are not this preset's, in
  /// `set`'s key order.
  func differences(_ engine: Engine) -> [String] {
    let s = engine.settings
    let same = [
      ("autoscroll", (try? profile()) == s.autoscroll), ("rule", (try? reorderRule()) == s.rule),
      ("hold", hold == s.hold), ("slop", slop == s.slop), ("distance", distance == s.distance),
      ("grab", grab == s.grab), ("clamp", clamp == s.clamp), ("start", start == s.start),
      ("reveal", reveal == s.reveal),
    ]
    return same.filter { !$0.1 }.map(\.0)
  }
}

/// Every preset, in the catalogue's order.
public enum PresetTable {
  /// The presets.
  public static let presets: [Preset] = [
    Preset(
      name: "rowdrag", source: "rowdrag default: linear edge zone, swap at half a row",
      autoscroll: "linear zone=100 max=1200", rule: "edge", hold: 0, slop: 10, distance: 0,
      grab: .keep, clamp: .none),
    Preset(
      name: "uikit-longpress", source: "developer.apple.com UILongPressGestureRecognizer",
      autoscroll: "linear zone=100 max=1200", rule: "edge", hold: 0.5, slop: 10, distance: 0,
      grab: .keep, clamp: .none),
    Preset(
      name: "swiftreorder",
      source: "adamshin/SwiftReorder Source/ReorderController+AutoScroll.swift",
      autoscroll: "linear zone=30 max=280 min=60 point=edge edges=inset", rule: "nearest",
      hold: 0.3, slop: 10, distance: 0, grab: .keep, clamp: .inset),
    Preset(
      name: "itemtouchhelper",
      source:
        "androidx/androidx recyclerview/recyclerview/src/main/java/androidx/recyclerview/widget/ItemTouchHelper.java",
      autoscroll: "quintic max=20 time=2000 clock=step edges=inset gate=net", rule: "far",
      hold: 0.4, slop: 8, distance: 0, grab: .keep, clamp: .none),
    Preset(
      name: "flutter",
      source: "flutter/flutter packages/flutter/lib/src/widgets/reorderable_list.dart",
      autoscroll: "overflow cap=20 clock=timer:20", rule: "halves", hold: 0.5, slop: 18,
      distance: 0,
      grab: .keep, clamp: .none, verified: "upstream tests"),
    Preset(
      name: "sortablejs", source: "SortableJS/Sortable plugins/AutoScroll/AutoScroll.js",
      autoscroll:
        "fixed speed=10 clock=timer:24 sample=move point=finger zone=30 test=le gate=inside "
        + "rearm=30 latch=30",
      rule: "under end=1 visible=1 open=1 every=50 shadow=1", hold: 0, slop: 1, distance: 1,
      grab: .keep,
      clamp: .none,
      verified: "run for real"),
    Preset(
      name: "rbd",
      source: "atlassian/react-beautiful-dnd src/state/auto-scroller/fluid-scroller/config.js",
      autoscroll: "power max=28 full=0.05v exp=2 clock=step damp=360:1200", rule: "edge",
      hold: 0.12, slop: 0, distance: 0, grab: .keep, clamp: .none, verified: "upstream tests"),
    Preset(
      name: "dndkit",
      source: "clauderic/dnd-kit packages/core/src/utilities/scroll/getScrollDirectionAndSpeed.ts",
      autoscroll: "ramp max=10 clock=timer:5 gate=intent restart=drag", rule: "overlap", hold: 0,
      slop: 10, distance: 0, grab: .keep, clamp: .none),
    Preset(
      name: "bvreorder", source: "bvogelzang/BVReorderTableView BVReorderTableView.m",
      autoscroll: "rate divisor=6 scale=10 clock=step sample=move", rule: "guarded", hold: 0.5,
      slop: 10, distance: 0, grab: .center, clamp: .none),
    Preset(
      name: "fmmove", source: "FlorianMielke/FMMoveTableView FMFramework/FMMoveTableView.m",
      autoscroll:
        "ramp per=5 clock=timer:1000/60 sample=move point=center zone=0.6h round=ceil",
      rule: "under", hold: 0.5, slop: 10, distance: 0, grab: .keep, clamp: .none),
    Preset(
      name: "ats",
      source: "shusta/ReorderingTableViewController ATSDragToReorderTableViewController.m",
      autoscroll: "linear zone=0.5h+6 max=5 clock=step round=ceil", rule: "edge", hold: 0.5,
      slop: 5, distance: 0, grab: .keep, clamp: .none),
    Preset(
      name: "jqueryui", source: "jquery/jquery-ui ui/widgets/sortable.js",
      autoscroll:
        "fixed speed=20 clock=move point=finger zone=20 order=bottom range=helper lift=drag"
        + " rows=cached",
      rule: "intersect", hold: 0, slop: 10, distance: 1, grab: .press, clamp: .none,
      verified: "run for real, upstream tests"),
    Preset(
      name: "qt", source: "qt/qtbase src/widgets/itemviews/qabstractitemview.cpp",
      autoscroll:
        "count cap=1v clock=timer:50 edges=pixel gate=inside restart=drag expiry=coarse",
      rule: "itemview", hold: 0, slop: 10,
      distance: 10, grab: .keep, clamp: .none, start: .armed,
      reveal: PressReveal(delay: 0.5, coarse: true), verified: "run for real"),
    Preset(
      name: "displaylink-fixed",
      source: "iOS tutorial: CADisplayLink, 4 pt per frame past the edge",
      autoscroll: "fixed speed=4 clock=step sample=move", rule: "under", hold: 0.5, slop: 10,
      distance: 0, grab: .center, clamp: .none),
    Preset(
      name: "half-row", source: "iOS tutorial: swap after half a row", autoscroll: "off",
      rule: "edge", hold: 0.5, slop: 10, distance: 0, grab: .keep, clamp: .none),
    Preset(
      name: "edge-ramp", source: "iOS tutorial: 150 pt zone, up to 20 pt per frame",
      autoscroll: "ramp max=20 clock=step point=center zone=150 test=lt", rule: "under", hold: 0.5,
      slop: 10, distance: 0, grab: .center, clamp: .none),
    Preset(
      name: "hpreorder-rate",
      source: "HPReorderTableView-based tutorial: zone (V-T)/6, 10 pt per frame",
      autoscroll: "rate divisor=6 scale=10 clock=step sample=move", rule: "under", hold: 0.5,
      slop: 10, distance: 0, grab: .center, clamp: .none),
  ]

  /// The names, in order.
  public static var names: [String] { presets.map(\.name) }

  /// The `set` keys a preset sets (and `set preset` itself): a comparison gives each
  /// row its own, so none may change inside the compared gesture.
  public static let behaviourKeys: Set<String> = [
    "preset", "autoscroll", "rule", "hold", "slop", "distance", "grab", "clamp", "start", "reveal",
  ]

  /// The preset called `name`, or an error listing them.
  static func preset(_ name: String) throws -> Preset {
    guard let preset = presets.first(where: { $0.name == name }) else {
      throw CommandError(
        command: "",
        message:
          "preset: unknown preset '\(name)'; the command presets lists them (rowdrag -e presets)"
          + Suggestion.hint(for: name, in: names))
    }
    return preset
  }

  /// `presets`: name, source and how it was verified, tab-separated, one line each.
  public static var listing: String {
    presets.map { "\($0.name)\t\($0.source)\t\($0.verified)\n" }.joined()
  }
}

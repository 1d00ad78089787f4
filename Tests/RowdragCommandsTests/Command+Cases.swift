import RowdragCommands

/// The parsed commands by their own names (`.press(.number(3))`), as the parser tests
/// write them, each a command of its concern.
extension Command {
  static func press(_ a: Address) -> Command { .gesture(.press(a)) }
  static func pressAt(y: Double) -> Command { .gesture(.pressAt(y: y)) }
  static func pressAtPoint(x: Double, y: Double) -> Command { .gesture(.pressAtPoint(x: x, y: y)) }
  static func pressRange(_ r: AddressRange) -> Command { .gesture(.pressRange(r)) }
  static func pressRangeAt(_ r: AddressRange, x: Double?, y: Double) -> Command {
    .gesture(.pressRangeAt(r, x: x, y: y))
  }
  static func dragToPoint(x: Double, y: Double?) -> Command { .gesture(.dragToPoint(x: x, y: y)) }
  static func dragByPair(_ dx: Double, _ dy: Double) -> Command { .gesture(.dragByPair(dx, dy)) }
  static func dragTo(y: Double) -> Command { .gesture(.dragTo(y: y)) }
  static func dragBy(_ d: Double) -> Command { .gesture(.dragBy(d)) }
  static func dragToRow(_ a: Address) -> Command { .gesture(.dragToRow(a)) }
  static func tick(_ n: Int) -> Command { .gesture(.tick(n)) }
  static func wait(_ s: Double) -> Command { .gesture(.wait(s)) }
  static var release: Command { .gesture(.release) }
  static var cancel: Command { .gesture(.cancel) }
  static func move(_ a: Address, to t: MoveTarget) -> Command { .edit(.move(a, to: t)) }
  static func moveRange(_ r: AddressRange, to t: MoveTarget) -> Command {
    .edit(.moveRange(r, to: t))
  }
  static func lock(_ a: Address) -> Command { .edit(.lock(a)) }
  static func pin(_ a: Address) -> Command { .edit(.pin(a)) }
  static func unlock(_ a: Address) -> Command { .edit(.unlock(a)) }
  static func lockRange(_ r: AddressRange) -> Command { .edit(.lockRange(r)) }
  static func pinRange(_ r: AddressRange) -> Command { .edit(.pinRange(r)) }
  static func unlockRange(_ r: AddressRange) -> Command { .edit(.unlockRange(r)) }
  static var undo: Command { .edit(.undo) }
  static var redo: Command { .edit(.redo) }
  static var reject: Command { .edit(.reject) }
  static func scrollTo(_ o: Double) -> Command { .view(.scrollTo(o)) }
  static func scrollBy(_ d: Double) -> Command { .view(.scrollBy(d)) }
  static func scrollToRow(_ a: Address) -> Command { .view(.scrollToRow(a)) }
  static var scrollTop: Command { .view(.scrollTop) }
  static var scrollBottom: Command { .view(.scrollBottom) }
  static func page(_ t: PageTarget) -> Command { .view(.page(t)) }
  static var print: Command { .view(.print) }
  static var list: Command { .view(.list) }
  static func listRows(_ r: AddressRange) -> Command { .view(.listRows(r)) }
  static var show: Command { .view(.show) }
  static var live: Command { .view(.live) }
  static var state: Command { .view(.state) }
  static func write(_ path: String?, force: Bool = false) -> Command {
    .file(.write(path, force: force))
  }
  static var reload: Command { .file(.reload) }
  static func quit(force: Bool) -> Command { .file(.quit(force: force)) }
  static func set(key: String, values: [String]) -> Command {
    .meta(.set(key: key, values: values))
  }
  static func get(key: String) -> Command { .meta(.get(key: key)) }
  static var presets: Command { .meta(.presets) }
  static func trace(_ path: String) -> Command { .meta(.trace(path)) }
  static func compare(_ words: [String]) -> Command { .meta(.compare(words)) }
  static func require(_ words: [LoadOptionWord]) -> Command { .meta(.require(words)) }
  static func help(_ name: String?) -> Command { .meta(.help(name)) }
}

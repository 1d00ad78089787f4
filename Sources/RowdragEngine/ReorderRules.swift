/// The two reorder rules (SPEC §3, §9.1, §9.2, §9.9).
extension Engine {
  /// Runs the current rule once for the lifted row's new snapshot center or finger.
  mutating func applyReorderRule(_ lift: inout Lift) {
    switch settings.rule {
    case .midpoint: applyMidpoint(&lift)
    case .under: applyUnder(&lift)
    }
  }

  /// Steps `L` past neighbours whose midpoint the snapshot center has strictly
  /// crossed, one item at a time, until neither neighbour qualifies. A boundary item
  /// (footer of `s` + header of `s+1`) counts as one item of the next header's height.
  /// - Complexity: O(items passed).
  private mutating func applyMidpoint(_ lift: inout Lift) {
    let c = lift.center
    let cross = settings.sections == .cross
    while true {
      let p = lift.position
      let s = lift.section
      if p + 1 < layout.sectionEnd(s) {
        if !layout.flags(at: p + 1).contains(.pinned),
          c > layout.top(of: p + 1, section: s) + layout.height(at: p + 1) / 2
        {
          step(&lift, to: p + 1, section: s)
          continue
        }
      } else if cross, s + 1 < layout.sectionCount,
        c > layout.footerTop(s) + layout.headerHeight(s + 1) / 2
      {
        step(&lift, to: p, section: s + 1)
        continue
      }
      if p > layout.sectionStarts[s] {
        if !layout.flags(at: p - 1).contains(.pinned),
          c < layout.top(of: p - 1, section: s) + layout.height(at: p - 1) / 2
        {
          step(&lift, to: p - 1, section: s)
          continue
        }
      } else if cross, s > 0, c < layout.footerTop(s - 1) + layout.headerHeight(s) / 2 {
        step(&lift, to: p, section: s - 1)
        continue
      }
      return
    }
  }

  /// The seeds' rule: if the finger is over another row that may be a target, move
  /// `L` to that row's index path the way `moveRowAtIndexPath` does. Once per event.
  /// - Complexity: O(rows between `L` and the target).
  private mutating func applyUnder(_ lift: inout Lift) {
    guard let r = layout.row(atContentY: offset + lift.finger), r != lift.position,
      !layout.flags(at: r).contains(.pinned)
    else { return }
    let target = layout.section(of: r)
    if settings.sections == .keep && target != lift.section { return }
    if firstPinned(between: lift.position, and: r) != nil { return }
    let to = target > lift.section ? r - 1 : r
    step(&lift, to: to, section: target)
  }

  private mutating func step(_ lift: inout Lift, to: Int, section: Int) {
    layout.relocate(from: lift.position, fromSection: lift.section, to: to, toSection: section)
    lift.position = to
    lift.section = section
  }

  /// The first pinned position strictly between `a` and `b`, if any.
  func firstPinned(between a: Int, and b: Int) -> Int? {
    let lo = Swift.min(a, b) + 1
    let hi = Swift.max(a, b)
    guard lo < hi else { return nil }
    for k in lo..<hi where layout.flags(at: k).contains(.pinned) { return k }
    return nil
  }
}

// SPDX-License-Identifier: Apache-2.0

/// `range=helper` and `lift=drag`: jQuery UI's sortable drags the row itself as an
/// absolutely placed helper inside the scrolled list, so the snapshot is part of what
/// the list can scroll to (the behaviour catalogue §2, `ScrollRange`, `LiftScroll`).
extension Engine {
  /// The lift's layout without the row: the helper leaves the flow before its placeholder
  /// has a height (sortable.js l. 241, 262, 966), so the offset is clamped once to the
  /// rows without it, or to the helper's own bottom where it still stands (`top + h`).
  mutating func layOutHelperAtLift(top: Double, height: Double) {
    guard settings.autoscroll.keys.range == .helper, case .table = surface else { return }
    let low = -settings.insetTop
    let bottom = Swift.max(layout.contentHeight - height, top + height)
    let high = Swift.max(low, bottom + settings.insetBottom - settings.viewport)
    offset = Swift.min(offset, high)
    helperBottom = top + height
  }

  /// A drag places the helper under the finger (content y `center`, the offset before
  /// this drag's scroll): the scroll range now reaches its bottom, and shrinks back when
  /// it moved up (the browser clamps `scrollTop` at the next layout). Returns whether
  /// that moved the offset (the snapshot then follows the finger again).
  mutating func placeHelper(center: Double, height: Double) -> Bool {
    guard settings.autoscroll.keys.range == .helper, case .table = surface else { return false }
    helperBottom = center + height / 2
    let before = offset
    offset = clampOffset(offset)
    return offset != before
  }

  /// The gesture ended (or `range` changed): the helper is gone, the range is the
  /// content's again. Returns whether that moved the offset.
  @discardableResult
  mutating func removeHelper() -> Bool {
    guard helperBottom != nil else { return false }
    helperBottom = nil
    let before = offset
    offset = clampOffset(offset)
    return offset != before
  }
}

// SPDX-License-Identifier: Apache-2.0

extension RandomAccessCollection where Index == Int {
  /// In a collection sorted by `key`, the last index whose key is at most `bound`
  /// (the last of equal keys); the start index when even the first key is larger.
  ///
  /// Sections, runs of the order and blocks of a text list are all found this way:
  /// "the last one that starts at or before here".
  /// - Complexity: O(log n).
  @inlinable
  package func lastIndex<Key: Comparable>(keyAtMost bound: Key, _ key: (Element) -> Key) -> Int {
    var lo = startIndex
    var hi = endIndex - 1
    while lo < hi {
      let mid = (lo + hi + 1) / 2
      if key(self[mid]) <= bound { lo = mid } else { hi = mid - 1 }
    }
    return lo
  }
}

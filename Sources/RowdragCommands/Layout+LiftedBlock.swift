import RowdragEngine

// Where the lines of a lifted block's snapshot fall among its rows, for the live
// view's table and board pictures.
extension Layout {
  /// The row of the lifted block that stands `depth` points below the snapshot's top,
  /// and the depth within that row: which of a block's rows a line of its snapshot shows.
  func rowOfBlock(_ lift: Lift, at depth: Double) -> (Int, Double) {
    var rest = depth
    var p = lift.position
    while p < lift.position + lift.count - 1 && rest >= height(at: p) {
      rest -= height(at: p)
      p += 1
    }
    return (p, rest)
  }
}

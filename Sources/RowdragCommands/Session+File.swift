import RowdragBase
import RowdragEngine
import RowdragFormats

/// Writing the list and reading it again, with the check editors make before they
/// overwrite a file: another program may have changed it since it was read.
extension Session {
  /// Saves the list to `path` (default: the file it came from) atomically, then makes
  /// the saved order the new baseline for `dirty`. The file it came from is refused
  /// when another program changed it since it was read or written, unless `force`.
  /// `notify` is told where it went.
  func write(to path: String?, force: Bool, notify: ((String) -> Void)?) throws {
    try engine.requireIdle()
    guard let target = path ?? filePath else {
      throw CommandError(
        command: "", message: "no file name: the list came from standard input; use 'write FILE'")
    }
    // The list file however it is spelled (`./f.txt`, a link): its stamp must follow.
    let isListFile = target == filePath || OutputPath.isList(target, listPath: filePath)
    if isListFile && !force && !ownFileIsStale { return }
    let stamp: FileStamp?
    do {
      stamp = try AtomicFile.write(
        path: target, unchangedSince: isListFile && !force ? fileStamp : nil
      ) { out in
        try document.write(
          order: engine.layout.order, sectionStarts: engine.layout.sectionStarts, to: out)
      }
    } catch is FileChanged {
      throw CommandError(command: "", message: Self.changedMessage(target), isIOFailure: true)
    }
    if isListFile { fileStamp = stamp }
    // As in ed, any write makes the list clean; but the list's own file still differs
    // after a copy was written elsewhere, so a later write (or -i) still writes it.
    copiedElsewhere = !isListFile && (copiedElsewhere || engine.layoutDiffersFromFile)
    markSaved()
    tell(notify, "wrote \(engine.layout.rowCount) rows to \(target)")
  }

  /// `FILE changed since it was read`, with the ways out.
  public static func changedMessage(_ path: String) -> String {
    "\(path) changed since it was read; 'write!' overwrites it, 'reload' drops this "
      + "session's changes and reads it again, 'write FILE' writes elsewhere"
  }

  /// Whether another program changed the list file since the session read or wrote it;
  /// a file that cannot be read to tell is not called changed (the write then says why
  /// it cannot be done).
  public var listFileChanged: Bool {
    guard let filePath, let fileStamp else { return false }
    return (try? fileStamp.isCurrent(at: filePath)) == false
  }

  /// After a successful write: the current order is what the file holds.
  public func markSaved() {
    let previous = engine.rebase()
    document.rebase(previous, sectionStarts: engine.layout.sectionStarts)
    acceptedByHook = acceptedByHook.flatMap { Self.rebased($0, previous: previous, now: engine) }
  }

  /// The order the hook accepted in the identities after a write (identity `k` is the
  /// row written at position `k`), or nil when the write saved exactly that order.
  private static func rebased(
    _ accepted: (order: RowOrder, sectionStarts: [Int]), previous: RowOrder, now: Engine
  ) -> (order: RowOrder, sectionStarts: [Int])? {
    var positionOf = [Int32](repeating: 0, count: previous.count)
    for (position, id) in previous.enumerated() { positionOf[Int(id)] = Int32(position) }
    let order = RowOrder(accepted.order.map { positionOf[Int($0)] })
    if order.isIdentity && accepted.sectionStarts == now.layout.sectionStarts { return nil }
    return (order, accepted.sectionStarts)
  }

  /// `-i` after a failure: writes the order the drop hook last accepted, so the file
  /// agrees with the hook's side. Returns false when no hook accepted a drop.
  public func writeAcceptedByHook(
    path: String, backupSuffix: String
  ) throws -> Bool {
    guard let accepted = acceptedByHook else { return false }
    _ = try AtomicFile.write(
      path: path, mustExist: true, backupSuffix: backupSuffix, unchangedSince: fileStamp
    ) { out in
      try document.write(order: accepted.order, sectionStarts: accepted.sectionStarts, to: out)
    }
    return true
  }

  /// `reload`: drops the session's changes, undo history included, and reads the list
  /// file again as it was first loaded (the same format and patterns); the settings and
  /// the scroll offset stay, as far as the new list allows.
  func reload() throws {
    try engine.requireIdle()
    guard let filePath, let reader else {
      throw CommandError(
        command: "", message: "no file to read again: the list came from standard input")
    }
    let (document, layout, stamp) = try reader(filePath)
    var next = try Engine(layout: layout, settings: engine.settings)
    if engine.layout.rowHeight != next.layout.rowHeight {
      try next.setRowHeight(engine.layout.rowHeight)
    }
    try? next.scroll(to: engine.offset)
    self.document = document
    engine = next
    fileStamp = stamp
    copiedElsewhere = false
    acceptedByHook = nil
    readCount += 1
  }
}

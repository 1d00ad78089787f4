import RowdragEngine

/// `show`: a text picture of the viewport (SPEC §7).
///
/// One line a visible item: titled section headers as `== Title ==`, rows as number,
/// on-screen y-range, flag and label, the lifted row's slot as a dotted gap, and the
/// floating snapshot as a `>>` line placed by its center, with the finger's y. The
/// last column is a scroll indicator (`#` thumb on a `|` track).
struct ShowRenderer {
  let session: Session
  /// At most this many item lines; the rest is summarised.
  static let maxLines = 200

  private enum Line {
    case header(section: Int, top: Double)
    case row(position: Int, top: Double, height: Double)
    /// Line `line` (from 1) of a row whose block spans lines (FORMATS.md §5).
    case more(position: Int, line: Int)
    case snapshot
  }

  func render() -> String {
    let engine = session.engine
    let layout = engine.layout
    let o = engine.offset
    let v = engine.settings.viewport
    let width = Swift.max(session.width, 20)
    var items = visibleItems(layout: layout, offset: o, viewport: v)
    let truncated = items.count > ShowRenderer.maxLines
    if truncated { items.removeLast(items.count - ShowRenderer.maxLines) }
    let lift = engine.lift
    if let lift {
      // The snapshot line goes before the first item whose center is below its own.
      let index = items.firstIndex { item in
        switch item {
        case .header(_, let top): top + 14 > lift.center
        case .row(_, let top, let height): top + height / 2 > lift.center
        case .more, .snapshot: false
        }
      }
      items.insert(.snapshot, at: index ?? items.endIndex)
    }
    let rows = items.compactMap { if case .row(let p, _, _) = $0 { p } else { nil } }
    let range = rows.isEmpty ? "none" : "\(rows[0] + 1)-\(rows[rows.count - 1] + 1)"
    let n = NumberText.fixed3
    var fields = [
      "offset \(n(o)) (\(n(engine.offsetRange.lowerBound))..\(n(engine.offsetRange.upperBound)))",
      "content \(n(layout.contentHeight))", "viewport \(n(v))",
      "rows \(range) of \(layout.rowCount)",
      engine.phase.name, "t=\(n(engine.time))",
    ]
    if let label = AutoScrollLabel.text(engine, number: n) { fields.append(label) }
    var out = Self.wrap(fields, width: width)
    if layout.rowCount == 0 && layout.sectionCount == 1 && !layout.sectionTitled[0] {
      return out + "(empty list)\n"
    }
    let thumb = engine.scrollThumb(lines: items.count)
    // Below 50 columns the y-ranges go, so labels keep some room.
    let compact = width < 50
    func yRange(_ a: Double, _ b: Double) -> String {
      compact ? "" : "\(whole(a))..\(whole(b))".padded(to: 11) + " "
    }
    for (i, item) in items.enumerated() {
      let bar = thumb.contains(i) ? "#" : "|"
      let text: String
      var style: String?
      switch item {
      case .header(let s, let top):
        let title = TextWidth.expandingTabs(session.document.title(ofSection: s) ?? "")
        text = "       \(yRange(top - o, top - o + layout.headerHeight(s)))== \(title) =="
      case .row(let p, let top, let h):
        let y = yRange(top - o, top + h - o)
        if let lift, p >= lift.position, p < lift.position + lift.count {
          text = "\(pad(p + 1)) \(y)  " + String(repeating: ". ", count: compact ? 4 : 8)
          style = "2"
        } else {
          text =
            "\(pad(p + 1)) \(y)\(Character(Unicode.Scalar(layout.flags(at: p).markByte))) "
            + label(p)
        }
      case .more(let p, let k):
        let id = Int(layout.order[p])
        let line = session.document.withLine(k, ofRow: id) { String(decoding: $0, as: UTF8.self) }
        // Under the label: past the number, the y-range and the flag.
        text = String(repeating: " ", count: compact ? 9 : 21) + TextWidth.expandingTabs(line)
      case .snapshot:
        guard let lift else { continue }
        let y = yRange(lift.center - lift.height / 2 - o, lift.center + lift.height / 2 - o)
        text =
          ">>\(pad(lift.position + 1, 4)) \(y)> \(label(lift.position))"
          + (lift.count > 1 ? " (+\(lift.count - 1) rows)" : "")
          + "  (finger y=\(n(lift.finger)))"
        style = "1;7"
      }
      let fitted = TextWidth.fit(text, width: width - 2).padded(toColumns: width - 2)
      out += paint(fitted, style) + " " + bar + "\n"
    }
    if truncated { out += "(more rows are visible than shown)\n" }
    return out
  }

  /// The picture's items (`Picture`), a row whose block spans lines followed by its
  /// further lines, at most one past `maxLines`.
  private func visibleItems(layout: Layout, offset o: Double, viewport v: Double) -> [Line] {
    let engine = session.engine
    let document = session.document
    var items: [Line] = []
    Picture.forEachTableItem(layout, offset: o, viewport: v) { item in
      switch item {
      case .header(let s, let top, _):
        items.append(.header(section: s, top: top))
      case .row(let p, let top, let h):
        items.append(.row(position: p, top: top, height: h))
        let lines =
          engine.lift.map { p >= $0.position && p < $0.position + $0.count } == true
          ? 1 : document.lineCount(ofRow: Int(layout.order[p]))
        for k in 1..<Swift.max(1, lines) { items.append(.more(position: p, line: k)) }
      }
      return items.count <= ShowRenderer.maxLines
    }
    return items
  }

  /// The label of the row at `position` as drawn: its tabs as spaces from its first
  /// column (FORMATS.md §5).
  private func label(_ position: Int) -> String {
    TextWidth.expandingTabs(session.label(atPosition: position))
  }

  /// Packs header fields into lines of at most `width` columns.
  static func wrap(_ fields: [String], width: Int) -> String {
    var out = ""
    var line = ""
    for field in fields {
      if !line.isEmpty && TextWidth.count(line) + 2 + TextWidth.count(field) > width {
        out += line + "\n"
        line = ""
      }
      line += (line.isEmpty ? "" : "  ") + TextWidth.fit(field, width: width)
    }
    return out + line + "\n"
  }

  /// Which item lines carry the scroll thumb.
  private func whole(_ value: Double) -> String {
    abs(value) < 1e15 ? String(Int(value.rounded(.down))) : NumberText.fixed3(value)
  }

  private func pad(_ n: Int, _ width: Int = 6) -> String {
    let s = String(n)
    return String(repeating: " ", count: Swift.max(0, width - s.count)) + s
  }

  private func paint(_ text: String, _ code: String?) -> String {
    guard let code, session.color else { return text }
    return "\u{1B}[\(code)m\(text)\u{1B}[0m"
  }
}

extension String {
  /// Pads with spaces to `width` terminal columns.
  func padded(toColumns width: Int) -> String {
    let used = TextWidth.count(self)
    return used >= width ? self : self + String(repeating: " ", count: width - used)
  }
}

extension Engine {
  /// Which of `lines` lines of a scroll indicator are its thumb: the viewport's share
  /// of the content, placed as the offset stands in its range (all of them when
  /// everything fits).
  func scrollThumb(lines: Int) -> Range<Int> {
    let total = layout.contentHeight + settings.insetTop + settings.insetBottom
    guard lines > 0, total > settings.viewport else { return 0..<lines }
    let size = Swift.max(1, Int((Double(lines) * settings.viewport / total).rounded()))
    let span = offsetRange.upperBound - offsetRange.lowerBound
    let position = span > 0 ? (offset - offsetRange.lowerBound) / span : 0
    guard position.isFinite else { return 0..<Swift.min(lines, size) }
    let start = Int((Double(lines - size) * position).rounded())
    return start..<Swift.min(lines, start + size)
  }
}

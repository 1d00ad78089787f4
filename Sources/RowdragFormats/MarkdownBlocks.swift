extension MarkdownFormat {
  /// CommonMark's block structure read one line at a time, as far as top-level list
  /// items care (FORMATS.md §3.3): the open containers (block quotes and list items,
  /// nested) and the open leaf block inside the innermost, as in CommonMark's own
  /// parsing strategy (spec, appendix "A parsing strategy"). Each line first matches
  /// the open containers, then continues the leaf (a fence, an HTML block, indented
  /// code, a paragraph's text), is a lazy line of a paragraph, or opens new blocks.
  ///
  /// Where the reference parsers differ, this reads as markdown-it does (the parser
  /// FORMATS.md §7 checks against): an HTML block of kind 7 interrupts no paragraph,
  /// not even a lazy line's. Inline content, link reference definitions and tables
  /// are not read: a table is paragraph text, as CommonMark has it.
  struct Blocks {
    enum Container: Equatable {
      case quote
      /// A list item; `content` is its content column, `empty` that nothing is in it
      /// yet (an item starts with at most one blank line).
      case item(content: Int, empty: Bool)
    }

    enum Leaf: Equatable {
      case none
      case paragraph
      case code
      case fence(char: UInt8, count: Int)
      case html(MarkdownHTMLBlock)
    }

    /// What a line is to a reader of top-level list items.
    enum Reading {
      /// It starts a top-level item (and ends the one that was open).
      case itemStart
      /// It belongs to the open top-level item.
      case inItem
      /// A blank line while a top-level item stays open: the item's if a line of it
      /// follows.
      case blankInItem
      /// A blank line outside items.
      case blank
      /// An ATX heading outside every container.
      case heading
      /// Any other line outside items: paragraph text, a block quote, an HTML block,
      /// code, a thematic break, a setext underline.
      case other
    }

    private(set) var containers: [Container] = []
    private(set) var leaf = Leaf.none

    /// Whether a top-level list item is open.
    var inItem: Bool {
      guard let first = containers.first, case .item = first else { return false }
      return true
    }

    /// Whether a line `- text` from column 0 would not start a top-level item: an open
    /// fence or HTML block outside every container swallows it.
    @inline(__always)
    var swallowsItems: Bool {
      guard containers.isEmpty else { return false }
      switch leaf {
      case .fence, .html: return true
      case .none, .paragraph, .code: return false
      }
    }

    /// Forgets every open block: a line that ends them all comes next.
    mutating func reset() {
      containers.removeAll(keepingCapacity: true)
      leaf = .none
    }

    /// The state after a line `- text` from column 0 whose text opens nothing but a
    /// paragraph (`Reader.startsPlainItem`).
    @inline(__always)
    mutating func openPlainItem() {
      if containers.count == 1 {
        containers[0] = .item(content: 2, empty: false)
      } else {
        containers.removeAll(keepingCapacity: true)
        containers.append(.item(content: 2, empty: false))
      }
      leaf = .paragraph
    }

    /// Whether the line at `start`, which a second half of the file starts with (it
    /// starts a list item or is a heading, from column 0), reads here as it does
    /// before any open block: no fence or HTML block outside containers swallows it,
    /// and no paragraph makes a list marker that may not interrupt one paragraph text.
    func readsAfresh(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
      guard containers.isEmpty else { return true }
      switch leaf {
      case .fence, .html: return false
      case .none, .code: return true
      case .paragraph:
        guard let marker = listMarker(buf, Position(at: start, column: 0), end) else { return true }
        return !marker.empty && (!marker.ordered || marker.isOne)
      }
    }

    /// Reads the line `start..<end` (its text: `textEnd`).
    mutating func read(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Reading {
      var p = Position(at: start, column: 0)
      let lineBlank = firstNonBlank(buf, p, end).at == end
      var matched = 0
      matching: while matched < containers.count {
        let q = firstNonBlank(buf, p, end)
        switch containers[matched] {
        case .quote:
          guard q.at < end, q.column - p.column <= 3, buf[q.at] == 62 else { break matching }
          p = afterQuoteMarker(buf, q, end)
        case .item(let content, let empty):
          if q.at == end {
            if empty { break matching }
          } else {
            guard q.column >= content else { break matching }
            p = advance(buf, p, to: content, end)
          }
        }
        matched += 1
      }
      let q = firstNonBlank(buf, p, end)
      let blank = q.at == end
      var paragraphOpen = false
      if matched == containers.count {
        switch leaf {
        case .fence(let char, let count):
          if q.column - p.column <= 3, let f = fence(buf, q.at, end), f.char == char,
            f.count >= count, f.onlyFence
          {
            leaf = .none
          }
          return reading(lineBlank)
        case .html(let kind):
          if kind.endsAtBlankLine ? blank : kind.ends(buf, q.at, end) { leaf = .none }
          return reading(lineBlank)
        case .code:
          if blank || q.column - p.column >= 4 { return reading(lineBlank) }
          leaf = .none
        case .paragraph:
          if blank {
            leaf = .none
            return reading(lineBlank)
          }
          if q.column - p.column <= 3 && isSetextUnderline(buf, q.at, end) {
            leaf = .none
            return reading(lineBlank)
          }
          paragraphOpen = true
        case .none:
          if blank { return reading(lineBlank) }
        }
      } else {
        if leaf == .paragraph && !blank && !startsBlock(buf, p, q, end) {
          return reading(lineBlank)  // a lazy continuation line
        }
        containers.removeSubrange(matched...)
        leaf = .none
        if blank { return reading(lineBlank) }
      }
      return openBlocks(buf, p, end, paragraphOpen: paragraphOpen, lineBlank: lineBlank)
    }

    /// The new blocks a line opens from `p`, in the innermost matched container, and
    /// the line's reading. `paragraphOpen`: the line would continue a paragraph unless
    /// it interrupts it.
    private mutating func openBlocks(
      _ buf: UnsafeBufferPointer<UInt8>, _ start: Position, _ end: Int, paragraphOpen: Bool,
      lineBlank: Bool
    ) -> Reading {
      var p = start
      var paragraphOpen = paragraphOpen
      var openedTop = false
      var heading = false
      while true {
        let q = firstNonBlank(buf, p, end)
        if q.at == end { break }
        fillInnermost()
        if q.column - p.column >= 4 {
          if !paragraphOpen { leaf = .code }
          break
        }
        let b = buf[q.at]
        if b == 62 {
          containers.append(.quote)
          p = afterQuoteMarker(buf, q, end)
          paragraphOpen = false
          leaf = .none
          continue
        }
        if b == 35 && isHeading(buf, q.at, end) {
          leaf = .none
          heading = true
          break
        }
        if let f = fence(buf, q.at, end) {
          leaf = .fence(char: f.char, count: f.count)
          break
        }
        if b == 60, let kind = MarkdownHTMLBlock.opening(buf, q.at, end),
          !(paragraphOpen && kind == .anyTag)
        {
          leaf = !kind.endsAtBlankLine && kind.ends(buf, q.at, end) ? .none : .html(kind)
          break
        }
        if isThematicBreak(buf, q.at, end) {
          leaf = .none
          break
        }
        if let marker = listMarker(buf, q, end),
          !(paragraphOpen && (marker.empty || (marker.ordered && !marker.isOne)))
        {
          if containers.isEmpty { openedTop = true }
          containers.append(.item(content: marker.content, empty: marker.empty))
          p = marker.contentStart
          paragraphOpen = false
          leaf = .none
          continue
        }
        if !paragraphOpen { leaf = .paragraph }
        break
      }
      if openedTop { return .itemStart }
      return reading(lineBlank, heading: heading)
    }

    /// A line that ends no top-level item it is in, or outside items.
    private func reading(_ lineBlank: Bool, heading: Bool = false) -> Reading {
      if inItem { return lineBlank ? .blankInItem : .inItem }
      if lineBlank { return .blank }
      return heading && containers.isEmpty ? .heading : .other
    }

    /// Whether a line whose containers do not all match opens a block at `q` (its first
    /// non-blank byte; `p` where the matched containers end), rather than being a lazy
    /// continuation of the open paragraph. Any list marker does: a list item only
    /// interrupts a paragraph of its own container with a restriction.
    private func startsBlock(
      _ buf: UnsafeBufferPointer<UInt8>, _ p: Position, _ q: Position, _ end: Int
    ) -> Bool {
      guard q.column - p.column < 4 else { return false }
      switch buf[q.at] {
      case 62: return true
      case 35: return isHeading(buf, q.at, end)
      case 96, 126: return fence(buf, q.at, end) != nil
      case 60:
        let kind = MarkdownHTMLBlock.opening(buf, q.at, end)
        return kind != nil && kind != .anyTag
      case 42, 45, 95, 43, 48...57:
        return isThematicBreak(buf, q.at, end) || listMarker(buf, q, end) != nil
      default: return false
      }
    }

    /// The innermost list item has content from now on.
    @inline(__always)
    private mutating func fillInnermost() {
      if let last = containers.last, case .item(let content, true) = last {
        containers[containers.count - 1] = .item(content: content, empty: false)
      }
    }

    /// After a block quote's `>` at `q`: past it and one space (or a column of a tab).
    private func afterQuoteMarker(_ buf: UnsafeBufferPointer<UInt8>, _ q: Position, _ end: Int)
      -> Position
    {
      let p = Position(at: q.at + 1, column: q.column + 1)
      guard p.at < end, buf[p.at] == 32 || buf[p.at] == 9 else { return p }
      return advance(buf, p, to: p.column + 1, end)
    }
  }
}

extension MarkdownFormat {
  /// CommonMark's block structure read one line at a time, as far as top-level list
  /// items care (FORMATS.md §3.3): the open containers (block quotes and list items,
  /// nested) and the open leaf block inside the innermost, as in CommonMark's own
  /// parsing strategy (spec, appendix "A parsing strategy"). Each line first matches
  /// the open containers, then continues the leaf (a fence, an HTML block, indented
  /// code, a paragraph's text), is a lazy line of a paragraph, or opens new blocks.
  ///
  /// An HTML block of kind 7 interrupts no paragraph, not even at a lazy line (as cmark
  /// and markdown-it read it). Where the reference parsers differ: a line indented 4
  /// or more columns past the containers it matches starts no block, so it may be lazy
  /// (the specification and cmark; markdown-it, which FORMATS.md §7 checks against,
  /// measures from the innermost container); a blank line right after an item's bare
  /// marker ends the item whatever its spaces (commonmark.js and markdown-it; cmark
  /// keeps a line of spaces that reach the content). Inline content, link reference
  /// definitions and tables are not read: a table is paragraph text, as CommonMark has
  /// it.
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

    /// The open containers, outermost first: the first `depth` of `stack` (the rest is
    /// room kept from deeper lines, so that opening and closing allocate nothing).
    private var stack: [Container] = []
    private(set) var depth = 0
    private(set) var leaf = Leaf.none
    /// Whether the commonest lines are recognised before the general reading (tests
    /// compare the two).
    var quick = true

    /// Whether a top-level list item is open.
    var inItem: Bool {
      guard depth > 0, case .item = stack[0] else { return false }
      return true
    }

    /// Opens a container inside the innermost.
    @inline(__always)
    private mutating func push(_ container: Container) {
      if depth < stack.count {
        stack[depth] = container
      } else {
        stack.append(container)
      }
      depth += 1
    }

    /// Whether a line `- text` from column 0 would not start a top-level item: an open
    /// fence or HTML block outside every container swallows it.
    @inline(__always)
    var swallowsItems: Bool {
      guard depth == 0 else { return false }
      switch leaf {
      case .fence, .html: return true
      case .none, .paragraph, .code: return false
      }
    }

    /// Forgets every open block: a line that ends them all comes next.
    mutating func reset() {
      depth = 0
      leaf = .none
    }

    /// The state after a line `- text` or `N. text` from column 0 whose text, at
    /// `content`, opens nothing but a paragraph (`Reader.startsPlainItem`,
    /// `Reader.orderedContent`).
    @inline(__always)
    mutating func openPlainItem(content: Int) {
      depth = 0
      push(.item(content: content, empty: false))
      leaf = .paragraph
    }

    /// Whether the line at `start`, which a second half of the file starts with (it
    /// starts a list item or is a heading, from column 0), reads here as it does
    /// before any open block: no fence or HTML block outside containers swallows it,
    /// and no open paragraph takes a marker that may not interrupt it as its text.
    func readsAfresh(_ buf: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
      guard depth == 0 else { return true }
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
      // The first non-blank byte from `p`: an item's indentation consumed up to its
      // content column leaves it where it is.
      var q = firstNonBlank(buf, p, end)
      let lineBlank = q.at == end
      // The commonest lines inside an item. More text of an open paragraph: whatever
      // containers it matches, a line that starts no block goes on with the paragraph,
      // in them or lazily, and this byte starts none (nor a setext underline).
      if quick && !lineBlank {
        if leaf == .paragraph && buf[q.at] != 61 && Reader.opensOnlyText(buf[q.at]) {
          return reading(false)
        }
        if let plain = plainItem(buf, q, end) { return plain }
      }
      var matched = 0
      let open = depth
      matching: while matched < open {
        switch stack[matched] {
        case .quote:
          guard q.at < end, q.column - p.column <= 3, buf[q.at] == 62 else { break matching }
          p = afterQuoteMarker(buf, q, end)
          q = firstNonBlank(buf, p, end)
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
      let blank = q.at == end
      var paragraphOpen = false
      if matched == open {
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
        depth = matched
        leaf = .none
        if blank { return reading(lineBlank) }
      }
      return openBlocks(buf, p, q, end, paragraphOpen: paragraphOpen, lineBlank: lineBlank)
    }

    /// The reading of a line `- text` (or `*`, `+`; one space, then a byte that is no
    /// blank and `Reader.opensOnlyText`) from its first non-blank byte `q`, at any depth, when
    /// that is quickly known: the line matches the items whose content column it
    /// reaches (no block quote: it has no `>`), ends the rest, and opens an item holding
    /// a paragraph; unless an open fence, HTML block or indented code it matches takes
    /// it, or it is indented 4 or more columns past them. Nil: `read` decides.
    @inline(__always)
    private mutating func plainItem(_ buf: UnsafeBufferPointer<UInt8>, _ q: Position, _ end: Int)
      -> Reading?
    {
      guard end - q.at >= 3 else { return nil }
      let marker = buf[q.at]
      let text = buf[q.at + 2]
      guard marker == 45 || marker == 42 || marker == 43, buf[q.at + 1] == 32, text != 32,
        text != 9, Reader.opensOnlyText(text)
      else { return nil }
      var matched = 0
      var column = 0
      while matched < depth, case .item(let content, _) = stack[matched], content <= q.column {
        column = content
        matched += 1
      }
      guard q.column - column < 4 else { return nil }
      switch leaf {
      case .paragraph, .none: break
      case .fence, .html, .code: guard matched < depth else { return nil }
      }
      depth = matched
      fillInnermost()
      push(.item(content: q.column + 2, empty: false))
      leaf = .paragraph
      return matched == 0 ? .itemStart : .inItem
    }

    /// The new blocks a line opens from `p` (`q` its first non-blank byte, not the
    /// line's end), in the innermost matched container, and the line's reading.
    /// `paragraphOpen`: the line would continue a paragraph unless it interrupts it.
    private mutating func openBlocks(
      _ buf: UnsafeBufferPointer<UInt8>, _ start: Position, _ first: Position, _ end: Int,
      paragraphOpen: Bool, lineBlank: Bool
    ) -> Reading {
      var p = start
      var q = first
      var paragraphOpen = paragraphOpen
      var openedTop = false
      var heading = false
      opening: while true {
        fillInnermost()
        if q.column - p.column >= 4 {
          if !paragraphOpen { leaf = .code }
          break
        }
        // Each test needs its own first byte; most lines are settled by that byte alone.
        switch buf[q.at] {
        case 62:  // >
          push(.quote)
          p = afterQuoteMarker(buf, q, end)
          paragraphOpen = false
          leaf = .none
          q = firstNonBlank(buf, p, end)
          if q.at == end { break opening }
          continue opening
        case 35:  // #
          if isHeading(buf, q.at, end) {
            leaf = .none
            heading = true
            break opening
          }
        case 96, 126:  // ` ~
          if let f = fence(buf, q.at, end) {
            leaf = .fence(char: f.char, count: f.count)
            break opening
          }
        case 60:  // <
          if let kind = MarkdownHTMLBlock.opening(buf, q.at, end),
            !(paragraphOpen && kind == .anyTag)
          {
            leaf = !kind.endsAtBlankLine && kind.ends(buf, q.at, end) ? .none : .html(kind)
            break opening
          }
        case 42, 45, 95, 43, 48...57:  // * - _ + and digits
          if isThematicBreak(buf, q.at, end) {
            leaf = .none
            break opening
          }
          if let marker = listMarker(buf, q, end),
            !(paragraphOpen && (marker.empty || (marker.ordered && !marker.isOne)))
          {
            if depth == 0 { openedTop = true }
            push(.item(content: marker.content, empty: marker.empty))
            p = marker.contentStart
            paragraphOpen = false
            leaf = .none
            q = firstNonBlank(buf, p, end)
            if q.at == end { break opening }
            continue opening
          }
        default:
          break
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
      return heading && depth == 0 ? .heading : .other
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
      if depth > 0, case .item(let content, true) = stack[depth - 1] {
        stack[depth - 1] = .item(content: content, empty: false)
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

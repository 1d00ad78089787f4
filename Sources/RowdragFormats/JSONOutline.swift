/// What the scanner keeps of a valid document: the top-level value, the spans of the
/// values at depth 1, and those at depth 2 while they can still be the elements of an
/// array of arrays or an object of arrays. Sixteen bytes per element, nothing per
/// member: an element's members are read again from the bytes when needed.
struct JSONOutline {
  enum Kind: UInt8 {
    case object, array, string, number, literal
  }

  var topKind = Kind.literal
  var topStart = 0
  var topEnd = 0
  /// Every depth-1 value (an element of a top-level array, or a member value of a
  /// top-level object), in document order.
  var depth1: [Span] = []
  /// The keys (quotes included) of a top-level object's members, parallel to `depth1`.
  var depth1Keys: [Span] = []
  /// Whether every depth-1 value so far is an array, so depth 2 holds the elements.
  var depth1AllArrays = true
  /// The depth-2 values, kept only while `depth1AllArrays`.
  var depth2: [Span] = []
  /// For each depth-1 array: how many depth-2 values precede its end (only while
  /// `depth1AllArrays`).
  var depth2Ends: [Int] = []
  /// Whether some object key has a backslash escape, so a key's bytes may differ from
  /// its name and metadata must be read member by member.
  var keysHaveEscapes = false
  /// Offsets, in document order, of the keys below depth 1 whose bytes are a watched
  /// member name (`JSONScanner.init(_:watching:)`).
  var watchedKeys: [Int] = []

  /// A container starts at `start`.
  @inline(__always)
  mutating func open(_ kind: Kind, depth: Int, at start: Int) {
    switch depth {
    case 0:
      topKind = kind
      topStart = start
    case 1:
      depth1.append(Span(start: start, end: start))
      if kind != .array { dropDepth2() }
    case 2 where depth1AllArrays:
      depth2.append(Span(start: start, end: start))
    default:
      break
    }
  }

  /// The container that started at `depth` (now the stack's depth) ends before `end`.
  @inline(__always)
  mutating func close(depth: Int, at end: Int) {
    switch depth {
    case 0:
      topEnd = end
    case 1:
      depth1[depth1.count - 1].end = end
      if depth1AllArrays { depth2Ends.append(depth2.count) }
    case 2 where depth1AllArrays:
      depth2[depth2.count - 1].end = end
    default:
      break
    }
  }

  /// A string, number or literal spans `start..<end`.
  @inline(__always)
  mutating func scalar(_ kind: Kind, depth: Int, _ start: Int, _ end: Int) {
    switch depth {
    case 0:
      topKind = kind
      topStart = start
      topEnd = end
    case 1:
      depth1.append(Span(start: start, end: end))
      dropDepth2()
    case 2 where depth1AllArrays:
      depth2.append(Span(start: start, end: end))
    default:
      break
    }
  }

  /// Adds what a scan that started inside an array recorded (its depth 1 being that
  /// array's values) to this outline, given the array's true depth: the spans a single
  /// pass would have recorded, at the depths it would have recorded them.
  mutating func append(_ other: JSONOutline, containerDepth: Int) {
    keysHaveEscapes = keysHaveEscapes || other.keysHaveEscapes
    watchedKeys += other.watchedKeys
    switch containerDepth {
    case 0:  // the top-level array: its values are at depth 1
      depth1 += other.depth1
      guard depth1AllArrays else { return }
      if other.depth1AllArrays {
        let before = depth2.count
        depth2 += other.depth2
        depth2Ends += other.depth2Ends.map { $0 + before }
      } else {
        dropDepth2()
      }
    case 1 where depth1AllArrays:  // a section: its values are at depth 2
      depth2 += other.depth1
    default:
      break
    }
  }

  private mutating func dropDepth2() {
    guard depth1AllArrays else { return }
    depth1AllArrays = false
    depth2 = []
    depth2Ends = []
  }
}

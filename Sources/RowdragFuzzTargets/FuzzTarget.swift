import Glibc

/// The fuzz targets `rowdrag-fuzz` runs, chosen by `ROWDRAG_FUZZ_TARGET`. Each takes
/// arbitrary bytes, must never trap, and checks its own invariants with `precondition`
/// (a violation is a crash libFuzzer reports and saves).
public enum FuzzTarget: String, CaseIterable, Sendable {
  /// Lexer, parser and the session running what parses, on a small sectioned list.
  case commands
  /// The JSON scanner: whatever parses prints back byte for byte and survives a reorder.
  case json
  /// The text loader: every input prints back byte for byte and survives a reorder.
  case text
  /// The engine under random gestures, moves and settings, invariants after each.
  case engine
  /// Every structured format: loads or fails, prints back, keeps every line when moved.
  case formats
  /// The live view's terminal input decoder: keys and SGR mouse reports, in any reads.
  case live

  /// The target names, for messages.
  public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

  /// The target `ROWDRAG_FUZZ_TARGET` names, if any.
  public static let selected: FuzzTarget? = getenv("ROWDRAG_FUZZ_TARGET").flatMap {
    FuzzTarget(rawValue: String(cString: $0))
  }

  /// Runs the target on one input.
  public func run(_ bytes: UnsafeBufferPointer<UInt8>) {
    switch self {
    case .commands: CommandsTarget.run(bytes)
    case .json: JSONTarget.run(bytes)
    case .text: TextTarget.run(bytes)
    case .engine: EngineTarget.run(bytes)
    case .formats: FormatsTarget.run(bytes)
    case .live: LiveInputTarget.run(bytes)
    }
  }
}

/// libFuzzer's callback (through the C driver).
@_cdecl("rowdrag_fuzz_one")
public func rowdragFuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  guard let target = FuzzTarget.selected else { return 0 }
  target.run(UnsafeBufferPointer(start: data, count: data == nil ? 0 : size))
  return 0
}

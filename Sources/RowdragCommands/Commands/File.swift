/// The commands about the list's file and the session's end: write it, read it again,
/// leave.
public enum FileCommand: Sendable, Equatable {
  /// `write [FILE]`, or `write! [FILE]` (`force`: over a file changed since it was read).
  case write(String?, force: Bool = false)
  /// Drops the session's changes and reads the list file again.
  case reload
  case quit(force: Bool)
}

extension FileCommand {
  static let writeRow = CommandSpec(
    "write", aliases: ["w"], replays: false, "[FILE]",
    "save the list (to FILE, else to the file it came from)",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    return .file(.write(args.tokens.first?.text))
  }

  static let writeForcedRow = CommandSpec(
    "write!", replays: false, "[FILE]",
    "save even over a file another program changed since it was read",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    return .file(.write(args.tokens.first?.text, force: true))
  }

  static let reloadRow = CommandSpec(
    "reload", replays: false, "drop the session's changes and undo history, read the file again",
    .file(.reload))

  static let quitRow = CommandSpec(
    "quit", aliases: ["q"], replays: false, "leave (the REPL warns once about unsaved changes)",
    .file(.quit(force: false)))

  static let quitForcedRow = CommandSpec(
    "quit!", aliases: ["Q"], replays: false, "leave without saving or asking",
    .file(.quit(force: true)))
}

extension FileCommand {
  func run(in context: CommandContext) throws -> Session.Outcome {
    switch self {
    case .write(let path, let force):
      try context.session.write(to: path, force: force, notify: context.effects.notify)
    case .reload: try context.session.reload()
    case .quit(let force): return .quit(force: force)
    }
    return .proceed
  }
}

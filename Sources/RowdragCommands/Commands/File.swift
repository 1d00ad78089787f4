/// The commands about the list's file and the session's end: write it, read it again,
/// leave.
public enum FileCommand {}

extension FileCommand {
  static let writeRow = CommandSpec(
    "write", aliases: ["w"], replays: false, "[FILE]",
    "save the list (to FILE, else to the file it came from)",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    return .write(args.tokens.first?.text)
  }

  static let writeForcedRow = CommandSpec(
    "write!", replays: false, "[FILE]",
    "save even over a file another program changed since it was read",
    completes: .fileNames, takesPath: true
  ) { (args) throws(CommandError) in
    try args.arity(0...1)
    return .write(args.tokens.first?.text, force: true)
  }

  static let reloadRow = CommandSpec(
    "reload", replays: false, "drop the session's changes and undo history, read the file again",
    .reload)

  static let quitRow = CommandSpec(
    "quit", aliases: ["q"], replays: false, "leave (the REPL warns once about unsaved changes)",
    .quit(force: false))

  static let quitForcedRow = CommandSpec(
    "quit!", aliases: ["Q"], replays: false, "leave without saving or asking", .quit(force: true))
}

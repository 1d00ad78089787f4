/// Gives meaning to a `RawCommand` through its row of the command table.
public enum CommandParser {
  /// Words people type to delete a row, which rowdrag does not do: the error says what
  /// does instead of suggesting the nearest command.
  static let deletingWords: Set<String> = ["delete", "del", "rm", "remove", "d", "kill"]

  /// Parses one command; an unknown name suggests the nearest one.
  public static func parse(_ raw: RawCommand) throws(CommandError) -> Command {
    try parseWithRow(raw).command
  }

  /// Parses one command and gives its row too (whether it `replays`).
  public static func parseWithRow(_ raw: RawCommand) throws(CommandError) -> (
    command: Command, row: CommandSpec
  ) {
    guard let spec = CommandTable.spec(named: raw.name) else {
      if deletingWords.contains(raw.name) {
        throw CommandError(
          command: raw.name,
          message: "rowdrag reorders rows and deletes none; a git rebase todo drops a commit "
            + "with its drop mark (mark ADDR drop), and your editor or sed deletes lines")
      }
      throw CommandError(
        command: raw.name,
        message: "unknown command"
          + Suggestion.hint(for: raw.name, in: CommandTable.allNames) + " ('help' lists commands)")
    }
    let command = try spec.parse(
      CommandArguments(name: raw.name, tokens: raw.arguments, spec: spec))
    return (command, spec)
  }
}

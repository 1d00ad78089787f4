/// Gives meaning to a `RawCommand` through its row of the command table.
public enum CommandParser {
  /// Parses one command; an unknown name suggests the nearest one.
  public static func parse(_ raw: RawCommand) throws(CommandError) -> Command {
    guard let spec = CommandTable.spec(named: raw.name) else {
      throw CommandError(
        command: raw.name,
        message: "unknown command"
          + Suggestion.hint(for: raw.name, in: CommandTable.allNames) + " ('help' lists commands)")
    }
    return try spec.parse(
      CommandArguments(name: raw.name, tokens: raw.arguments, spec: spec))
  }
}

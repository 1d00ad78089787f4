import RowdragCommands

/// The interactive shell (placeholder until the readline front lands).
public enum REPL {
  public static func start(_ session: Session, _ options: Options) -> ExitCode {
    .usage
  }
}

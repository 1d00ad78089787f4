import RowdragSystem

/// A file could not be read or written (exit status 4).
public struct IOFailure: Error, Sendable, Equatable {
  /// The file, or `<stdin>` / `<stdout>`.
  public var path: String
  /// What went wrong, lowercase, as `strerror` says it or more specific.
  public var message: String

  public init(path: String, message: String) {
    self.path = path
    self.message = message
  }

  /// A failure described by the current `errno`.
  static func errno(_ path: String, _ what: String) -> IOFailure {
    let text = System.errorText(System.errorNumber)
    return IOFailure(path: path, message: what.isEmpty ? text : "\(what): \(text)")
  }
}

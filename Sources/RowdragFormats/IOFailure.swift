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
  ///
  /// `EFAULT` ("bad address") can only mean that bytes written from the mapped list
  /// file were cut off by another program shrinking the file — the kernel reports it
  /// this way instead of raising SIGBUS — so it is said as SIGBUS's handler says it.
  static func errno(_ path: String, _ what: String) -> IOFailure {
    let code = System.errorNumber
    if code == System.badAddress { return .listFileShrank }
    let text = System.errorText(code)
    return IOFailure(path: path, message: what.isEmpty ? text : "\(what): \(text)")
  }

  /// The mapped list file shrank under rowdrag (exit status 4).
  public static let listFileShrank = IOFailure(
    path: "", message: "the list file shrank while it was being read")

  /// `PATH: message`, or the message alone when no one file is to blame.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

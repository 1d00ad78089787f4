import RowdragSystem

/// A file could not be read or written (exit status 4).
public struct IOFailure: Error, Sendable, Equatable {
  /// The file, or `<stdin>` / `<stdout>`.
  public var path: String
  /// What went wrong, lowercase, as `strerror` says it or more specific.
  public var message: String
  /// The `errno` behind it, 0 when none.
  public var code: Int32 = 0

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
    var failure = IOFailure(path: path, message: what.isEmpty ? text : "\(what): \(text)")
    failure.code = code
    return failure
  }

  /// Whether the file does not exist.
  public var isMissingFile: Bool { code == System.noSuchFile }

  /// The mapped list file shrank under rowdrag (exit status 4).
  public static let listFileShrank = IOFailure(
    path: "", message: "the list file shrank while it was being read")

  /// Failures are the same when they say the same thing.
  public static func == (a: IOFailure, b: IOFailure) -> Bool {
    a.path == b.path && a.message == b.message
  }

  /// `PATH: message`, or the message alone when no one file is to blame.
  public var description: String { path.isEmpty ? message : "\(path): \(message)" }
}

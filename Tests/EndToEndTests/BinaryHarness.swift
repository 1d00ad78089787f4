import Foundation

/// Runs the built `rowdrag` binary as a separate process.
enum Binary {
  /// The binary next to the test bundle (`.build/<triple>/debug/rowdrag`), or
  /// `$ROWDRAG_BIN`.
  static var path: String {
    if let override = ProcessInfo.processInfo.environment["ROWDRAG_BIN"] { return override }
    let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
    return bundle.appendingPathComponent("rowdrag").path
  }

  struct Result {
    var stdout: Data
    var stderr: String
    var status: Int32
    var text: String { String(decoding: stdout, as: UTF8.self) }
  }

  /// The environment for a child the test kills at a random moment: this process's (or
  /// `base`), with its coverage counters going nowhere. Under `swift test
  /// --enable-code-coverage` every child writes a profile that the run merges (and
  /// counts); one killed while writing it leaves a truncated file that fails the merge.
  static func childEnvironment(_ base: [String: String]? = nil) -> [String: String] {
    var environment = base ?? ProcessInfo.processInfo.environment
    environment["LLVM_PROFILE_FILE"] = "/dev/null"
    return environment
  }

  /// Runs with `arguments`, feeding `stdin` (or /dev/null). Output goes through
  /// temporary files, so neither stream can fill a pipe and stall the other.
  static func run(_ arguments: [String], stdin: Data? = nil, environment: [String: String]? = nil)
    throws -> Result
  {
    let dir = try TemporaryDirectory()
    let outPath = try dir.file("stdout", Data())
    let errPath = try dir.file("stderr", Data())
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path)
    process.arguments = arguments
    if let environment { process.environment = environment }
    process.standardOutput = FileHandle(forWritingAtPath: outPath)
    process.standardError = FileHandle(forWritingAtPath: errPath)
    if let stdin {
      process.standardInput = FileHandle(forReadingAtPath: try dir.file("stdin", stdin))
    } else {
      process.standardInput = FileHandle.nullDevice
    }
    try process.run()
    process.waitUntilExit()
    return Result(
      stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
      stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Runs a shell pipeline with `$ROWDRAG` set to the binary.
  static func shell(_ script: String) throws -> Result {
    var environment = ProcessInfo.processInfo.environment
    environment["ROWDRAG"] = path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = ["-c", script]
    process.environment = environment
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      stdout: outData, stderr: String(decoding: errData, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A fresh temporary directory, removed at deinit.
final class TemporaryDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "rowdrag-test-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func file(_ name: String, _ contents: Data) throws -> String {
    let path = url.appendingPathComponent(name).path
    try contents.write(to: URL(fileURLWithPath: path))
    return path
  }

  func file(_ name: String, _ text: String) throws -> String { try file(name, Data(text.utf8)) }
}

/// Golden files under `Tests/EndToEndTests/Golden/`; `ROWDRAG_RECORD=1` rewrites them.
enum Golden {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Golden")

  /// Nil when `actual` matches, else a description of the difference.
  ///
  /// With `ROWDRAG_RECORD=1` the file is written and the check still fails, as
  /// argument-parser's snapshot tests do: a recorded run never passes by itself, and the
  /// new file is reviewed as a diff before the run that passes.
  static func check(_ name: String, _ actual: String) -> String? {
    let url = directory.appendingPathComponent(name)
    if ProcessInfo.processInfo.environment["ROWDRAG_RECORD"] == "1" {
      do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(actual.utf8).write(to: url)
        return "recorded \(name); review the diff, then run again without ROWDRAG_RECORD"
      } catch {
        return "could not record \(name): \(error)"
      }
    }
    guard let data = try? Data(contentsOf: url) else {
      return "missing golden file \(name); record with ROWDRAG_RECORD=1"
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return nil }
    return "\(name) differs:\n--- expected\n\(expected)\n--- actual\n\(actual)"
  }
}

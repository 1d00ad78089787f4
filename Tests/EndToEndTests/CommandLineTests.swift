import Foundation
import Testing

@Suite("command line")
struct CommandLineTests {
  @Test("-e and -f run in order; errors name the script file and line")
  func scriptsInOrder() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("list.txt", "a\nb\nc\n")
    let script = try dir.file("s.rowdrag", "# a comment\nmove 1 $\n")
    let result = try Binary.run(["-e", "move 2 1", "-f", script, "-e", "state", list])
    #expect(result.status == 0)
    #expect(result.text.hasPrefix("{\"t\":0,"))
    let lines = result.text.split(separator: "\n")
    #expect(Array(lines.suffix(3)) == ["a", "c", "b"])
    let bad = try dir.file("bad.rowdrag", "move 1 2\n\npress 7\n")
    let failed = try Binary.run(["-f", bad, list])
    #expect(failed.status == 1)
    #expect(failed.stderr == "rowdrag: \(bad):3: press: row 7 does not exist; rows are 1 to 3\n")
    #expect(failed.stdout.isEmpty)
  }

  @Test("commands come from standard input when the list came from a file")
  func commandsFromStdin() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("list.txt", "a\nb\nc\n")
    let result = try Binary.run([list], stdin: Data("move 3 1\nbogus\n".utf8))
    #expect(result.status == 1)
    #expect(result.stderr == "rowdrag: <stdin>:2: bogus: unknown command ('help' lists commands)\n")
  }

  @Test("exit statuses: usage 2, unreadable 4, full disk 4, success 0")
  func exitStatuses() throws {
    #expect(try Binary.run(["--bogus"]).status == 2)
    #expect(try Binary.run(["-e"]).status == 2)
    #expect(try Binary.run(["a.txt", "b.txt"]).status == 2)
    #expect(try Binary.run(["--rule", "sideways", "-e", "state"], stdin: Data()).status == 2)
    #expect(try Binary.run(["--viewport", "-5", "-e", "state"], stdin: Data()).status == 2)
    #expect(try Binary.run(["-i", "-e", "state"], stdin: Data()).status == 2)
    let missing = try Binary.run(["/nonexistent/list.txt", "-e", "state"])
    #expect(missing.status == 4)
    #expect(
      missing.stderr == "rowdrag: /nonexistent/list.txt: cannot open: no such file or directory\n")
    let full = try Binary.shell("printf 'a\\nb\\n' | \"$ROWDRAG\" -e 'move 1 2' > /dev/full")
    #expect(full.status == 4)
    #expect(full.stderr == "rowdrag: <stdout>: cannot write: no space left on device\n")
    let writeFull = try Binary.shell("printf 'a\\nb\\n' | \"$ROWDRAG\" -n -e 'write /dev/full'")
    #expect(writeFull.status == 4)
    #expect(writeFull.stderr.contains("no space left on device"))
    let version = try Binary.run(["--version"]).text
    #expect(version.hasPrefix("rowdrag 0.2.0\nLicense GPLv3"))
    #expect(version.hasSuffix("to the extent permitted by law.\n"))
    #expect(try Binary.run(["--help"]).text.contains("--autoscroll"))
  }

  @Test("trace takes an absolute path as write does (issue 22)")
  func traceAbsolutePath() throws {
    let dir = try TemporaryDirectory()
    let list = try dir.file("list.txt", "a\nb\n")
    let trace = dir.url.appendingPathComponent("t.jsonl").path
    let result = try Binary.run(["-n", "-e", "trace \(trace); tick 2; trace off", list])
    #expect(result.status == 0, "\(result.stderr)")
    let lines = try String(contentsOfFile: trace, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 2)
  }

  @Test("a full disk under --trace is reported once, by the command that wrote (issue 22)")
  func traceFullDiskOnce() throws {
    for script in ["tick 50000", "tick 5", "tick 50000; tick 50000"] {
      let result = try Binary.shell(
        "printf 'a\\nb\\n' | \"$ROWDRAG\" -n --keep-going --trace /dev/full -e '\(script)'")
      #expect(result.status == 4, "\(script)")
      let lines = result.stderr.split(separator: "\n")
      #expect(lines.count == 1, "\(script): \(result.stderr)")
      #expect(result.stderr.contains("/dev/full: cannot write: no space left on device"))
    }
  }

  @Test("writing into a closed pipe ends quietly")
  func closedPipe() throws {
    let result = try Binary.shell("seq 200000 | \"$ROWDRAG\" -e 'move 1 $' | head -1")
    #expect(result.text == "2\n")
    #expect(result.stderr.isEmpty)
  }

  @Test("a list file shrunk by another program mid-run is a read failure, not a crash")
  func shrunkInput() throws {
    // The script comes from a FIFO, which rowdrag opens only after loading the list:
    // opening it for writing here waits until the list is mapped.
    let result = try Binary.shell(
      """
      d=$(mktemp -d); seq 100000 > "$d/list"; mkfifo "$d/script"
      "$ROWDRAG" -f "$d/script" "$d/list" > "$d/out" 2> "$d/err" & pid=$!
      exec 3> "$d/script"
      : > "$d/list"
      echo print >&3; exec 3>&-
      wait $pid; echo "status $?"; cat "$d/err"; rm -r "$d"
      """)
    #expect(result.text == "status 4\nrowdrag: the list file shrank while it was being read\n")
  }

  @Test("a list file truncated at any moment of a load is exit 0 or 4, never a crash")
  func shrunkDuringLoad() throws {
    // 168 MB: counting its lines takes two threads long enough to be interrupted, and
    // the fault may arrive on either (it once trapped on the background thread: the
    // handler was main-actor isolated).
    let result = try Binary.shell(
      """
      d=$(mktemp -d); seq 20000000 > "$d/big"
      for delay in 0 0.002 0.005 0.01 0.02 0.04 0.08 0.15; do
        cp "$d/big" "$d/list"
        "$ROWDRAG" -n -e list "$d/list" > /dev/null 2> "$d/err" & pid=$!
        sleep $delay; : > "$d/list"; wait $pid; status=$?
        if [ $status -ne 0 ] && { [ $status -ne 4 ] || [ "$(cat "$d/err")" != \
          "rowdrag: the list file shrank while it was being read" ]; }; then
          echo "delay $delay: status $status: $(head -c 300 "$d/err")"
        fi
      done
      rm -r "$d"; echo done
      """)
    #expect(result.text == "done\n")
  }

  @Test(
    "write refuses a link another user planted in a sticky shared directory, as the kernel does",
    .enabled(if: getuid() == 0, "planting a link owned by another user needs root"))
  func protectedSymlinks() throws {
    let result = try Binary.shell(
      """
      d=$(mktemp -d); mkdir "$d/shared" "$d/plain"; chmod 1777 "$d/shared"
      echo secret > "$d/secret"; printf 'a\nb\n' > "$d/list"
      ln -s "$d/secret" "$d/shared/planted"; chown -h 65534 "$d/shared/planted"
      "$ROWDRAG" -n -e "write $d/shared/planted" "$d/list"; echo "status $?"
      cat "$d/secret"
      ln -s "$d/secret" "$d/shared/mine"
      "$ROWDRAG" -n -e "move 1 2; write $d/shared/mine" "$d/list"; echo "status $?"
      cat "$d/secret"; [ -L "$d/shared/mine" ] && echo "still a link"
      ln -s "$d/secret" "$d/plain/other"; chown -h 65534 "$d/plain/other"
      "$ROWDRAG" -n -e "write $d/plain/other" "$d/list"; echo "status $?"; cat "$d/secret"
      rm -r "$d"
      """)
    let lines = result.text.split(separator: "\n").map(String.init)
    #expect(
      lines == ["status 4", "secret", "status 0", "b", "a", "still a link", "status 0", "a", "b"])
    #expect(result.stderr.contains("refusing to follow a symbolic link that user 65534 put in"))
  }

  @Test("running out of memory is one line and exit status 4, never a backtrace")
  func outOfMemory() throws {
    // A 259 MB list under address-space limits (rowdrag itself needs under 20 MB):
    // 200 MB fits neither the mapping nor a copy; 350 MB fits the mapping but not the
    // 240 MB table of line starts that --header needs.
    let result = try Binary.shell(
      """
      d=$(mktemp -d); seq 30000000 > "$d/list"
      (ulimit -v 200000; "$ROWDRAG" -n -e state "$d/list"; echo "status $?")
      (ulimit -v 200000; "$ROWDRAG" -n -e state < "$d/list"; echo "status $?")
      (ulimit -v 350000; "$ROWDRAG" -n --header '^1' -e state "$d/list"; echo "status $?")
      rm -r "$d"
      """)
    #expect(result.text == "status 4\nstatus 4\nstatus 4\n")
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(result.stderr)")
    #expect(lines.allSatisfy { $0.hasPrefix("rowdrag: ") && $0.contains("out of memory") })
    #expect(
      lines.last
        == "rowdrag: out of memory; the list needs more than this process may use (see ulimit -v)")
  }

  @Test("a lone - is standard input; -- ends options")
  func dashes() throws {
    let dir = try TemporaryDirectory()
    let odd = try dir.file("-odd.txt", "x\ny\n")
    let viaDash = try Binary.run(["-e", "move 1 2", "-"], stdin: Data("p\nq\n".utf8))
    #expect(viaDash.text == "q\np\n")
    let result = try Binary.run(["-e", "move 1 2", "--", odd])
    #expect(result.text == "y\nx\n")
  }
}

@Suite("in-place writes")
struct InPlaceTests {
  func mode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) ?? -1
  }

  func inode(_ path: String) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? Int) ?? -1
  }

  @Test("-i writes back, keeps the mode, makes the backup, prints nothing")
  func writesBack() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("todo.txt", "a\nb\nc\n")
    chmod(path, 0o640)
    let result = try Binary.run(["-i.bak", "-e", "move 1 $", path])
    #expect(result.status == 0)
    #expect(result.stdout.isEmpty)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\nc\na\n")
    #expect(try String(contentsOfFile: path + ".bak", encoding: .utf8) == "a\nb\nc\n")
    #expect(try mode(path) == 0o640)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
      $0.hasPrefix(".rowdrag")
    }
    #expect(leftovers.isEmpty)
  }

  @Test("-i with nothing changed does not touch the file")
  func noChangeNoWrite() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("todo.txt", "a\nb\n")
    let before = try inode(path)
    #expect(try Binary.run(["-i", "-e", "move 1 2; move 2 1", path]).status == 0)
    #expect(try inode(path) == before)
  }

  @Test("a failing command writes nothing back")
  func failureWritesNothing() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("todo.txt", "a\nb\n")
    let result = try Binary.run(["-i", "-e", "move 1 2; press 9", path])
    #expect(result.status == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
    let keepGoing = try Binary.run(["-i", "--keep-going", "-e", "move 1 2; press 9", path])
    #expect(keepGoing.status == 1)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
  }

  @Test("-i through a symbolic link edits the file it names and keeps the link")
  func symbolicLink() throws {
    let dir = try TemporaryDirectory()
    let target = try dir.file("real.txt", "a\nb\n")
    let link = dir.url.appendingPathComponent("link.txt").path
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(try Binary.run(["-i", "-e", "move 1 2", link]).status == 0)
    #expect(try String(contentsOfFile: target, encoding: .utf8) == "b\na\n")
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
  }

  @Test("-i refuses what is not a regular file")
  func refusesDevices() throws {
    let result = try Binary.run(["-i", "-e", "state", "/dev/null"])
    #expect(result.status == 4)
    #expect(result.stderr.contains("not a regular file"))
  }

  @Test("write FILE saves atomically and clears dirty; the list's own file is still written later")
  func writeCommand() throws {
    let dir = try TemporaryDirectory()
    let path = try dir.file("todo.txt", "a\nb\n")
    let out = dir.url.appendingPathComponent("out.txt").path
    let copy = try Binary.run(["-n", "-e", "move 1 2; write \(out); state", path])
    #expect(copy.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "b\na\n")
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "a\nb\n")
    #expect(copy.text.contains("\"dirty\":false"))
    // As ed's w: after a copy, write (and -i) still writes the file the list came from.
    let result = try Binary.run(["-n", "-e", "move 1 2; write \(out); write; state", path])
    #expect(result.status == 0)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "b\na\n")
    #expect(result.text.contains("\"dirty\":false"))
  }

  @Test(
    "a signal at a random moment leaves the old or the new file whole, and no temporary file",
    arguments: [SIGKILL, SIGTERM, SIGINT, SIGHUP])
  func killedWrites(_ signal: Int32) throws {
    let dir = try TemporaryDirectory()
    let lines = (1...200_000).map { "row \($0) " + String(repeating: "x", count: $0 % 50) }
    let original = lines.joined(separator: "\n") + "\n"
    let path = try dir.file("big.txt", original)
    var generator = SystemRandomNumberGenerator()
    // Time one whole run, so the kills land anywhere in load, move, write and rename.
    let clock = ContinuousClock()
    let whole = try clock.measure { _ = try Binary.run(["-i", "-e", "move 1 $", path]) }
    let micros =
      whole.components.seconds * 1_000_000 + whole.components.attoseconds / 1_000_000_000_000
    let window = UInt32(max(20_000, min(5_000_000, micros * 12 / 10)))
    for round in 0..<30 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Binary.path)
      process.arguments = ["-i", "-e", "move 1 $", path]
      process.environment = Binary.childEnvironment()
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      usleep(UInt32.random(in: 0..<window, using: &generator))
      if process.isRunning {
        kill(process.processIdentifier, signal)
      }
      process.waitUntilExit()
      let litter = try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter {
        $0.hasPrefix(".rowdrag-")
      }
      // SIGKILL cannot be caught: only the instant between naming the finished file and
      // the rename can leave one behind, so it is cleared, not counted.
      if signal != SIGKILL {
        #expect(litter.isEmpty, "round \(round), signal \(signal): \(litter)")
      }
      for name in litter {
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent(name))
      }
      let now = try String(contentsOfFile: path, encoding: .utf8)
      let rows = now.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
      // Whole means: every row present once, as a rotation of the original.
      #expect(rows.count == lines.count, "round \(round): \(rows.count) rows")
      if let first = rows.first, let start = lines.firstIndex(of: String(first)) {
        let expected = Array(lines[start...]) + Array(lines[..<start])
        #expect(rows.map(String.init) == expected, "round \(round)")
      } else {
        Issue.record("round \(round): first row unknown")
      }
    }
  }
}

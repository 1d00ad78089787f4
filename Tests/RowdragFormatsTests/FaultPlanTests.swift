import Glibc
import Testing

@testable import RowdragSystem

/// How a debug build reads `ROWDRAG_FAULT` (the fault-injection suite drives the binary
/// with it): the call, the count and the failure, and nothing for a value it does not
/// understand, so that a mistyped plan injects nothing rather than something else.
@Suite("fault injection: the plan read from the environment", .serialized)
struct FaultPlanTests {
  static func plan(_ value: String?, report: String? = nil) -> FaultInjection.Plan {
    if let value { setenv("ROWDRAG_FAULT", value, 1) } else { unsetenv("ROWDRAG_FAULT") }
    if let report { setenv("ROWDRAG_FAULT_REPORT", report, 1) }
    defer {
      unsetenv("ROWDRAG_FAULT")
      unsetenv("ROWDRAG_FAULT_REPORT")
    }
    return FaultInjection.Plan()
  }

  @Test("CALL:N:ERROR names the call, the count and the failure")
  func reads() {
    let write = Self.plan("write:3:ENOSPC")
    #expect(write.call == .write && write.nth == 3 && write.failure == .error(ENOSPC))
    let short = Self.plan("copy_file_range:1:short")
    #expect(short.call == .copyFileRange && short.failure == .short)
    for bad in ["write:3", "nosuch:1:EIO", "read:x:EIO", "read:1:EWHAT", ""] {
      #expect(Self.plan(bad).call == nil, "\(bad)")
    }
    #expect(Self.plan(nil).call == nil)
  }

  @Test("the chosen call fails once, on its N-th time, and says so in the report file")
  func takes() throws {
    let report = "/tmp/rowdrag-fault-plan-\(getpid())"
    unlink(report)
    defer { unlink(report) }
    let plan = Self.plan("poll:2:EINTR", report: report)
    FaultInjection.seen.store(0, ordering: .sequentiallyConsistent)
    #expect(plan.take(.read) == nil)
    #expect(plan.take(.poll) == nil)
    #expect(access(report, F_OK) != 0)
    #expect(plan.take(.poll) == .error(EINTR))
    #expect(access(report, F_OK) == 0)
    #expect(plan.take(.poll) == nil)
  }
}

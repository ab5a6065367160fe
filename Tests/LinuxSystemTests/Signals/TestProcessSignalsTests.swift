import CLinux
import Glibc
import TestProcess
import Testing

/// The test process's dispositions are set once as it loads, as the panel sets its own at
/// start, so that no test depends on another having run first (issue 43, item 10).
@Suite("The test process's signals")
struct TestProcessSignalsTests {
    @Test func aWriteToAClosedPipeIsEPIPEFromTheFirstTestOn() {
        #expect(test_process_signals_set() == 1)
        var old = sigaction()
        sigaction(SIGPIPE, nil, &old)
        #expect(unsafeBitCast(old.__sigaction_handler.sa_handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self))
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        let byte: [UInt8] = [1]
        #expect(write(ends[1], byte, 1) == -1)
        #expect(errno == EPIPE)
        close(ends[1])
    }
}

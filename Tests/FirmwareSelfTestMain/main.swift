// Entry point of the firmware self-test binary: runs TouchCore's checks on the target and
// prints `N passed, N failed`, the line CI reads. Allocation-free like TouchCore itself.
import CLinux
import FirmwareSelfTest

func writeStatic(_ text: StaticString) {
    _ = fwrite(text.utf8Start, 1, text.utf8CodeUnitCount, clinux_stdout())
}

func writeNumber(_ value: Int) {
    var remaining = value
    var divisor = 1
    while remaining / divisor >= 10 {
        divisor *= 10
    }
    while divisor > 0 {
        _ = putchar(Int32(truncatingIfNeeded: 48 + remaining / divisor))
        remaining %= divisor
        divisor /= 10
    }
}

@_cdecl("main")
func selfTestMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    let report = TouchCoreSelfTest.run()
    for index in 0..<report.recordedFailures {
        writeStatic("FAILED: ")
        writeStatic(report.failure(index))
        writeStatic("\n")
    }
    writeNumber(report.passed)
    writeStatic(" passed, ")
    writeNumber(report.failed)
    writeStatic(" failed\n")
    fflush(clinux_stdout())
    return report.failed == 0 ? 0 : 1
}

import FirmwareSelfTest
import Testing

@Suite("Firmware self-test on the host")
struct FirmwareSelfTestOnHostTests {
    @Test func everyCheckPasses() {
        let report = TouchCoreSelfTest.run()
        let failures = (0..<report.recordedFailures).map { report.failure($0).description }
        #expect(failures == [])
        #expect(report.passed == 44)
    }
}

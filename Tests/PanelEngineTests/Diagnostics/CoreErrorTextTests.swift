import PanelEngine
import Testing
import TouchCore

@Suite("Core error text")
struct CoreErrorTextTests {
    @Test func aControlByteInABadFieldIsShownAsHex() {
        let line = Array("10 down 0 1 \u{1B}[2J".utf8)
        let text = line.withUnsafeBufferPointer { buffer -> String in
            guard case .error(let error) = TraceLineParser.parse(buffer) else { return "parsed" }
            return CoreErrorText.describe(error, in: buffer)
        }
        #expect(text == #"expected a coordinate in display pixels from 0 to 65535, found "\x1b[2J""#)
    }

    @Test func refusalsAndDroppedReports() {
        #expect(CoreErrorText.describe(TraceReplayError.touchAlreadyDown(id: 2, sinceLine: 4)) == "touch 2 is already down (since line 4)")
        #expect(CoreErrorText.describe(MalformedReport.duplicateID(3)) == "touch ID 3 appears twice")
    }
}

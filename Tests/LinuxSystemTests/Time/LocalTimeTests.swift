import LinuxSystem
import Testing

/// strftime writes nothing when its text does not fit its buffer: a long text is tried in a
/// larger one rather than shown empty (issue 43: `%c` 32 times showed an empty text).
@Suite("Local time as strftime writes it")
struct LocalTimeTests {
    @Test func aTextLongerThanTheFirstBufferIsWrittenWhole() {
        // In the C locale %c is 24 characters ("Thu Jan  1 00:00:00 1970" in UTC).
        #expect(LocalTime.text("%c", epochSeconds: 0).utf8.count == 24)
        #expect(LocalTime.text(String(repeating: "%c", count: 32), epochSeconds: 0).utf8.count == 768)
        #expect(LocalTime.text("%300S", epochSeconds: 0).utf8.count == 300)
        #expect(LocalTime.text("%70000S", epochSeconds: 0) == "")
    }
}

@testable import PanelConfig
import Testing

@Suite("The hand-written value grammars")
struct ValueSyntaxTests {
    @Test func integersAreStrict() {
        #expect(ValueSyntax.integer("0".utf8) == 0)
        #expect(ValueSyntax.integer("-17".utf8) == -17)
        #expect(ValueSyntax.integer("007".utf8) == 7)
        #expect(ValueSyntax.integer("9223372036854775807".utf8) == Int.max)
        #expect(ValueSyntax.integer("-9223372036854775808".utf8) == Int.min)
        for junk in ["", "-", "+1", "1_000", "0x10", "1.5", "12px", " 1", "1 ", "9223372036854775808", "--1", "1-"] {
            #expect(ValueSyntax.integer(junk.utf8) == nil, "\(junk)")
        }
    }

    @Test func editDistanceCountsSingleByteEdits() {
        #expect(Suggestion.editDistance(Array("on_tapp".utf8), Array("on_tap".utf8)) == 1)
        #expect(Suggestion.editDistance(Array("lnog_press_ms".utf8), Array("long_press_ms".utf8)) == 2)
        #expect(Suggestion.editDistance(Array("".utf8), Array("rect".utf8)) == 4)
        #expect(Suggestion.closest(to: "hieght", among: ["width", "height"]) == "height")
        #expect(Suggestion.closest(to: "colour", among: ["width", "height"]) == nil)
    }
}

import LinuxSystem
import Testing

/// The one path for numbers from outside: every text gives a number or nil, never a trap,
/// in one pass however long it is.
@Suite("Numbers from outside (DecimalNumber)")
struct DecimalNumberTests {
    private func parsed(_ text: String) -> String? {
        guard let number = DecimalNumber.parse(text) else { return nil }
        return "\(number.negative ? "-" : "+")\(number.digits.map(String.init).joined())e\(number.exponent)"
    }

    @Test func theFormsANumberIsWrittenIn() {
        #expect(parsed("21.456") == "+21456e-3")
        #expect(parsed(" -3 \n") == "-3e0")
        #expect(parsed("+2.5e1") == "+25e0")
        #expect(parsed("0.125") == "+125e-3")
        #expect(parsed("1500") == "+15e2")
        #expect(parsed("1.50") == "+15e-1")
        #expect(parsed(".5") == "+5e-1")
        #expect(parsed("5.") == "+5e0")
        #expect(parsed("-0") == "-e0")
        #expect(parsed("0.000") == "+e0")
        #expect(parsed("1E-2") == "+1e-2")
    }

    @Test func whatIsNoNumber() {
        for text in ["", " ", "-", "+", ".", "e5", "1e", "1e+", "1e5x", "nan", "NaN", "inf", "-Infinity", "0x10", "1 2", "6.5.1",
                     "1,5", "--1", "12abc", "\u{0}1"] {
            #expect(DecimalNumber.parse(text) == nil, "\(text)")
        }
    }

    @Test func tenThousandDigitsAreHeldToFortyAndRounded() {
        let nines = String(repeating: "9", count: 10_000)
        // 40 nines rounded up at the 41st: 1 followed by 10,000 zeros.
        #expect(parsed(nines) == "+1e10000")
        let ones = String(repeating: "1", count: 10_000)
        #expect(parsed(ones) == "+\(String(repeating: "1", count: 40))e9960")
        #expect(parsed(String(repeating: "0", count: 60_000) + "42") == "+42e0")
        #expect(parsed("0." + String(repeating: "0", count: 10_000) + "1") == "+1e-10001")
        #expect(parsed("1." + String(repeating: "0", count: 10_000)) == "+1e0")
        // 42 digits whose 41st is a zero: no rounding.
        #expect(parsed("1" + String(repeating: "0", count: 39) + "09") == "+1e41")
        #expect(parsed("1" + String(repeating: "0", count: 39) + "5") == "+1000000000000000000000000000000000000001e1")
    }

    @Test func exponentsAreHeld() {
        #expect(parsed("1e999") == "+1e999")
        #expect(parsed("1e99999999999999999999") == "+1e1000000")
        #expect(parsed("-1e-99999999999999999999") == "-1e-1000000")
    }

    @Test func scaledSaturatesAtItsLimit() {
        let limit: Int64 = 100_000_000_000_000_000
        func scaled(_ text: String, _ decimals: Int) -> (Int64, Bool)? {
            DecimalNumber.parse(text).map { let s = $0.scaled(decimals: decimals, limit: limit); return (s.value, s.saturated) }
        }
        #expect(scaled("21.45", 1)! == (215, false))
        #expect(scaled("-21.45", 1)! == (-215, false))
        #expect(scaled("0.04", 1)! == (0, false))
        #expect(scaled("0.05", 1)! == (1, false))
        #expect(scaled("2.5e1", 0)! == (25, false))
        #expect(scaled("-0", 3)! == (0, false))
        #expect(scaled("9223372036854775807", 0)! == (limit, true))
        #expect(scaled("-9223372036854775808", 0)! == (-limit, true))
        #expect(scaled("9.2e18", 0)! == (limit, true))
        #expect(scaled("-9.2e18", 3)! == (-limit, true))
        #expect(scaled("1e308", 0)! == (limit, true))
        #expect(scaled("-1e308", 0)! == (-limit, true))
        #expect(scaled("1e999", 3)! == (limit, true))
        #expect(scaled("1e-999", 3)! == (0, false))
        #expect(scaled(String(repeating: "9", count: 10_000), 0)! == (limit, true))
        #expect(scaled("922337203685477.5", 1)! == (9_223_372_036_854_775, false))
        #expect(scaled("100000000000000000", 0)! == (limit, false))
        #expect(scaled("100000000000000001", 0)! == (limit, true))
    }

    @Test func textRoundsHalfAwayFromZero() {
        func text(_ value: String, _ decimals: Int) -> String? { DecimalNumber.parse(value)!.text(decimals: decimals) }
        #expect(text("21.456", 1) == "21.5")
        #expect(text("0.125", 2) == "0.13")
        #expect(text("-0.04", 1) == "0.0")
        #expect(text("-2.5", 0) == "-3")
        #expect(text("99.96", 1) == "100.0")
        #expect(text("7", 3) == "7.000")
        #expect(text("-0", 0) == "0")
        #expect(text("9.2e18", 0) == "9200000000000000000")
        #expect(text("1e39", 0) == "1" + String(repeating: "0", count: 39))
        #expect(text("1e40", 0) == nil)
        #expect(text("1e308", 2) == nil)
        #expect(text("1e999", 0) == nil)
        #expect(text("0." + String(repeating: "0", count: 10_000) + "1", 2) == "0.00")
        #expect(text(String(repeating: "9", count: 10_000), 0) == nil)
    }
}

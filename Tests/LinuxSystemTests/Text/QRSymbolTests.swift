import LinuxSystem
import Testing

/// libqrencode linked for real: sizes as the QR standard gives them at error correction M.
@Suite("QR codes (QRSymbol, libqrencode)")
struct QRSymbolTests {
    @Test func aShortTextIsVersionOne() throws {
        let symbol = try QRSymbol.encode("hello").get()
        #expect(symbol.widthModules == 21)
        #expect(symbol.modules.count == 441)
        // The finder pattern's corners: dark at the top left, top right and bottom left.
        #expect(symbol.isDark(x: 0, y: 0))
        #expect(symbol.isDark(x: 20, y: 0))
        #expect(symbol.isDark(x: 0, y: 20))
        // Inside the finder: a light ring, one module in.
        #expect(!symbol.isDark(x: 1, y: 1))
        #expect(symbol.modules.allSatisfy { $0 <= 1 })
    }

    @Test func longerTextsTakeLargerVersions() throws {
        // Version 2-M holds 26 bytes, version 3-M 42 (ISO/IEC 18004 table 7).
        #expect(try QRSymbol.encode(String(repeating: "x", count: 26)).get().widthModules == 25)
        #expect(try QRSymbol.encode(String(repeating: "x", count: 27)).get().widthModules == 29)
        #expect(try QRSymbol.encode("WIFI:S:home;T:WPA;P:correct horse battery staple;;").get().widthModules == 33)
    }

    @Test func theLargestCodeAndPastIt() throws {
        // Version 40-M: 2331 bytes of 8-bit data.
        #expect(try QRSymbol.encode(String(repeating: "x", count: 2331)).get().widthModules == 177)
        #expect(QRSymbol.encode(String(repeating: "x", count: 2332)) == .failure(.tooLong))
    }

    @Test func aNULByteIsRefused() {
        #expect(QRSymbol.encode("a\u{0}b") == .failure(.containsNUL))
    }
}

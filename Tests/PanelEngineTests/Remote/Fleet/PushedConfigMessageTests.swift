import PanelEngine
import Testing

@Suite("A pushed config's envelope, base64 and what P/config says")
struct PushedConfigMessageTests {
    @Test func base64AsRFC4648HasIt() {
        // RFC 4648 section 10's test vectors.
        let vectors = ["": "", "f": "Zg==", "fo": "Zm8=", "foo": "Zm9v", "foob": "Zm9vYg==", "fooba": "Zm9vYmE=", "foobar": "Zm9vYmFy"]
        for (plain, encoded) in vectors {
            #expect(Base64.encode(Array(plain.utf8)) == encoded)
            #expect(Base64.decode(encoded) == Array(plain.utf8))
        }
        #expect(Base64.decode("Zm9") == nil)
        #expect(Base64.decode("Zm=v") == nil)
        #expect(Base64.decode("Zm9v!A==") == nil)
        #expect(Base64.decode("Z===") == nil)
    }

    @Test func theEnvelopeRoundTripsAndSignsTheTopic() throws {
        let signature = [UInt8](0..<64)
        let message = PushedConfigMessage(sequence: 1_764_489_600, signature: signature, config: Array("[display]\nwidth = 800\n".utf8))
        let payload = message.payload
        let firstLine = String(decoding: payload.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
        #expect(firstLine == "touchpanel-config 1 1764489600 " + Base64.encode(signature))
        #expect(PushedConfigMessage.parse(payload) == .success(message))
        #expect(PushedConfigMessage.signedBytes(sequence: 7, topic: "touchpanel/config/hall", config: Array("x".utf8))
            == Array("touchpanel-config 1 7 touchpanel/config/hall\nx".utf8))
    }

    @Test func whatIsNoPushedConfigIsSaid() {
        func refusal(_ text: String) -> String? {
            if case .failure(let refusal) = PushedConfigMessage.parse(Array(text.utf8)) { return refusal.message }
            return nil
        }
        let signature = Base64.encode([UInt8](repeating: 1, count: 64))
        #expect(refusal("[display]\nwidth = 800\n") == "not a pushed config: its first line is not `touchpanel-config 1 SEQUENCE SIGNATURE`")
        #expect(refusal("[display]") == "not a pushed config: no `touchpanel-config 1 SEQUENCE SIGNATURE` line at its start")
        #expect(refusal("touchpanel-config 2 5 \(signature)\n") == "a pushed config of format 2; this panel reads format 1")
        #expect(refusal("touchpanel-config 1 -5 \(signature)\n") == "a pushed config whose sequence \"-5\" is not a number")
        #expect(refusal("touchpanel-config 1 5 AAAA\n") == "a pushed config whose signature is not 64 bytes of base64")
        let large = "touchpanel-config 1 5 \(signature)\n" + String(repeating: "x", count: PushedConfigMessage.maxConfigBytes + 1)
        #expect(refusal(large) == "a pushed config of 262145 bytes; at most 262144 are taken")
    }

    @Test func theReportsJSON() {
        let local = ConfigReport(hash: "ab", source: .local, since: "2026-11-30T07:40:12.000+00:00", groups: ["floor1", "all"], version: "0.1.0")
        #expect(local.json == #"{"hash":"ab","source":"local","sequence":0,"topic":"","since":"2026-11-30T07:40:12.000+00:00","groups":["floor1","all"],"version":"0.1.0","push":null}"#)
        var pushed = ConfigReport(hash: "cd", source: .pushed, sequence: 9, topic: "touchpanel/config/hall", since: "S", groups: [], version: "0.1.0")
        pushed.push = .init(topic: "touchpanel/config/hall", sequence: 10, hash: "ef", result: .refused, error: "pushed.ini:3: \"x\"", at: "T")
        #expect(pushed.json == #"{"hash":"cd","source":"pushed","sequence":9,"topic":"touchpanel/config/hall","since":"S","groups":[],"version":"0.1.0","push":{"topic":"touchpanel/config/hall","sequence":10,"hash":"ef","result":"refused","error":"pushed.ini:3: \"x\"","at":"T"}}"#)
    }
}

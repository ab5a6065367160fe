import PanelConfig
import PanelDrivers
import PanelEngine
import PanelTestSupport
import Testing

@Suite("Ed25519 signatures and SHA-256 through libcrypto")
struct Ed25519KeyTests {
    @Test func aSignatureIsTheKeysAndNoOtherKeysNorOfOtherBytes() throws {
        let signer = try Ed25519Key(pem: Array(FleetKeys.privatePEM.utf8), kind: .privateKey)
        let verifier = try Ed25519Key(pem: Array(FleetKeys.publicPEM.utf8), kind: .publicKey)
        let other = try Ed25519Key(pem: Array(FleetKeys.otherPublicPEM.utf8), kind: .publicKey)
        let signature = try signer.sign(Array("hello".utf8))
        // Ed25519 is deterministic: what `openssl pkeyutl -sign -rawin` gives for these bytes.
        #expect(signature == Base64Fixture.decode("GCvL7Lp3SauXpJc7sS5bxMmCdKdnB8DLU/O5I9XaJE6ncSeVX6k4OkqNUpM8JrbG/NjDyI+y/VIxatd33H4+DQ=="))
        #expect(verifier.problem(verifying: signature, over: Array("hello".utf8)) == nil)
        #expect(verifier.problem(verifying: signature, over: Array("hellp".utf8)) == "the signature does not match the trusted key")
        #expect(other.problem(verifying: signature, over: Array("hello".utf8)) == "the signature does not match the trusted key")
        #expect(verifier.problem(verifying: Array(signature.prefix(63)), over: Array("hello".utf8)) == "the signature does not match the trusted key")
    }

    @Test func whatIsNoEd25519KeyIsSaid() {
        #expect(throws: Ed25519KeyError.self) { try Ed25519Key(pem: Array("not a key".utf8), kind: .publicKey) }
        do {
            _ = try Ed25519Key(pem: Array(FleetKeys.publicPEM.utf8), kind: .privateKey, name: "fleet.pub")
            Issue.record("a public key was taken as a private one")
        } catch {
            #expect(error.message.hasPrefix("fleet.pub: not a PEM private key"))
        }
        do {
            _ = try Ed25519Key(file: "/nonexistent/fleet.pub", kind: .publicKey)
            Issue.record("a missing file was taken")
        } catch {
            #expect(error.message == "/nonexistent/fleet.pub: cannot open: No such file or directory")
        }
    }

    @Test func checkAndTheStartReadTheTrustKeyAsTheyWouldUseIt() throws {
        let files = NamedFiles([
            NamedFile(section: "fleet", key: "trust_key", path: "/nonexistent/fleet.pub", file: "panel.ini", line: 9),
            NamedFile(section: "mqtt", key: "password_file", path: "/nonexistent/password", file: "panel.ini", line: 4),
        ])
        #expect(Ed25519Key.trustKeyProblems(files) == ["panel.ini:9: [fleet] trust_key: /nonexistent/fleet.pub: cannot open: No such file or directory"])
        let config = try PanelConfigLoader.parse(
            text: "[display]\nwidth = 800\nheight = 480\n[mqtt]\nhost = h\n[fleet]\naccept_config = yes\ntrust_key = keys/fleet.pub\n", file: "/etc/tp/panel.ini")
        #expect(config.namedFiles.all.last == NamedFile(section: "fleet", key: "trust_key", path: "/etc/tp/keys/fleet.pub", file: "/etc/tp/panel.ini", line: 8))
    }

    @Test func sha256AsFIPS180HasIt() {
        #expect(ConfigHash.hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(ConfigHash.hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    }
}

enum Base64Fixture {
    static func decode(_ text: String) -> [UInt8] { Base64.decode(text) ?? [] }
}

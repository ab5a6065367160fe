import CLinux
import LinuxSystem
import PanelConfig

/// An Ed25519 key from a PEM file (libcrypto reads it): the public one a panel trusts pushed
/// configs from, or the private one `touchpanel fleet push` signs them with.
public struct Ed25519Key: Sendable {
    public enum Kind: Sendable {
        case publicKey
        case privateKey
    }

    public let kind: Kind
    private let pem: [UInt8]

    /// The key in the PEM file at `path`; throws why it is none (unreadable, not PEM, not Ed25519).
    public init(file path: String, kind: Kind) throws(Ed25519KeyError) {
        let bytes: [UInt8]
        do {
            bytes = try FileContents.bytes(ofFile: path)
        } catch {
            throw Ed25519KeyError(message: "\(path): \(error.message)")
        }
        try self.init(pem: bytes, kind: kind, name: path)
    }

    public init(pem: [UInt8], kind: Kind, name: String = "the key") throws(Ed25519KeyError) {
        var message = [CChar](repeating: 0, count: 256)
        let status = pem.withUnsafeBytes { tp_ed25519_check_key($0.baseAddress, $0.count, kind == .privateKey ? 1 : 0, &message, message.count) }
        guard status == 0 else { throw Ed25519KeyError(message: "\(name): \(Ed25519Key.text(message))") }
        self.kind = kind
        self.pem = pem
    }

    /// Whether `signature` is this public key's over `data`; nil when it is, else why not.
    public func problem(verifying signature: [UInt8], over data: [UInt8]) -> String? {
        var message = [CChar](repeating: 0, count: 256)
        let status = pem.withUnsafeBytes { key in
            data.withUnsafeBytes { bytes in
                signature.withUnsafeBufferPointer { signed in
                    tp_ed25519_verify(key.baseAddress, key.count, bytes.baseAddress, bytes.count, signed.baseAddress, signed.count, &message, message.count)
                }
            }
        }
        return status == 0 ? nil : Ed25519Key.text(message)
    }

    /// The 64-byte signature of `data` with this private key.
    public func sign(_ data: [UInt8]) throws(Ed25519KeyError) -> [UInt8] {
        var signature = [UInt8](repeating: 0, count: 64)
        var message = [CChar](repeating: 0, count: 256)
        let status = pem.withUnsafeBytes { key in
            data.withUnsafeBytes { bytes in
                tp_ed25519_sign(key.baseAddress, key.count, bytes.baseAddress, bytes.count, &signature, &message, message.count)
            }
        }
        guard status == 0 else { throw Ed25519KeyError(message: Ed25519Key.text(message)) }
        return signature
    }

    private static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension Ed25519Key {
    /// `[fleet] trust_key` read as the panel reads it at start: each problem with the key's
    /// file:line, for `check` and the start.
    public static func trustKeyProblems(_ files: NamedFiles) -> [String] {
        files.all.filter { $0.section == "fleet" && $0.key == "trust_key" }.compactMap { file in
            do throws(Ed25519KeyError) {
                _ = try Ed25519Key(file: file.path, kind: .publicKey)
                return nil
            } catch {
                return file.prefix + error.message
            }
        }
    }
}

public struct Ed25519KeyError: Error, Sendable {
    public let message: String
}

/// SHA-256 through libcrypto: what identifies a config on `P/config` and `P/health`.
public enum ConfigHash {
    /// The digest of `bytes` as 64 lower-case hex digits.
    public static func hex(_ bytes: [UInt8]) -> String {
        var digest = [UInt8](repeating: 0, count: 32)
        let status = bytes.withUnsafeBytes { tp_sha256($0.baseAddress, $0.count, &digest) }
        precondition(status == 0, "libcrypto's SHA-256 failed")
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}

import LinuxSystem
import PanelEngine

/// Adler-32, the checksum that ends a zlib stream (RFC 1950): two sums modulo 65521.
public struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0
    /// Bytes added since the last reduction; 5552 is the most that cannot overflow 32 bits.
    private var pending = 0

    public init() {}

    @inline(__always)
    public mutating func update(_ byte: UInt8) {
        a += UInt32(byte)
        b += a
        pending += 1
        if pending == 5552 {
            a %= 65521
            b %= 65521
            pending = 0
        }
    }

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            update(byte)
        }
    }

    public var value: UInt32 { (b % 65521) << 16 | (a % 65521) }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}

import LinuxSystem
import PanelEngine

/// CRC-32 as PNG chunks use it (ISO 3309 / ITU-T V.42: polynomial 0xEDB88320 reflected,
/// initial and final XOR 0xFFFFFFFF). Bit by bit, without a table: snapshots are rare and a
/// table would be a global to initialise in the Embedded build.
public struct CRC32: Sendable {
    private var state: UInt32 = 0xFFFF_FFFF

    public init() {}

    public mutating func update(_ bytes: some Sequence<UInt8>) {
        for byte in bytes {
            update(byte)
        }
    }

    @inline(__always)
    public mutating func update(_ byte: UInt8) {
        state ^= UInt32(byte)
        for _ in 0..<8 {
            state = (state & 1) != 0 ? (state >> 1) ^ 0xEDB8_8320 : state >> 1
        }
    }

    public var value: UInt32 { ~state }

    public static func checksum(_ bytes: some Sequence<UInt8>) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}

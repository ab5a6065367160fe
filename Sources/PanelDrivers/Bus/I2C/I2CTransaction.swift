import LinuxSystem
import PanelEngine

/// One transfer as a bus device saw it. The simulated chip and the tests' fake transport log
/// these, so a test can assert the exact traffic a driver produced (failed attempts included).
public struct I2CTransaction: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case blockRead
        case byteRead
        case byteWrite(value: UInt8)
        /// I2C_RDWR: a 16-bit register address, then a read of `length` bytes.
        case read16
        /// I2C_RDWR: a 16-bit register address, then these bytes.
        case write16(bytes: [UInt8])
    }

    public var kind: Kind
    /// The 8-bit SMBus command, or the 16-bit register of a Goodix transfer.
    public var register: UInt16
    /// Bytes asked for (reads) or sent after the register (writes: 1).
    public var length: Int

    public init(kind: Kind, register: UInt16, length: Int) {
        self.kind = kind
        self.register = register
        self.length = length
    }

    public static func blockRead(_ register: UInt8, _ length: Int) -> I2CTransaction {
        I2CTransaction(kind: .blockRead, register: UInt16(register), length: length)
    }

    public static func byteRead(_ register: UInt8) -> I2CTransaction {
        I2CTransaction(kind: .byteRead, register: UInt16(register), length: 1)
    }

    public static func byteWrite(_ register: UInt8, _ value: UInt8) -> I2CTransaction {
        I2CTransaction(kind: .byteWrite(value: value), register: UInt16(register), length: 1)
    }

    public static func read16(_ register: UInt16, _ length: Int) -> I2CTransaction {
        I2CTransaction(kind: .read16, register: register, length: length)
    }

    public static func write16(_ register: UInt16, _ bytes: [UInt8]) -> I2CTransaction {
        I2CTransaction(kind: .write16(bytes: bytes), register: register, length: bytes.count)
    }
}

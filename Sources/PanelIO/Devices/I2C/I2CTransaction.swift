/// One transfer as a bus device saw it. The simulated chip and the tests' fake transport log
/// these, so a test can assert the exact traffic a driver produced (failed attempts included).
public struct I2CTransaction: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case blockRead
        case byteRead
        case byteWrite(value: UInt8)
    }

    public var kind: Kind
    public var register: UInt8
    /// Bytes asked for (reads) or sent after the register (writes: 1).
    public var length: Int

    public init(kind: Kind, register: UInt8, length: Int) {
        self.kind = kind
        self.register = register
        self.length = length
    }

    public static func blockRead(_ register: UInt8, _ length: Int) -> I2CTransaction {
        I2CTransaction(kind: .blockRead, register: register, length: length)
    }

    public static func byteRead(_ register: UInt8) -> I2CTransaction {
        I2CTransaction(kind: .byteRead, register: register, length: 1)
    }

    public static func byteWrite(_ register: UInt8, _ value: UInt8) -> I2CTransaction {
        I2CTransaction(kind: .byteWrite(value: value), register: register, length: 1)
    }
}

import LinuxSystem
import PanelEngine
import TouchCore

/// A Goodix GT911 in memory: the 16-bit register window 0x8000...0x81FF answering I2C_RDWR
/// transfers as the chip does (auto-incrementing reads and writes), for the simulated board
/// and tests. Every transfer is logged while `isRecording` (failed ones too), so a test can
/// assert that each report was followed by the status write; faults can be injected.
public final class SimulatedGT911: I2CRegister16Transport {
    public static let windowStart: UInt16 = 0x8000
    public static let windowSize = 0x200

    public private(set) var transactions: [I2CTransaction] = []
    public var isRecording: Bool
    public private(set) var isPlugged = true
    private var registers: [UInt8]
    private var failuresLeft = 0
    private var failure: I2CError = .noAcknowledge

    /// A chip with product id "911" (or `productID`), firmware 0x1060, and a config block
    /// saying `width` x `height`, `touches` points and `trigger` (1: falling edge).
    public init(
        productID: [UInt8] = Array("911".utf8) + [0], width: UInt16 = 800, height: UInt16 = 480,
        touches: UInt8 = 5, trigger: UInt8 = 1, isRecording: Bool = true
    ) {
        registers = [UInt8](repeating: 0, count: SimulatedGT911.windowSize)
        self.isRecording = isRecording
        for (index, byte) in productID.prefix(4).enumerated() {
            set(GT911Register.productID + UInt16(index), byte)
        }
        set(GT911Register.productID + 4, 0x60)
        set(GT911Register.productID + 5, 0x10)
        set(GT911Register.config, 0x41)
        set(GT911Register.config + 1, UInt8(truncatingIfNeeded: width))
        set(GT911Register.config + 2, UInt8(truncatingIfNeeded: width >> 8))
        set(GT911Register.config + 3, UInt8(truncatingIfNeeded: height))
        set(GT911Register.config + 4, UInt8(truncatingIfNeeded: height >> 8))
        set(GT911Register.config + 5, touches & 0x0F)
        set(GT911Register.config + 6, trigger & 0x03)
    }

    /// Puts a report (status, then points) at 0x814E, as the chip's scan would.
    public func load(report: GT911Report) {
        for index in 0..<GT911Report.capacity {
            set(GT911Register.status + UInt16(index), index < report.count ? report[index] : 0)
        }
    }

    public func register(_ address: UInt16) -> UInt8 {
        registers[Int(address &- SimulatedGT911.windowStart) % SimulatedGT911.windowSize]
    }

    public func set(_ address: UInt16, _ value: UInt8) {
        registers[Int(address &- SimulatedGT911.windowStart) % SimulatedGT911.windowSize] = value
    }

    /// The next `count` transfers fail with `error`.
    public func failNext(_ error: I2CError, count: Int = 1) {
        failure = error
        failuresLeft = count
    }

    public func unplug() { isPlugged = false }
    public func plug() { isPlugged = true }
    public func clearTransactions() { transactions.removeAll() }

    public func read(register16 register: UInt16, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        try begin(.read16(register, buffer.count))
        for index in 0..<buffer.count {
            buffer[index] = self.register(register &+ UInt16(truncatingIfNeeded: index))
        }
    }

    public func write(register16 register: UInt16, bytes: UnsafeRawBufferPointer) throws(I2CError) {
        try begin(.write16(register, Array(bytes)))
        for index in 0..<bytes.count {
            set(register &+ UInt16(truncatingIfNeeded: index), bytes[index])
        }
    }

    private func begin(_ transaction: I2CTransaction) throws(I2CError) {
        if isRecording { transactions.append(transaction) }
        guard isPlugged else { throw .noAcknowledge }
        if failuresLeft > 0 {
            failuresLeft -= 1
            throw failure
        }
    }
}

import LinuxSystem
import PanelEngine
import TouchCore

/// An FT5x06 in memory: a 256-byte register map that answers SMBus transfers the way the chip
/// does, for the simulated board, `probe` demos and tests. Faults can be injected, and every
/// transfer is logged (failed ones too) so a test can assert the exact traffic.
///
/// - Block reads start at the register and auto-increment the register pointer (wrapping
///   after 0xFF).
/// - 0x00...0x3E hold the report `load(report:)` put there, padded with 0xFF.
/// - 0xA3/0xA6/0xA8 hold the identity given at creation.
/// - Writes to 0x80 (threshold) and 0x88 (report period) are stored; other registers are
///   read-only and ignore writes.
public final class SimulatedFT5x06: I2CTransport {
    /// Every transfer attempted, in order (failed ones included), while `isRecording`.
    public private(set) var transactions: [I2CTransaction] = []
    /// Turn off for long runs (the simulated board), where the log would only grow.
    public var isRecording: Bool
    public private(set) var isPlugged = true
    private var registers: [UInt8]
    private var pendingFault: I2CError?
    private var pendingFaultCount = 0

    public init(
        chipID: UInt8 = 0x55, firmwareVersion: UInt8 = 0x01, vendorID: UInt8 = 0x79,
        isRecording: Bool = true
    ) {
        registers = [UInt8](repeating: 0x00, count: 256)
        self.isRecording = isRecording
        registers[Int(FT5x06Register.chipID)] = chipID
        registers[Int(FT5x06Register.firmwareVersion)] = firmwareVersion
        registers[Int(FT5x06Register.vendorID)] = vendorID
        load(report: FT5x06Codec.encode(TouchFrame()))
    }

    /// Puts `report`'s bytes at 0x00 and 0xFF after them, up to the last point register.
    public func load(report: FT5x06Report) {
        for index in 0..<FT5x06Report.capacity {
            registers[index] = index < report.count ? report[index] : 0xFF
        }
    }

    /// What register `address` holds now.
    public func register(_ address: UInt8) -> UInt8 {
        registers[Int(address)]
    }

    /// Sets any register directly (the chip's own firmware would), bypassing the bus.
    public func setRegister(_ address: UInt8, _ value: UInt8) {
        registers[Int(address)] = value
    }

    /// The next `count` transfers fail with `error` (after being logged).
    public func failNext(_ error: I2CError, count: Int = 1) {
        pendingFault = error
        pendingFaultCount = count
    }

    /// Every transfer fails with `.noAcknowledge` until `plug()`, like a cable pulled out.
    public func unplug() {
        isPlugged = false
    }

    public func plug() {
        isPlugged = true
    }

    public func clearTransactions() {
        transactions.removeAll()
    }

    // MARK: - I2CTransport

    public func readBlock(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        precondition(buffer.count >= 1 && buffer.count <= SMBus.blockMax, "SMBus block reads carry 1...32 bytes")
        try begin(.blockRead(register, buffer.count))
        var pointer = register
        for index in 0..<buffer.count {
            buffer[index] = registers[Int(pointer)]
            pointer &+= 1
        }
    }

    public func readByte(register: UInt8) throws(I2CError) -> UInt8 {
        try begin(.byteRead(register))
        return registers[Int(register)]
    }

    public func writeByte(register: UInt8, value: UInt8) throws(I2CError) {
        try begin(.byteWrite(register, value))
        if register == FT5x06Register.threshold || register == FT5x06Register.activePeriod {
            registers[Int(register)] = value
        }
    }

    /// Logs the transfer and throws the fault it meets, if any.
    private func begin(_ transaction: I2CTransaction) throws(I2CError) {
        if isRecording { transactions.append(transaction) }
        guard isPlugged else { throw .noAcknowledge }
        if pendingFaultCount > 0, let fault = pendingFault {
            pendingFaultCount -= 1
            if pendingFaultCount == 0 { pendingFault = nil }
            throw fault
        }
    }
}

import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine

/// A scripted I2C device that records every transfer attempt and can fail on cue.
///
/// Responses: each register holds a queue of byte strings; a read at that register takes the
/// next one, and the last one stays. Reads longer than the response get 0xFF.
/// Faults apply to the next transfers in order. `.errno` faults go through `I2CSyscall`, the
/// path real transfers take, so EINTR is retried there (and logged as a second attempt).
final class RecordingI2CTransport: I2CTransport {
    enum Fault {
        /// The transfer succeeds: lets a later fault hit a later transfer.
        case pass
        /// The transfer fails as the kernel would report this errno (EINTR, ETIMEDOUT, ...).
        case errno(Int32)
        /// The transfer fails with this error directly.
        case error(I2CError)
        /// A block read returns only `got` bytes.
        case shortRead(got: Int)
    }

    private(set) var transactions: [I2CTransaction] = []
    private(set) var writes: [UInt8: [UInt8]] = [:]
    private var responses: [UInt8: [[UInt8]]] = [:]
    private var faults: [Fault] = []

    /// Queues `bytes` as the answer to the next read at `register`.
    func respond(to register: UInt8, with bytes: [UInt8]) {
        responses[register, default: []].append(bytes)
    }

    func inject(_ fault: Fault, count: Int = 1) {
        for _ in 0..<count { faults.append(fault) }
    }

    var pendingFaults: Int { faults.count }

    func readBlock(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let wanted = buffer.count
        let got = try attempt(.blockRead(register, wanted))
        let response = take(register)
        let delivered = min(got ?? wanted, wanted)
        for index in 0..<delivered {
            buffer[index] = index < response.count ? response[index] : 0xFF
        }
        if delivered < wanted { throw .shortRead(got: delivered, wanted: wanted) }
    }

    func readByte(register: UInt8) throws(I2CError) -> UInt8 {
        _ = try attempt(.byteRead(register))
        return take(register).first ?? 0xFF
    }

    func writeByte(register: UInt8, value: UInt8) throws(I2CError) {
        _ = try attempt(.byteWrite(register, value))
        writes[register, default: []].append(value)
    }

    /// Runs one transfer through `I2CSyscall` like `LinuxI2CDevice`; returns the byte count a
    /// `.shortRead` fault cuts the transfer to.
    private func attempt(_ transaction: I2CTransaction) throws(I2CError) -> Int? {
        var shortCount: Int?
        _ = try I2CSyscall.perform { () -> Int32 in
            transactions.append(transaction)
            guard !faults.isEmpty else { return 0 }
            switch faults.removeFirst() {
            case .pass:
                return 0
            case .errno(let code):
                clinux_set_errno(code)
                return -1
            case .error(let error):
                pendingError = error
                return 0
            case .shortRead(let got):
                shortCount = got
                return 0
            }
        }
        if let error = pendingError {
            pendingError = nil
            throw error
        }
        return shortCount
    }

    private var pendingError: I2CError?

    private func take(_ register: UInt8) -> [UInt8] {
        guard var queue = responses[register], let first = queue.first else { return [] }
        if queue.count > 1 {
            queue.removeFirst()
            responses[register] = queue
        }
        return first
    }
}

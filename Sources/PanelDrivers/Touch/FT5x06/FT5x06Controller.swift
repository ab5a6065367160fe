import LinuxSystem
import PanelEngine
import TouchCore

/// The FT5x06 driver: reads reports and the identity registers over an `I2CTransport`. It
/// produces plain register blocks; TouchCore's `FT5x06Codec` judges and decodes them.
public final class FT5x06Controller {
    /// Points per transfer: 5 x 6 = 30 bytes, inside SMBus's 32-byte block limit, and whole
    /// points so no point straddles two transfers.
    public static let pointsPerTransfer = 5

    public let transport: any I2CTransport
    /// Transfers that failed transiently and were retried, since creation (for the log).
    public private(set) var retriedTransfers = 0
    /// One transfer's worth of bytes, allocated once: reading a report never allocates.
    private let scratch: UnsafeMutableRawBufferPointer

    public init(transport: any I2CTransport) {
        self.transport = transport
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: SMBus.blockMax, alignment: 1)
    }

    deinit {
        scratch.deallocate()
    }

    /// Reads one report into `report` (replacing its contents): the 3 header bytes from 0x00,
    /// then only the points TD_STATUS announces, from 0x03, at most 5 points per transfer.
    ///
    /// A count above `maxPoints` (clamped to the report's 10) stops after the header: such a
    /// report is garbage, and the codec refuses it as `tooManyPoints`.
    public func readReport(maxPoints: Int, into report: inout FT5x06Report) throws(I2CError) {
        report = FT5x06Report()
        try read(register: FT5x06Register.report, count: FT5x06Report.headerLength, into: &report)
        let announced = Int(report[Int(FT5x06Register.tdStatus)] & 0x0F)
        let limit = min(maxPoints, (FT5x06Report.capacity - FT5x06Report.headerLength) / FT5x06Report.pointLength)
        guard announced > 0, announced <= limit else { return }
        var register = FT5x06Register.firstPoint
        var remaining = announced
        while remaining > 0 {
            let points = min(remaining, FT5x06Controller.pointsPerTransfer)
            let count = points * FT5x06Report.pointLength
            try read(register: register, count: count, into: &report)
            register &+= UInt8(truncatingIfNeeded: count)
            remaining -= points
        }
    }

    /// Reads the chip id (0xA3), firmware version (0xA6) and vendor id (0xA8).
    public func identify() throws(I2CError) -> FT5x06Identity {
        let chipID = try readByte(FT5x06Register.chipID)
        let firmware = try readByte(FT5x06Register.firmwareVersion)
        let vendor = try readByte(FT5x06Register.vendorID)
        return FT5x06Identity(chipID: chipID, firmwareVersion: firmware, vendorID: vendor)
    }

    /// ID_G_THGROUP (0x80): touch detection threshold; higher is less sensitive.
    public func setThreshold(_ value: UInt8) throws(I2CError) {
        try writeByte(FT5x06Register.threshold, value)
    }

    /// ID_G_PERIODACTIVE (0x88): the report period in active mode (firmware-specific units).
    public func setReportPeriod(_ value: UInt8) throws(I2CError) {
        try writeByte(FT5x06Register.activePeriod, value)
    }

    // MARK: - One transfer, with bounded retries

    private func read(register: UInt8, count: Int, into report: inout FT5x06Report) throws(I2CError) {
        let buffer = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<count])
        try retryingTransient { () throws(I2CError) in
            try transport.readBlock(register: register, into: buffer)
        }
        for index in 0..<count {
            report.append(buffer[index])
        }
    }

    private func readByte(_ register: UInt8) throws(I2CError) -> UInt8 {
        var value: UInt8 = 0
        try retryingTransient { () throws(I2CError) in
            value = try transport.readByte(register: register)
        }
        return value
    }

    private func writeByte(_ register: UInt8, _ value: UInt8) throws(I2CError) {
        try retryingTransient { () throws(I2CError) in
            try transport.writeByte(register: register, value: value)
        }
    }

    /// Runs `transfer` with `I2CRetry`'s immediate retries, counting them for the log.
    private func retryingTransient(_ transfer: () throws(I2CError) -> Void) throws(I2CError) {
        retriedTransfers += try I2CRetry.transient(transfer)
    }
}

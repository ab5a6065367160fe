import LinuxSystem
import PanelEngine
import TouchCore

/// The GT911/GT9271 driver: reads reports, clears the status after each one, and reads the
/// identity and config over an `I2CRegister16Transport`. Produces plain register blocks;
/// TouchCore's `GT911Codec` judges and decodes them.
public final class GT911Controller {
    /// The bytes of the config block read at start: version through module switch 1.
    public static let configHeaderLength = 7

    public let transport: any I2CRegister16Transport
    private let scratch: UnsafeMutableRawBufferPointer

    public init(transport: any I2CRegister16Transport) {
        self.transport = transport
        scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: GT911Report.capacity, alignment: 1)
    }

    deinit {
        scratch.deallocate()
    }

    /// Reads one report into `report`: the status and the first point in one transfer (as
    /// the kernel does), the other points announced in a second, then writes 0 to the status
    /// so the chip reports again. A status without the ready bit is left alone: no write.
    /// A count above `maxPoints` stops after the status (the codec refuses it).
    public func readReport(maxPoints: Int, into report: inout GT911Report) throws(I2CError) {
        report = GT911Report()
        let first = GT911Report.length(points: 1)
        try read(GT911Register.status, count: first, into: &report)
        let status = report[0]
        guard status & 0x80 != 0 else {
            report.count = 1
            return
        }
        let announced = Int(status & 0x0F)
        if announced > 1 && announced <= min(maxPoints, 10) {
            try read(GT911Register.status &+ UInt16(first), count: GT911Report.pointLength * (announced - 1), into: &report)
        } else if announced == 0 || announced > min(maxPoints, 10) {
            report.count = 1
        }
        try clearStatus()
    }

    /// Writes 0 to the status register: "taken; report the next one".
    public func clearStatus() throws(I2CError) {
        var zero: UInt8 = 0
        try retryingTransient { () throws(I2CError) in
            try withUnsafeBytes(of: &zero) { (bytes) throws(I2CError) in
                try transport.write(register16: GT911Register.status, bytes: bytes)
            }
        }
    }

    /// Product id and firmware (0x8140) and the config block's header (0x8047).
    public func identify() throws(I2CError) -> GT911Identity {
        var id = GT911Report()
        try read(GT911Register.productID, count: 6, into: &id)
        var config = GT911Report()
        try read(GT911Register.config, count: GT911Controller.configHeaderLength, into: &config)
        return GT911Identity(
            productID: (id[0], id[1], id[2], id[3]),
            firmwareVersion: UInt16(id[4]) | UInt16(id[5]) << 8,
            xMax: UInt16(config[1]) | UInt16(config[2]) << 8,
            yMax: UInt16(config[3]) | UInt16(config[4]) << 8,
            touchNumber: Int(config[5] & 0x0F),
            interruptTrigger: config[6] & 0x03)
    }

    private func read(_ register: UInt16, count: Int, into report: inout GT911Report) throws(I2CError) {
        let buffer = UnsafeMutableRawBufferPointer(rebasing: scratch[0..<count])
        try retryingTransient { () throws(I2CError) in
            try transport.read(register16: register, into: buffer)
        }
        for index in 0..<count {
            report.append(buffer[index])
        }
    }

    private func retryingTransient(_ transfer: () throws(I2CError) -> Void) throws(I2CError) {
        try I2CRetry.transient(transfer)
    }
}

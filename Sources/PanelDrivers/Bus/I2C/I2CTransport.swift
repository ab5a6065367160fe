import LinuxSystem
import PanelEngine

/// The one bus primitive the FT5x06 code needs: register reads and writes on one device
/// (the kernel driver's edt_ft5x06_ts_readwrite). The Linux bus, the simulated chip and the
/// tests' recording fake all stand behind it.
public protocol I2CTransport: AnyObject {
    /// SMBus "I2C block read": writes `register`, then reads `buffer.count` bytes (1...32)
    /// while the device auto-increments its register pointer. Fewer bytes is `.shortRead`.
    func readBlock(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError)
    /// SMBus "read byte data".
    func readByte(register: UInt8) throws(I2CError) -> UInt8
    /// SMBus "write byte data".
    func writeByte(register: UInt8, value: UInt8) throws(I2CError)
}

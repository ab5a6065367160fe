import LinuxSystem
import PanelEngine

/// The bus primitive a Goodix chip needs: plain I2C messages with a 16-bit big-endian
/// register address (I2C_RDWR), since its registers (0x8047, 0x814E, ...) do not fit SMBus's
/// 8-bit commands. The Linux bus, the simulated GT911 and the tests' fakes stand behind it.
public protocol I2CRegister16Transport: AnyObject {
    /// Writes `register`, then reads `buffer.count` bytes in the same transfer.
    func read(register16 register: UInt16, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError)
    /// Writes `register`, then `bytes` (at most 64).
    func write(register16 register: UInt16, bytes: UnsafeRawBufferPointer) throws(I2CError)
}

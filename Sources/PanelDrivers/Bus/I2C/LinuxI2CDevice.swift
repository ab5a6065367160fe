import CLinux
import LinuxSystem
import PanelEngine

/// One device on a Linux I2C bus (/dev/i2c-N through i2c-dev): SMBus calls through libi2c
/// for 8-bit registers (FT5x06), I2C_RDWR messages for 16-bit ones (GT911). Owns the bus
/// descriptor, its one open handle; closes it when released.
public final class LinuxI2CDevice: I2CTransport, I2CRegister16Transport {
    public let bus: Int
    public let address: UInt8
    public let path: String
    private let descriptor: FileDescriptor

    /// Opens /dev/i2c-`bus` and binds it to the 7-bit `address` with I2C_SLAVE (never
    /// I2C_SLAVE_FORCE: an address a kernel driver owns fails as `.addressHeldByDriver`).
    public init(bus: Int, address: UInt8) throws(I2CError) {
        let path = "/dev/i2c-\(bus)"
        let descriptor: FileDescriptor
        do throws(Errno) {
            descriptor = try FileDescriptor.opened { path.withCString { clinux_open_readwrite($0) } }
        } catch {
            throw I2CError.opening(path: path, errno: error)
        }
        do throws(Errno) {
            _ = try Errno.retryingInterrupts { clinux_i2c_select_address(descriptor.rawValue, UInt32(address)) }
        } catch {
            try? descriptor.close()
            throw I2CError.selecting(bus: bus, address: address, errno: error)
        }
        self.bus = bus
        self.address = address
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        try? descriptor.close()
    }

    public func readBlock(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        precondition(buffer.count >= 1 && buffer.count <= SMBus.blockMax, "SMBus block reads carry 1...32 bytes")
        let wanted = buffer.count
        let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let got = try I2CSyscall.perform {
            i2c_smbus_read_i2c_block_data(descriptor.rawValue, register, UInt8(wanted), bytes)
        }
        if Int(got) < wanted { throw .shortRead(got: Int(got), wanted: wanted) }
    }

    public func readByte(register: UInt8) throws(I2CError) -> UInt8 {
        let value = try I2CSyscall.perform { i2c_smbus_read_byte_data(descriptor.rawValue, register) }
        return UInt8(truncatingIfNeeded: value)
    }

    public func writeByte(register: UInt8, value: UInt8) throws(I2CError) {
        _ = try I2CSyscall.perform { i2c_smbus_write_byte_data(descriptor.rawValue, register, value) }
    }

    public func read(register16 register: UInt16, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let count = UInt16(truncatingIfNeeded: buffer.count)
        let messages = try I2CSyscall.perform {
            clinux_i2c_read_register16(descriptor.rawValue, UInt16(address), register, bytes, count)
        }
        if messages != 2 { throw .shortRead(got: 0, wanted: buffer.count) }
    }

    public func write(register16 register: UInt16, bytes: UnsafeRawBufferPointer) throws(I2CError) {
        let pointer = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        let count = UInt16(truncatingIfNeeded: bytes.count)
        _ = try I2CSyscall.perform {
            clinux_i2c_write_register16(descriptor.rawValue, UInt16(address), register, pointer, count)
        }
    }
}

import CLinux

/// One device on a Linux I2C bus (/dev/i2c-N through i2c-dev), read and written with libi2c's
/// SMBus calls. Owns the bus descriptor; closes it when released.
public final class LinuxI2CDevice: I2CTransport {
    public let bus: Int
    public let address: UInt8
    public let path: String
    private let descriptor: Int32

    /// Opens /dev/i2c-`bus` and binds it to the 7-bit `address` with I2C_SLAVE (never
    /// I2C_SLAVE_FORCE: an address a kernel driver owns fails as `.addressHeldByDriver`).
    public init(bus: Int, address: UInt8) throws(I2CError) {
        let path = "/dev/i2c-\(bus)"
        let descriptor: Int32
        do throws(Errno) {
            descriptor = try Errno.retryingInterrupts { path.withCString { clinux_open_readwrite($0) } }
        } catch {
            throw I2CError.opening(path: path, errno: error)
        }
        do throws(Errno) {
            _ = try Errno.retryingInterrupts { clinux_i2c_select_address(descriptor, UInt32(address)) }
        } catch {
            close(descriptor)
            throw I2CError.selecting(bus: bus, address: address, errno: error)
        }
        self.bus = bus
        self.address = address
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    public func readBlock(register: UInt8, into buffer: UnsafeMutableRawBufferPointer) throws(I2CError) {
        precondition(buffer.count >= 1 && buffer.count <= SMBus.blockMax, "SMBus block reads carry 1...32 bytes")
        let wanted = buffer.count
        let bytes = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
        let got = try I2CSyscall.perform {
            i2c_smbus_read_i2c_block_data(descriptor, register, UInt8(wanted), bytes)
        }
        if Int(got) < wanted { throw .shortRead(got: Int(got), wanted: wanted) }
    }

    public func readByte(register: UInt8) throws(I2CError) -> UInt8 {
        let value = try I2CSyscall.perform { i2c_smbus_read_byte_data(descriptor, register) }
        return UInt8(truncatingIfNeeded: value)
    }

    public func writeByte(register: UInt8, value: UInt8) throws(I2CError) {
        _ = try I2CSyscall.perform { i2c_smbus_write_byte_data(descriptor, register, value) }
    }
}

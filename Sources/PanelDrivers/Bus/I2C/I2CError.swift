import CLinux
import LinuxSystem
import PanelEngine

/// Why an I2C operation failed, following the kernel's I2C/SMBus fault codes
/// (Documentation/i2c/fault-codes.rst), plus what goes wrong opening the bus on a Pi.
///
/// EINTR is not here: `Errno.retryingInterrupts` retries it before a fault is classified.
public enum I2CError: Error, Equatable, Sendable {
    /// ENXIO or EREMOTEIO: the address phase (or a data byte) got no ACK. Usually nothing
    /// answers there: wrong bus or address, unplugged, unpowered, or held in reset.
    case noAcknowledge
    /// ETIMEDOUT: the adapter gave up, typically because a device stretched the clock too long.
    case timeout
    /// EAGAIN: another master drove the bus at the same time. Transient.
    case arbitrationLost
    /// EBUSY during a transfer: the bus stayed busy longer than allowed (SDA held low).
    case busBusy
    /// The device sent fewer bytes than the transfer asked for.
    case shortRead(got: Int, wanted: Int)
    /// EPROTO or EBADMSG: the device broke the I2C/SMBus protocol (or a PEC byte was wrong).
    case protocolViolation(Errno)
    /// EOVERFLOW: more data arrived than the transfer had room for.
    case overflow
    /// EOPNOTSUPP: the adapter cannot do this kind of transfer (I2C block reads).
    case unsupported
    /// ENOENT/ENODEV/ENXIO opening the bus device: the bus does not exist.
    case deviceMissing(path: String)
    /// EACCES/EPERM opening the bus device.
    case permissionDenied(path: String)
    /// EBUSY from ioctl(I2C_SLAVE): a kernel driver owns the address.
    case addressHeldByDriver(bus: Int, address: UInt8)
    /// Anything else, with the errno for the log.
    case other(Errno)

    /// Classifies the errno of a failed transfer (read or write on an open bus).
    public init(transferErrno errno: Errno) {
        switch errno.rawValue {
        case ENXIO, EREMOTEIO: self = .noAcknowledge
        case ETIMEDOUT: self = .timeout
        case EAGAIN: self = .arbitrationLost
        case EBUSY: self = .busBusy
        case EPROTO, EBADMSG: self = .protocolViolation(errno)
        case EOVERFLOW: self = .overflow
        case EOPNOTSUPP: self = .unsupported
        default: self = .other(errno)
        }
    }

    /// Classifies the errno of a failed open(2) of `path` (/dev/i2c-N).
    public static func opening(path: String, errno: Errno) -> I2CError {
        switch errno.rawValue {
        case ENOENT, ENODEV, ENXIO: .deviceMissing(path: path)
        case EACCES, EPERM: .permissionDenied(path: path)
        default: .other(errno)
        }
    }

    /// Classifies the errno of a failed ioctl(I2C_SLAVE) for `address` on bus `bus`.
    public static func selecting(bus: Int, address: UInt8, errno: Errno) -> I2CError {
        errno.rawValue == EBUSY ? .addressHeldByDriver(bus: bus, address: address) : .other(errno)
    }

    /// Faults worth an immediate retry of the same transfer: nothing is wrong with the device,
    /// the bus was momentarily unavailable.
    public var isTransient: Bool {
        switch self {
        case .timeout, .arbitrationLost: true
        default: false
        }
    }

    /// One line for the log, saying what to do where there is something to do.
    public var message: String {
        switch self {
        case .noAcknowledge:
            "no acknowledge: nothing answered at the controller's address (wrong bus or address, "
                + "unplugged, unpowered or held in reset)"
        case .timeout:
            "the I2C transfer timed out (a device held the clock low; check wiring and pull-ups)"
        case .arbitrationLost:
            "lost I2C arbitration: another master used the bus at the same time"
        case .busBusy:
            "the I2C bus stayed busy too long (a device may be holding SDA low)"
        case .shortRead(let got, let wanted):
            "short I2C read: got \(got) of \(wanted) bytes"
        case .protocolViolation(let errno):
            "the device broke the I2C/SMBus protocol: \(errno.message)"
        case .overflow:
            "the device sent more data than the transfer asked for (EOVERFLOW)"
        case .unsupported:
            "the I2C adapter cannot do this transfer (EOPNOTSUPP): it needs I2C block reads"
        case .deviceMissing(let path):
            "no \(path): is I2C enabled (dtparam=i2c_arm=on) and i2c-dev loaded?"
        case .permissionDenied(let path):
            "permission denied opening \(path): add the user to the i2c group"
        case .addressHeldByDriver(let bus, let address):
            "address \(HexText.byte(address)) on /dev/i2c-\(bus) is bound to a kernel driver: "
                + "the edt-ft5x06 overlay is loaded; remove its dtoverlay line"
        case .other(let errno):
            "I2C error: \(errno.message)"
        }
    }
}

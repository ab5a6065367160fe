import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing

extension Devices {
    @Suite("I2C errors")
    struct I2CErrorTests {
        @Test(arguments: [
            (ENXIO, I2CError.noAcknowledge),
            (EREMOTEIO, .noAcknowledge),
            (ETIMEDOUT, .timeout),
            (EAGAIN, .arbitrationLost),
            (EBUSY, .busBusy),
            (EPROTO, .protocolViolation(Errno(EPROTO))),
            (EBADMSG, .protocolViolation(Errno(EBADMSG))),
            (EOVERFLOW, .overflow),
            (EOPNOTSUPP, .unsupported),
            (EIO, .other(Errno(EIO))),
            (EINVAL, .other(Errno(EINVAL))),
        ])
        func transferErrnoMapping(errno: Int32, expected: I2CError) {
            #expect(I2CError(transferErrno: Errno(errno)) == expected)
        }

        @Test(arguments: [
            (ENOENT, I2CError.deviceMissing(path: "/dev/i2c-1")),
            (ENODEV, .deviceMissing(path: "/dev/i2c-1")),
            (ENXIO, .deviceMissing(path: "/dev/i2c-1")),
            (EACCES, .permissionDenied(path: "/dev/i2c-1")),
            (EPERM, .permissionDenied(path: "/dev/i2c-1")),
            (EMFILE, .other(Errno(EMFILE))),
        ])
        func openErrnoMapping(errno: Int32, expected: I2CError) {
            #expect(I2CError.opening(path: "/dev/i2c-1", errno: Errno(errno)) == expected)
        }

        @Test func addressSelectionMapping() {
            #expect(I2CError.selecting(bus: 1, address: 0x38, errno: Errno(EBUSY))
                == .addressHeldByDriver(bus: 1, address: 0x38))
            #expect(I2CError.selecting(bus: 1, address: 0x38, errno: Errno(EINVAL)) == .other(Errno(EINVAL)))
        }

        @Test func onlyTimeoutAndArbitrationAreTransient() {
            let transient: [I2CError] = [.timeout, .arbitrationLost]
            let lasting: [I2CError] = [
                .noAcknowledge, .busBusy, .shortRead(got: 1, wanted: 3), .protocolViolation(Errno(EPROTO)),
                .overflow, .unsupported, .deviceMissing(path: "/dev/i2c-1"), .other(Errno(EIO)),
            ]
            #expect(transient.map(\.isTransient) == [true, true])
            #expect(lasting.filter(\.isTransient).isEmpty)
        }

        @Test func messagesSayWhatToDo() {
            #expect(I2CError.deviceMissing(path: "/dev/i2c-1").message
                == "no /dev/i2c-1: is I2C enabled (dtparam=i2c_arm=on) and i2c-dev loaded?")
            #expect(I2CError.permissionDenied(path: "/dev/i2c-1").message
                == "permission denied opening /dev/i2c-1: add the user to the i2c group")
            #expect(I2CError.addressHeldByDriver(bus: 1, address: 0x38).message
                == "address 0x38 on /dev/i2c-1 is bound to a kernel driver: the edt-ft5x06 overlay is loaded; remove its dtoverlay line")
            #expect(I2CError.shortRead(got: 2, wanted: 30).message == "short I2C read: got 2 of 30 bytes")
            #expect(I2CError.other(Errno(EIO)).message == "I2C error: EIO (Input/output error)")
        }

        @Test func openingAMissingBusSaysHowToEnableI2C() {
            #expect(throws: I2CError.deviceMissing(path: "/dev/i2c-99")) {
                _ = try LinuxI2CDevice(bus: 99, address: 0x38)
            }
            do {
                _ = try LinuxI2CDevice(bus: 99, address: 0x38)
            } catch {
                #expect(error.message == "no /dev/i2c-99: is I2C enabled (dtparam=i2c_arm=on) and i2c-dev loaded?")
            }
        }
    }

    @Suite("Errno")
    struct ErrnoTests {
        @Test func interruptedCallsAreRetriedUntilTheyFinish() throws {
            var calls = 0
            let result = try Errno.retryingInterrupts { () -> Int32 in
                calls += 1
                if calls < 3 {
                    clinux_set_errno(EINTR)
                    return -1
                }
                return 7
            }
            #expect(result == 7)
            #expect(calls == 3)
        }

        @Test func otherErrorsSurfaceAtOnce() {
            var calls = 0
            #expect(throws: Errno(ETIMEDOUT)) {
                _ = try Errno.retryingInterrupts { () -> Int in
                    calls += 1
                    clinux_set_errno(ETIMEDOUT)
                    return -1
                }
            }
            #expect(calls == 1)
        }

        @Test func namesAndMessages() {
            #expect(Errno(EREMOTEIO).name == "EREMOTEIO")
            #expect(Errno(ENXIO).message == "ENXIO (No such device or address)")
            #expect(Errno(9999).name == "errno 9999")
        }
    }
}

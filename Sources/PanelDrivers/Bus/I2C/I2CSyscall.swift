import LinuxSystem
import PanelEngine

/// How a transfer's system call becomes an `I2CError`: EINTR retried (in `Errno`), any other
/// errno classified. Public so that test fakes that simulate errnos take the same path.
public enum I2CSyscall {
    @inline(__always)
    public static func perform(_ call: () -> Int32) throws(I2CError) -> Int32 {
        do throws(Errno) {
            return try Errno.retryingInterrupts(call)
        } catch {
            throw I2CError(transferErrno: error)
        }
    }
}

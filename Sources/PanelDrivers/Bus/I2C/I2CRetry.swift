import LinuxSystem
import PanelEngine

/// Immediate retries of one transfer after a transient fault (timeout, lost arbitration), for
/// every controller driver alike. No sleeping: a stuck bus must fail fast so the loop can
/// cancel touches and back off.
public enum I2CRetry {
    /// Retries of one transfer after its first attempt.
    public static let transientRetries = 2

    /// Runs `transfer`, again up to `transientRetries` times while it fails transiently;
    /// returns how many retries it took.
    @discardableResult
    public static func transient(_ transfer: () throws(I2CError) -> Void) throws(I2CError) -> Int {
        var retries = 0
        while true {
            do throws(I2CError) {
                try transfer()
                return retries
            } catch {
                guard error.isTransient, retries < transientRetries else { throw error }
                retries += 1
            }
        }
    }
}

import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel probe [CONFIG] [--bus N] [--address A]`: who is on the bus (the config's when
/// one is given; see `ProbeTarget`). Asks for a Goodix product id (0x8140) and an FT5x06 chip
/// id (0xA3) and prints model, firmware and maximum points.
enum ProbeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let log = StandardErrorLog()
        let target: ProbeTarget
        switch ProbeTarget.resolve(arguments: arguments, load: { path throws(ConfigErrors) in try PanelConfigLoader.load(path: path) }) {
        case .success(let resolved):
            target = resolved
        case .failure(.usage(let message)):
            log.error(message)
            return 2
        case .failure(.config(let errors)):
            for configError in errors.errors { log.error(configError.rendered) }
            return 1
        }
        let bus = target.bus
        let address = target.address
        let device: LinuxI2CDevice
        do throws(I2CError) {
            device = try LinuxI2CDevice(bus: bus, address: address)
        } catch {
            log.error(error.message)
            return 1
        }
        var out = OutputBuffer.standardOutput()
        // A Goodix chip answers plain I2C transfers with 16-bit registers; an FT5x06 answers
        // SMBus reads of 0xA3. Each is asked its own way; the first that names itself wins.
        if let identity = try? GT911Controller(transport: device).identify(), identity.model != nil {
            out.write("/dev/i2c-\(bus) \(HexText.byte(address)): \(identity.summary)\n")
            out.flush()
            return 0
        }
        do throws(I2CError) {
            let identity = try FT5x06Controller(transport: device).identify()
            out.write("/dev/i2c-\(bus) \(HexText.byte(address)): \(identity.summary)\n")
            out.flush()
            return identity.model == nil ? 3 : 0
        } catch {
            log.error(error.message)
            return 1
        }
    }
}

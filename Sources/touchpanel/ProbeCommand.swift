import PanelIO
import TouchCore

/// `touchpanel probe [--bus N] [--address A]`: who is on the bus. Asks for a Goodix product
/// id (0x8140) and an FT5x06 chip id (0xA3) and prints model, firmware and maximum points.
enum ProbeCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let log = StandardErrorLog()
        var bus = 1
        var address: UInt8 = 0x38
        var index = 0
        while index < arguments.count {
            guard index + 1 < arguments.count else {
                log.error("\(arguments[index]) needs a value")
                return 2
            }
            let value = arguments[index + 1]
            switch arguments[index] {
            case "--bus":
                guard let number = Int(value), number >= 0, number <= 255 else {
                    log.error("--bus takes a number 0..255, not \"\(value)\"")
                    return 2
                }
                bus = number
            case "--address":
                guard let parsed = parseAddress(value) else {
                    log.error("--address takes 0x03..0x77, not \"\(value)\"")
                    return 2
                }
                address = parsed
            default:
                log.error("probe: unknown option \"\(arguments[index])\"")
                return 2
            }
            index += 2
        }
        guard let device = try? LinuxI2CDevice(bus: bus, address: address) else {
            do throws(I2CError) {
                _ = try LinuxI2CDevice(bus: bus, address: address)
            } catch {
                log.error(error.message)
            }
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

    static func parseAddress(_ text: String) -> UInt8? {
        let value: Int?
        if text.hasPrefix("0x") || text.hasPrefix("0X") {
            value = Int(String(text.utf8.dropFirst(2))!, radix: 16)
        } else {
            value = Int(text)
        }
        guard let value, value >= 0x03, value <= 0x77 else { return nil }
        return UInt8(value)
    }
}

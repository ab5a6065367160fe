import TouchCore

/// Where `touchpanel probe` looks for a controller: the I2C bus and address given as options,
/// else those of a panel config's `[controller]`, else bus 1 at 0x38 (an FT5x06 on the
/// header). Taking them from the config lets the technician probe exactly what the panel
/// will open.
public struct ProbeTarget: Equatable, Sendable {
    public var bus: Int
    public var address: UInt8

    public init(bus: Int, address: UInt8) {
        self.bus = bus
        self.address = address
    }

    public static let fallback = ProbeTarget(bus: 1, address: 0x38)

    /// Why the arguments name no target.
    public enum Problem: Error, Equatable {
        /// A bad option or value: the message, and exit status 2.
        case usage(String)
        /// The config does not load: its errors, and exit status 1.
        case config(ConfigErrors)
    }

    /// Reads `[CONFIG] [--bus N] [--address A]`; options given override the config's.
    /// `load` reads the config (`PanelConfigLoader.load`; a test hands in a parsed text).
    public static func resolve(
        arguments: [String], load: (String) throws(ConfigErrors) -> PanelConfiguration
    ) -> Result<ProbeTarget, Problem> {
        var configPath: String?
        var bus: Int?
        var address: UInt8?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("-") else {
                guard configPath == nil else { return .failure(.usage("probe takes one CONFIG, found \"\(argument)\" too")) }
                configPath = argument
                index += 1
                continue
            }
            guard argument == "--bus" || argument == "--address" else {
                return .failure(.usage("probe: unknown option \"\(argument)\""))
            }
            guard index + 1 < arguments.count else { return .failure(.usage("\(argument) needs a value")) }
            let value = arguments[index + 1]
            if argument == "--bus" {
                guard let number = ValueSyntax.integer(value.utf8), (0...255).contains(number) else {
                    return .failure(.usage("--bus takes a number 0..255, not \"\(value)\""))
                }
                bus = number
            } else {
                guard let parsed = try? ValueSyntax.i2cAddress(value) else {
                    return .failure(.usage("--address takes 0x03..0x77, not \"\(value)\""))
                }
                address = parsed
            }
            index += 2
        }
        var target = fallback
        if let configPath {
            let config: PanelConfiguration
            do throws(ConfigErrors) {
                config = try load(configPath)
            } catch {
                return .failure(.config(error))
            }
            let controller = config.controller
            if let configBus = controller.bus {
                target = ProbeTarget(bus: configBus, address: controller.address)
            } else if bus == nil {
                let why = controller.model.family == .evdev
                    ? "[controller] model evdev is an input device, not on I2C; probe reads I2C controllers"
                    : "[controller] gives no bus"
                return .failure(.usage("probe: \(configPath): \(why) (give --bus and --address)"))
            } else {
                target.address = controller.address
            }
        }
        if let bus { target.bus = bus }
        if let address { target.address = address }
        return .success(target)
    }
}

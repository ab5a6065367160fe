import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine

/// `touchpanel calibrate CONFIG [--trace FILE] [--png-dir DIR]`: five targets, one touch at
/// each, the fitted `calibration` line printed to paste into the config. On the simulated
/// board a trace does the touching.
enum CalibrateCommand {
    static func run(_ arguments: [String]) -> Int32 {
        let log = StandardErrorLog()
        guard let configPath = arguments.first, !configPath.hasPrefix("--") else {
            log.error("calibrate takes CONFIG")
            return 2
        }
        var tracePath: String?
        var pngDirectory: String?
        var index = 1
        while index < arguments.count {
            guard index + 1 < arguments.count else {
                log.error("\(arguments[index]) needs a value")
                return 2
            }
            switch arguments[index] {
            case "--trace": tracePath = arguments[index + 1]
            case "--png-dir": pngDirectory = arguments[index + 1]
            default:
                log.error("calibrate: unknown option \"\(arguments[index])\"")
                return 2
            }
            index += 2
        }
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors { log.error(configError.rendered) }
            return 1
        }
        if config.board.simulated {
            guard let tracePath else {
                log.error("calibrate on the simulated board takes --trace FILE: the touches at the five targets")
                return 2
            }
            return CalibrationRun.simulated(config: config, tracePath: tracePath, pngDirectory: pngDirectory, log: log)
        }
        guard tracePath == nil, pngDirectory == nil else {
            log.error("--trace and --png-dir need the simulated board ([board] simulated = yes)")
            return 2
        }
        return CalibrationRun.live(config: config, log: log)
    }
}

import CLinux
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel run CONFIG [--trace FILE] [--png-dir DIR] [--png-at MS,...] [--fast] [--wall-clock YYYY-MM-DDTHH:MM:SS] [--debug NAME,...]`: the
/// panel. On hardware it reads the controller, draws into the framebuffer and acts; on the
/// simulated board (`[board] simulated = yes`, the default without an I2C bus) the same
/// engine plays a trace and writes what the panel shows as PNG frames.
enum RunCommand {
    /// `recordPath`: `touchpanel record CONFIG TRACE` is `run` that also writes the raw trace.
    static func run(_ arguments: [String], recordPath: String? = nil) -> Int32 {
        let launchedAt = Stopwatch().startedAt
        let log = StandardErrorLog()
        guard let configPath = arguments.first else {
            log.error("run takes CONFIG")
            return 2
        }
        var options = SimulationOptions()
        options.recordPath = recordPath
        var debug: [StateMachineName] = []
        var index = 1
        while index < arguments.count {
            let flag = arguments[index]
            let value = index + 1 < arguments.count ? arguments[index + 1] : nil
            switch flag {
            case "--fast":
                options.virtualTime = true
                index += 1
                continue
            case "--debug-gestures":
                debug = [.gestures]
                index += 1
                continue
            case "--debug":
                switch StateMachineName.parseList(value ?? "") {
                case .success(let names): debug = names
                case .failure(let error):
                    log.error(error.message)
                    return 2
                }
            case "--trace": options.tracePath = value
            case "--wall-clock":
                guard let value, let epochNs = WallClockOption.epochNanoseconds(value) else {
                    log.error(WallClockOption.usage + (value.map { ", found \"\($0)\"" } ?? ""))
                    return 2
                }
                options.wallClockStartEpochNs = epochNs
            case "--png-dir": options.pngDirectory = value
            case "--png-at":
                guard let value, let times = parseTimes(value) else {
                    log.error("--png-at takes milliseconds separated by commas, e.g. 100,600")
                    return 2
                }
                options.pngAtMs = times
            case "--format":
                switch value {
                case "rgb565": options.pixelFormat = .rgb565
                case "xrgb8888": options.pixelFormat = .xrgb8888
                case "rgb888": options.pixelFormat = .rgb888
                default:
                    log.error("--format takes rgb565, xrgb8888 or rgb888")
                    return 2
                }
            default:
                log.error("run: unknown option \"\(flag)\"")
                return 2
            }
            guard value != nil else {
                log.error("\(flag) needs a value")
                return 2
            }
            index += 2
        }
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors {
                log.error(configError.rendered)
            }
            return 1
        }
        for warning in config.warnings { log.warning(warning.rendered) }
        if config.board.simulated {
            if let directory = options.pngDirectory, mkdir(directory, 0o755) != 0, clinux_errno() != EEXIST {
                log.error("cannot create \(directory): \(String(cString: strerror(clinux_errno())))")
                return 1
            }
            return SimulatedPanel.run(config: config, options: options, log: log, debug: debug)
        }
        guard options.tracePath == nil, options.pngDirectory == nil, !options.virtualTime else {
            log.error("--trace, --png-dir and --fast need the simulated board ([board] simulated = yes)")
            return 2
        }
        return LivePanel.run(
            configPath: configPath, config: config, log: log, launchedAt: launchedAt, debug: debug,
            recordPath: recordPath)
    }

    private static func parseTimes(_ text: String) -> [Int64]? {
        var times: [Int64] = []
        for part in text.split(separator: ",") {
            guard let value = Int64(String(part)), value >= 0 else { return nil }
            times.append(value)
        }
        return times.isEmpty ? nil : times
    }
}

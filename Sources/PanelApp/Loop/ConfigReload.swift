import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// SIGHUP's reading of the config file, shared by the live panel and the simulated board:
/// what to replace the running config with, or why the running one stays.
enum ConfigReload {
    /// `bridge`: nil when `[mqtt]` is unchanged (the running bridge goes on); otherwise the
    /// new config's (itself nil without `[mqtt]`), already brought up. `homeAssistant` the
    /// same for `[homeassistant]`.
    case replace(with: PanelConfiguration, bridge: MQTTBridge??, homeAssistant: HomeAssistantBridge??)
    /// A config that did not load: the running panel goes on; `reason` says why (the first
    /// error with file:line, or the broker link that could not be made).
    case refused(reason: String)

    /// Reads `configPath` again, logging its warnings, or its errors when it is refused; with
    /// `[fleet]`, `fleet` then chooses between it and the pushed config kept. A
    /// changed `[mqtt]` or `[homeassistant]` is brought up before anything is replaced: a
    /// password or token file that cannot be read refuses the reload like a config error does.
    @inline(never)
    static func read(
        _ configPath: String, runningBridge bridge: MQTTBridge?, runningHomeAssistant homeAssistant: HomeAssistantBridge?, fleet: FleetConfigs?,
        log: PanelLog, now: MonotonicInstant
    ) -> ConfigReload {
        do {
            let local = try PanelConfigLoader.load(path: configPath)
            for warning in local.warnings { log.warning(warning.rendered) }
            let config = fleet?.chooseConfig(local: local) ?? local
            return accept(config, runningBridge: bridge, runningHomeAssistant: homeAssistant, log: log, now: now)
        } catch {
            // Refused before anything is touched: the running panel goes on as it was.
            log.error("reload refused; the running config stays:")
            for configError in error.errors { log.error(configError.rendered) }
            let more = error.errors.count > 1 ? " (and \(error.errors.count - 1) more)" : ""
            return .refused(reason: (error.errors.first?.rendered ?? configPath) + more)
        }
    }

    /// A config that loaded, made ready to replace the running one: its pictures decode, and a
    /// changed `[mqtt]` or `[homeassistant]` is brought up.
    @inline(never)
    static func accept(
        _ config: PanelConfiguration, runningBridge bridge: MQTTBridge?, runningHomeAssistant homeAssistant: HomeAssistantBridge?, log: PanelLog,
        now: MonotonicInstant
    ) -> ConfigReload {
        // A page image or an icon picture that does not decode refuses the reload before anything
        // is touched.
        let imageProblems = PageBackgrounds.problems(config) + IconPictures.problems(config)
        if let first = imageProblems.first {
            log.error("reload refused; the running config stays:")
            for problem in imageProblems { log.error(problem) }
            let more = imageProblems.count > 1 ? " (and \(imageProblems.count - 1) more)" : ""
            return .refused(reason: first + more)
        }
        do throws(StartError) {
            let newBridge: MQTTBridge?? =
                config.mqtt == bridge?.settings.config ? nil : .some(try MQTTBringUp.open(config, log: log, now: now))
            let newHomeAssistant: HomeAssistantBridge?? =
                config.homeAssistant == homeAssistant?.config ? nil : .some(try HomeAssistantBringUp.open(config, log: log, now: now))
            return .replace(with: config, bridge: newBridge, homeAssistant: newHomeAssistant)
        } catch {
            log.error("reload refused; the running config stays: \(error.message)")
            return .refused(reason: error.message)
        }
    }
}

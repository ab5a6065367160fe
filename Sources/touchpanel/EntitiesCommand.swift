import LinuxSystem
import PanelApp
import PanelConfig

/// `touchpanel entities CONFIG [DOMAIN]`: the entities of the config's Home Assistant, one
/// line each (id, friendly name, state, tab-separated), to write `entity =` lines from.
enum EntitiesCommand {
    static func run(_ arguments: [String]) -> Int32 {
        var errors = OutputBuffer.standardError()
        guard arguments.count == 1 || arguments.count == 2, !arguments[0].hasPrefix("--") else {
            errors.write("touchpanel: entities takes CONFIG [DOMAIN]\n")
            errors.flush()
            return 2
        }
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: arguments[0])
        } catch {
            for configError in error.errors { errors.write(configError.rendered + "\n") }
            errors.flush()
            return 1
        }
        switch EntityListing.entries(config, domain: arguments.count == 2 ? arguments[1] : nil) {
        case .success(let entries):
            var out = OutputBuffer.standardOutput()
            for entry in entries { out.write("\(entry.entity)\t\(entry.name)\t\(entry.state)\n") }
            out.flush()
            return 0
        case .failure(let failure):
            errors.write("touchpanel entities: \(failure.message)\n")
            errors.flush()
            return 1
        }
    }
}

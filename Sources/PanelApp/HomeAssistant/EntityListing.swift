import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel entities`: one connection to the config's Home Assistant, the login, one
/// `get_states`, and the entities it names, so a config can be written without Home
/// Assistant's UI. It waits (at most `timeout`), so it lives here, not in the panel's loop.
public enum EntityListing {
    /// One entity as listed.
    public struct Entry: Equatable, Sendable {
        public var entity: String
        public var name: String
        public var state: String
    }

    /// The whole house answers in one message: a large one (about 430 bytes an entity).
    public static let maxMessageBytes = 16 << 20
    public static let timeout = MonotonicDuration.milliseconds(15_000)

    /// The entities of `config`'s Home Assistant (of `domain` only, when given), by id; or why
    /// not, naming what failed.
    public static func entries(_ config: PanelConfiguration, domain: String?) -> Result<[Entry], ListingFailure> {
        guard let homeAssistant = config.homeAssistant else {
            return .failure(ListingFailure(message: "\(config.file) has no [homeassistant] section"))
        }
        let connection: WebsocketConnection
        let token: String
        do throws(StartError) {
            token = try HomeAssistantBringUp.readToken(homeAssistant.tokenFile)
            let url = homeAssistant.url
            connection = try WebsocketConnection(
                tls: url.tls, caFile: homeAssistant.caFile, host: url.host, port: url.port, path: url.websocketPath,
                maxMessageBytes: maxMessageBytes)
        } catch {
            return .failure(ListingFailure(message: error.message))
        }
        let name = homeAssistant.url.text
        if let why = connection.connect() { return .failure(ListingFailure(message: "cannot reach \(name): \(why)")) }
        let deadline = MonotonicClock.now() + timeout
        defer { connection.close() }
        while MonotonicClock.now() < deadline {
            let interests = connection.pollInterests
            let wait = min((deadline - MonotonicClock.now()).nanoseconds, 100_000_000)
            let events = interests.isEmpty ? [] : Poller.wait(interests, timeoutNs: max(0, wait))
            connection.service(events[...])
            for event in connection.takeEvents() {
                switch event {
                case .upgraded, .unreadable:
                    continue
                case .oversized(let bytes, _):
                    return .failure(ListingFailure(message: "\(name) sent \(bytes) bytes or more, over \(maxMessageBytes >> 20) MiB"))
                case .closed(_, let reason):
                    return .failure(ListingFailure(message: "the connection to \(name) ended: \(reason)"))
                case .message(let message):
                    switch message.kind {
                    case .authRequired:
                        _ = connection.send(HomeAssistantRequest.auth(token: token))
                    case .authOK:
                        _ = connection.send(HomeAssistantRequest.getStates(id: 1))
                    case .authInvalid:
                        return .failure(ListingFailure(message: "\(name) refused the token in \(homeAssistant.tokenFile)"))
                    case .result where message.id == 1:
                        guard message.success else {
                            return .failure(ListingFailure(message: "\(name) said \(message.errorCode ?? "an error"): \(message.errorMessage ?? "")"))
                        }
                        return .success(listed(message.entities, domain: domain))
                    case .result, .event, .pong, .other:
                        continue
                    }
                }
            }
        }
        return .failure(ListingFailure(message: "\(name) did not answer within \(timeout.wholeSeconds) s"))
    }

    /// The entities by id, of `domain` only when given.
    static func listed(_ updates: [EntityUpdate], domain: String?) -> [Entry] {
        var entries: [Entry] = []
        for update in updates where update.change == .added {
            if let domain, !update.entity.hasPrefix(domain + ".") { continue }
            let name = update.attributes.first { $0.name == "friendly_name" }?.text ?? ""
            entries.append(Entry(entity: update.entity, name: name, state: update.state ?? ""))
        }
        return entries.sorted { $0.entity < $1.entity }
    }

    public struct ListingFailure: Error, Equatable, Sendable {
        public var message: String
    }
}

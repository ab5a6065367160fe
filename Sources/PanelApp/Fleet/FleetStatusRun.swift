import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel fleet status`: one connection, the retained messages of every panel of the
/// fleet, and the table they make.
public enum FleetStatusRun {
    /// The fleet as the broker holds it, or why it cannot be had (a broker not reached).
    public static func status(_ login: FleetClient.Login, prefix: String, group: String?) -> Result<FleetStatus, FleetCommandProblem> {
        do throws(FleetCommandProblem) {
            let client = try FleetClient(login, clientID: "touchpanel-fleet-\(getpid())")
            try client.connect()
            let messages = try client.retained(FleetObservations.patterns(prefix: prefix), markerPrefix: prefix)
            return .success(FleetStatus(observations(messages, prefix: prefix), group: group))
        } catch {
            return .failure(error)
        }
    }

    /// What `messages` say, pushed configs hashed as the panels hash them.
    public static func observations(_ messages: [(topic: String, payload: [UInt8])], prefix: String) -> FleetObservations {
        var heard = FleetObservations(prefix: prefix)
        for message in messages {
            var pushed: FleetObservations.Pushed?
            if case .success(let parsed) = PushedConfigMessage.parse(message.payload) {
                pushed = FleetObservations.Pushed(sequence: parsed.sequence, hash: ConfigHash.hex(parsed.config))
            }
            heard.take(topic: message.topic, payload: message.payload, pushed: pushed)
        }
        return heard
    }
}

import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel fleet push`: signs each panel's config, publishes it retained on the panel's
/// config topic (the canary's first, the others once it applied it) and waits for each
/// panel's `P/config` to say how it went.
public enum FleetPushRun {
    /// One panel's config, built and checked, ready to sign.
    public struct Prepared: Equatable, Sendable {
        public var node: String
        /// `FLEET/config/NODE`.
        public var configTopic: String
        /// The panel's `P/config`.
        public var reportTopic: String
        public var config: [UInt8]

        public init(node: String, configTopic: String, reportTopic: String, config: [UInt8]) {
            self.node = node
            self.configTopic = configTopic
            self.reportTopic = reportTopic
            self.config = config
        }
    }

    /// One panel's push as it ended.
    public struct Outcome: Equatable, Sendable {
        public var node: String
        public var hash: String
        public var sequence: UInt64
        /// False: never published (the canary stopped the push first).
        public var published: Bool
        public var answer: PushAnswer

        /// `NODE: pushed 3f2a9c0d1e2b (sequence 1764488412): applied`.
        public func line(timeoutS: Int) -> String {
            guard published else { return "\(node): not pushed" }
            let head = "\(node): pushed \(FleetStatus.short(hash)) (sequence \(sequence))"
            switch answer {
            case .applied: return head + ": applied"
            case .refused(let error): return head + ": refused: \(error)"
            case .waiting: return head + ": no answer within \(timeoutS) s"
            }
        }
    }

    /// Pushes `panels` (the canary first when `canary`), saying each outcome through `say` as it
    /// comes; returns every outcome and where the push ended, or why it could not start.
    public static func push(
        _ panels: [Prepared], canary: Bool, key: Ed25519Key, login: FleetClient.Login, timeoutS: Int, say: (String) -> Void
    ) -> Result<(outcomes: [Outcome], end: CanaryPush), FleetCommandProblem> {
        do throws(FleetCommandProblem) {
            let client = try FleetClient(login, clientID: "touchpanel-fleet-\(getpid())")
            try client.connect()
            // What the topics hold now: each push's sequence must be newer.
            let prefix = panels.first.map { String($0.configTopic.split(separator: "/").first ?? "") } ?? ""
            let retained = try client.retained(panels.map { $0.configTopic }, markerPrefix: prefix)
            client.subscribe(panels.map { $0.reportTopic })
            let nowS = UInt64(max(0, RealTimeClock.epochNanoseconds() / 1_000_000_000))
            var outcomes: [Outcome] = []
            var payloads: [[UInt8]] = []
            for panel in panels {
                var held: UInt64?
                if let message = retained.last(where: { $0.topic == panel.configTopic }), case .success(let parsed) = PushedConfigMessage.parse(message.payload) {
                    held = parsed.sequence
                }
                let sequence = FleetPushPlan.sequence(nowS: nowS, retained: held)
                let signature: [UInt8]
                do throws(Ed25519KeyError) {
                    signature = try key.sign(PushedConfigMessage.signedBytes(sequence: sequence, topic: panel.configTopic, config: panel.config))
                } catch {
                    throw FleetCommandProblem("cannot sign \(panel.node)'s config: \(error.message)")
                }
                payloads.append(PushedConfigMessage(sequence: sequence, signature: signature, config: panel.config).payload)
                outcomes.append(Outcome(node: panel.node, hash: ConfigHash.hex(panel.config), sequence: sequence, published: false, answer: .waiting))
            }
            var machine = CanaryPush(hasCanary: canary && panels.count > 1)
            // Message ids not yet acknowledged, by panel: published again after a reconnection.
            var unacknowledged: [Int: Int32] = [:]
            var reconnections = client.reconnections
            // A publish that fails (the connection just lost) is made again once it is back.
            func publish(_ index: Int) {
                outcomes[index].published = true
                switch client.publish(topic: panels[index].configTopic, payload: payloads[index], retain: true) {
                case .success(let id): unacknowledged[index] = id
                case .failure: unacknowledged[index] = -1
                }
            }
            if machine == .waitingForCanary {
                publish(0)
            } else {
                for index in panels.indices { publish(index) }
            }
            var deadline = MonotonicClock.now() + .milliseconds(Int64(timeoutS) * 1_000)
            var said: Set<Int> = []
            while !machine.isOver {
                try client.turn(until: deadline)
                // A broker that restarted may have lost what it acknowledged (retained
                // messages not yet saved): every config of this push goes again. A panel that
                // runs it already takes the same sequence as nothing new.
                if client.reconnections != reconnections {
                    reconnections = client.reconnections
                    for index in outcomes.indices where outcomes[index].published { publish(index) }
                }
                for (index, id) in unacknowledged where client.takeAcknowledged(id) { unacknowledged[index] = nil }
                for message in client.takeMessages() {
                    for index in panels.indices where panels[index].reportTopic == message.topic && outcomes[index].published {
                        let answer = PushAnswer.of(ConfigReport.parse(message.payload), hash: outcomes[index].hash, sequence: outcomes[index].sequence)
                        // The first answer stands: a config published again after a
                        // reconnection may be answered as not newer than the one applied.
                        if answer.answered, !outcomes[index].answer.answered { outcomes[index].answer = answer }
                    }
                }
                for index in outcomes.indices where outcomes[index].answer.answered && !said.contains(index) {
                    said.insert(index)
                    say(outcomes[index].line(timeoutS: timeoutS))
                }
                let timedOut = MonotonicClock.now() >= deadline
                switch machine {
                case .waitingForCanary:
                    let event: CanaryPush.Event?
                    switch outcomes[0].answer {
                    case .applied: event = .canaryApplied
                    case .refused(let error): event = .canaryRefused(error: error)
                    case .waiting: event = timedOut ? .timedOut : nil
                    }
                    if let event, machine.step(event) == .pushRest {
                        for index in panels.indices.dropFirst() { publish(index) }
                        deadline = MonotonicClock.now() + .milliseconds(Int64(timeoutS) * 1_000)
                    }
                case .waitingForAll:
                    if outcomes.allSatisfy({ !$0.published || $0.answer.answered }) {
                        _ = machine.step(.allAnswered)
                    } else if timedOut {
                        _ = machine.step(.timedOut)
                    }
                case .stopped, .finished:
                    break
                }
            }
            // The broker has every message published before the connection ends.
            try client.serve(until: MonotonicClock.now() + .milliseconds(2_000)) {
                for (index, id) in unacknowledged where client.takeAcknowledged(id) { unacknowledged[index] = nil }
                return unacknowledged.isEmpty
            }
            for index in outcomes.indices where !said.contains(index) { say(outcomes[index].line(timeoutS: timeoutS)) }
            return .success((outcomes, machine))
        } catch {
            return .failure(error)
        }
    }
}

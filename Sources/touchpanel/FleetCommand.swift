import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine

/// `touchpanel fleet status` and `touchpanel fleet push`: many panels over their broker
/// (issue 48). Exit 2 for arguments that make no command and for a broker not reached.
enum FleetCommand {
    static func run(_ arguments: [String]) -> Int32 {
        guard let action = arguments.first else { return usageError("fleet takes status or push") }
        switch action {
        case "status": return status(Array(arguments.dropFirst()))
        case "push": return push(Array(arguments.dropFirst()))
        default: return usageError("fleet takes status or push, not \"\(action)\"")
        }
    }

    /// The options both share, and each one's own.
    struct Options {
        var login: FleetClient.Login?
        var username: String?
        var passwordFile: String?
        var caFile: String?
        var group: String?
        var prefix = FleetConfig.defaultPrefix
        var key: String?
        var canary: String?
        var timeoutS = 60
        var positional: [String] = []
    }

    /// The options in `arguments`; `allowed` names those this action takes.
    static func options(_ arguments: [String], allowed: [String]) -> Result<Options, FleetCommandProblem> {
        var options = Options()
        var broker: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            guard argument.hasPrefix("--") else {
                options.positional.append(argument)
                index += 1
                continue
            }
            guard allowed.contains(argument) else { return .failure(FleetCommandProblem("unknown option \(argument)")) }
            guard index + 1 < arguments.count else { return .failure(FleetCommandProblem("\(argument) needs a value")) }
            let value = arguments[index + 1]
            switch argument {
            case "--broker": broker = value
            case "--username": options.username = value
            case "--password-file": options.passwordFile = value
            case "--ca-file": options.caFile = value
            case "--group": options.group = value
            case "--prefix": options.prefix = value
            case "--key": options.key = value
            case "--canary": options.canary = value
            case "--timeout-s":
                guard let seconds = Int(value), seconds > 0, seconds <= 86_400 else {
                    return .failure(FleetCommandProblem("--timeout-s \(value): expected whole seconds from 1 to 86400"))
                }
                options.timeoutS = seconds
            default: return .failure(FleetCommandProblem("unknown option \(argument)"))
            }
            index += 2
        }
        guard let broker else { return .failure(FleetCommandProblem("--broker mqtt://HOST[:PORT] is needed")) }
        switch BrokerURL.parse(broker) {
        case .success(let url):
            options.login = FleetClient.Login(url: url, username: options.username, passwordFile: options.passwordFile, caFile: options.caFile)
        case .failure(let problem):
            return .failure(problem)
        }
        return .success(options)
    }

    static let loginOptions = ["--broker", "--username", "--password-file", "--ca-file"]

    static func status(_ arguments: [String]) -> Int32 {
        let options: Options
        switch self.options(arguments, allowed: loginOptions + ["--group", "--prefix"]) {
        case .success(let parsed): options = parsed
        case .failure(let problem): return usageError(problem.message)
        }
        guard options.positional.isEmpty, let login = options.login else { return usageError("fleet status takes options only") }
        switch FleetStatusRun.status(login, prefix: options.prefix, group: options.group) {
        case .success(let status):
            var out = OutputBuffer.standardOutput()
            out.write(status.text)
            out.flush()
            return 0
        case .failure(let problem):
            return failure(problem.message, code: 2)
        }
    }

    static func push(_ arguments: [String]) -> Int32 {
        let options: Options
        switch self.options(arguments, allowed: loginOptions + ["--key", "--canary", "--timeout-s"]) {
        case .success(let parsed): options = parsed
        case .failure(let problem): return usageError(problem.message)
        }
        guard options.positional.count == 1, let login = options.login else { return usageError("fleet push takes one DIR") }
        guard let keyFile = options.key else { return usageError("fleet push needs --key FILE, the Ed25519 private key to sign with") }
        let folder = options.positional[0]
        let plan: FleetPushPlan
        switch FleetPushPlan.make(folder: folder, fileNames: DirectoryListing.names(in: folder), canary: options.canary) {
        case .success(let made): plan = made
        case .failure(let problem): return failure(problem.message, code: 1)
        }
        let key: Ed25519Key
        do throws(Ed25519KeyError) {
            key = try Ed25519Key(file: keyFile, kind: .privateKey)
        } catch {
            return failure("--key \(error.message)", code: 1)
        }
        // Every panel's config is checked before any is pushed: one error pushes nothing.
        var prepared: [FleetPushRun.Prepared] = []
        var problems: [String] = []
        for panel in plan.panels {
            switch self.prepared(panel) {
            case .success(let ready): prepared.append(ready)
            case .failure(let lines): problems += lines.lines
            }
        }
        guard problems.isEmpty else {
            var errors = OutputBuffer.standardError()
            for line in problems { errors.write(line + "\n") }
            errors.write("touchpanel fleet push: nothing pushed\n")
            errors.flush()
            return 1
        }
        var out = OutputBuffer.standardOutput()
        let result = FleetPushRun.push(prepared, canary: plan.canary != nil, key: key, login: login, timeoutS: options.timeoutS) { line in
            out.write(line + "\n")
            out.flush()
        }
        switch result {
        case .failure(let problem):
            return failure(problem.message, code: 2)
        case .success(let pushed):
            if case .stopped(let why) = pushed.end {
                return failure("\(plan.canary ?? "the canary"): \(why); nothing pushed to the other panels", code: 1)
            }
            let failed = pushed.outcomes.filter { $0.answer != .applied }
            guard failed.isEmpty else {
                let named = failed.prefix(10).map { $0.node }.joined(separator: ", ") + (failed.count > 10 ? " and \(failed.count - 10) more" : "")
                return failure("\(failed.count) of \(pushed.outcomes.count) panels did not apply it: \(named)", code: 1)
            }
            return 0
        }
    }

    /// The config to push to one panel, checked as `check` checks it; or its error lines.
    static func prepared(_ panel: FleetPushPlan.Panel) -> Result<FleetPushRun.Prepared, CheckLines> {
        let checked = CheckCommand.checked(configPath: panel.file)
        guard let config = checked.config else { return .failure(CheckLines(checked.errors)) }
        guard let mqtt = config.mqtt else { return .failure(CheckLines(["\(panel.file): no [mqtt] section: a panel takes pushed configs over its broker"])) }
        if let clientID = mqtt.clientID, MQTTConfig.nodeID(clientID: clientID) != panel.node {
            return .failure(CheckLines(["\(panel.file): [mqtt] client_id \(clientID) is node \(MQTTConfig.nodeID(clientID: clientID)), not \(panel.node) as the file is named"]))
        }
        let prefix = config.fleet?.prefix ?? FleetConfig.defaultPrefix
        let topics = MQTTTopics(
            prefix: mqtt.effectiveTopicPrefix(clientID: mqtt.clientID ?? panel.node), discoveryPrefix: mqtt.discoveryPrefix, nodeID: panel.node)
        let bytes: [UInt8]
        switch configBytes(panel.file) {
        case .success(let flattened): bytes = flattened
        case .failure(let lines): return .failure(lines)
        }
        // What the panel would drop unread: over the envelope's limit or its max_message_kb.
        let envelopeBytes = 128
        let limit = min(PushedConfigMessage.maxConfigBytes, mqtt.maxMessageKB * 1_024 - envelopeBytes)
        guard bytes.count <= limit else {
            return .failure(CheckLines([
                "\(panel.file): its pushed config is \(bytes.count) bytes (with what it includes); the panel takes at most \(limit) "
                    + "([mqtt] max_message_kb = \(mqtt.maxMessageKB), and \(PushedConfigMessage.maxConfigBytes) in all)",
            ]))
        }
        return .success(FleetPushRun.Prepared(
            node: panel.node, configTopic: FleetTopics.nodeConfig(prefix: prefix, node: panel.node), reportTopic: topics.config, config: bytes))
    }

    /// The bytes pushed for the panel file at `path`: the config with the files it includes
    /// merged in (`PanelConfigLoader.flattened`), since a panel refuses `include` in a pushed
    /// config and has none of DIR's files.
    static func configBytes(_ path: String) -> Result<[UInt8], CheckLines> {
        do throws(ConfigErrors) {
            return .success(Array(try PanelConfigLoader.flattened(path: path).utf8))
        } catch {
            return .failure(CheckLines(error.errors.map { $0.rendered }))
        }
    }

    /// A panel's config's error lines (file:line), as `check` prints them.
    struct CheckLines: Error {
        var lines: [String]

        init(_ lines: [String]) {
            self.lines = lines
        }
    }

    private static func failure(_ message: String, code: Int32) -> Int32 {
        var errors = OutputBuffer.standardError()
        errors.write("touchpanel fleet: \(message)\n")
        errors.flush()
        return code
    }

    private static func usageError(_ message: String) -> Int32 {
        var errors = OutputBuffer.standardError()
        errors.write("touchpanel fleet: \(message)\n")
        if let text = TouchPanelCommand.usage(of: "fleet") { errors.write(text) }
        errors.flush()
        return 2
    }
}

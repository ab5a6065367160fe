import CLinux
import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine

/// The run's side of a fleet (`[fleet]`, issue 48): which config runs, the local file's or the
/// pushed one kept in the state directory; each pushed config checked (its envelope, its
/// signature, its sequence, the config as `check` reads it, what it may change) before it is
/// applied as a reload; and what `P/config` says. One per run: it outlives the sessions.
final class FleetConfigs {
    /// A pushed config that passed every check, ready to run. A class: a reload carries it
    /// in `ConfigReload.Accepted` through the live loop's frame, which a second configuration
    /// held by value there would grow by its size at every copy.
    final class Pushed {
        let topic: String
        let message: PushedConfigMessage
        let payload: [UInt8]
        let hash: String
        let config: PanelConfiguration

        init(topic: String, message: PushedConfigMessage, payload: [UInt8], hash: String, config: PanelConfiguration) {
            self.topic = topic
            self.message = message
            self.payload = payload
            self.hash = hash
            self.config = config
        }
    }

    /// What to do with a pushed config that came in.
    enum Consideration {
        /// Nothing: it is the config running already, or an older one (logged).
        case nothing
        case apply(Pushed)
        /// It changes nothing; `P/config` says why.
        case refused
    }

    private enum Running {
        case local
        case pushed(topic: String, sequence: UInt64, hash: String)
    }

    private let localPath: String
    private let keptPath: String?
    private let log: PanelLog
    /// The local file's config as last read (at start or SIGHUP), and the hash of its bytes.
    private var local: PanelConfiguration
    private var localHash: String
    private var running = Running.local
    private var since: String
    private var lastPush: ConfigReport.Push?
    /// Older configs already logged, as `topic sequence`: a retained one comes again at every
    /// connect, and is logged once.
    private var olderLogged: [String] = []

    /// Nil without `[fleet]`.
    @inline(never)
    init?(localPath: String, local: PanelConfiguration, stateDirectory: String?, log: PanelLog) {
        guard local.fleet != nil else { return nil }
        self.localPath = localPath
        self.local = local
        self.log = log
        keptPath = KeptPushedConfig.path(stateDirectory: stateDirectory)
        localHash = FleetConfigs.hash(of: local)
        since = FleetConfigs.nowText()
    }

    /// The fleet side of the run whose local config is `local`, from the environment's
    /// `STATE_DIRECTORY`.
    static func fromEnvironment(localPath: String, local: PanelConfiguration, log: PanelLog) -> FleetConfigs? {
        FleetConfigs(localPath: localPath, local: local, stateDirectory: getenv("STATE_DIRECTORY").map { String(cString: $0) }, log: log)
    }

    /// Why the panel cannot start with `config`'s `[fleet]`: a trust key it cannot read, with
    /// the key's file:line (nil: it can).
    @inline(never)
    static func startProblem(_ config: PanelConfiguration) -> String? {
        let problems = Ed25519Key.trustKeyProblems(config.namedFiles)
        return problems.isEmpty ? nil : problems.joined(separator: "; ")
    }

    /// The config to run given the local file's `local` (at start, and after SIGHUP read the
    /// file again): the kept pushed config when there is one, `accept_config` is on and it
    /// still passes every check against this local config; otherwise `local`.
    /// Never inlined, as all that reads and checks a config here: the callers' frames last the
    /// panel's life (the live loop's), and would hold this one's config-sized temporaries.
    @inline(never)
    func chooseConfig(local newLocal: PanelConfiguration) -> PanelConfiguration {
        local = newLocal
        localHash = FleetConfigs.hash(of: newLocal)
        guard newLocal.fleet?.acceptConfig == true, let keptPath, let read = KeptPushedConfig.read(keptPath) else {
            running = .local
            return newLocal
        }
        switch read {
        case .failure(let error):
            log.warning("fleet: \(error.message); running the local config")
        case .success(let kept):
            switch check(topic: kept.topic, payload: kept.payload) {
            case .success(let pushed):
                log.log("fleet: running the config pushed on \(kept.topic) (sequence \(pushed.message.sequence)), kept in \(keptPath)")
                running = .pushed(topic: kept.topic, sequence: pushed.message.sequence, hash: pushed.hash)
                return pushed.config
            case .failure(let refusal):
                log.warning("fleet: the kept pushed config (\(keptPath)) no longer passes: \(refusal.message); running the local config")
            }
        }
        running = .local
        return newLocal
    }

    /// A config pushed on `topic` came in: what to do with it.
    @inline(never)
    func consider(topic: String, payload: [UInt8]) -> Consideration {
        if payload.isEmpty {
            // A retained config cleared: what runs stays.
            log.log("fleet: \(topic) was cleared; the running config stays")
            return .nothing
        }
        if case .success(let message) = PushedConfigMessage.parse(payload), case .pushed(_, let sequence, let hash) = running,
            message.sequence <= sequence
        {
            if message.sequence == sequence && ConfigHash.hex(message.config) == hash { return .nothing }
            let key = "\(topic) \(message.sequence)"
            if !olderLogged.contains(key) {
                olderLogged.append(key)
                if olderLogged.count > 64 { olderLogged.removeFirst() }
                log.log("fleet: ignored the config on \(topic): its sequence \(message.sequence) is not newer than the running one's (\(sequence))")
            }
            return .nothing
        }
        switch check(topic: topic, payload: payload) {
        case .success(let pushed):
            return .apply(pushed)
        case .failure(let refusal):
            let message = try? PushedConfigMessage.parse(payload).get()
            refused(topic: topic, sequence: message?.sequence ?? 0, hash: message.map { ConfigHash.hex($0.config) } ?? "", reason: refusal.message)
            return .refused
        }
    }

    /// `pushed` runs now: kept for the next start, and said on `P/config`.
    @inline(never)
    func applied(_ pushed: Pushed) {
        running = .pushed(topic: pushed.topic, sequence: pushed.message.sequence, hash: pushed.hash)
        since = FleetConfigs.nowText()
        lastPush = ConfigReport.Push(topic: pushed.topic, sequence: pushed.message.sequence, hash: pushed.hash, result: .applied, at: since)
        log.log("fleet: applied the config pushed on \(pushed.topic) (sequence \(pushed.message.sequence), \(pushed.hash.prefix(12)))")
        guard let keptPath else {
            log.warning("fleet: no STATE_DIRECTORY: the pushed config is not kept; the local one runs after a restart")
            return
        }
        if let problem = KeptPushedConfig(topic: pushed.topic, payload: pushed.payload).write(to: keptPath) {
            log.warning("fleet: cannot keep the pushed config: \(problem); the local one runs after a restart")
        }
    }

    /// A pushed config changed nothing: why, in the log and on `P/config`.
    func refused(topic: String, sequence: UInt64, hash: String, reason: String) {
        log.warning("fleet: refused the config pushed on \(topic): \(reason)")
        lastPush = ConfigReport.Push(topic: topic, sequence: sequence, hash: hash, result: .refused, error: reason, at: FleetConfigs.nowText())
    }

    /// The local config runs again after a reload of the local file.
    func ranLocal() {
        since = FleetConfigs.nowText()
    }

    /// What `P/config` says now.
    var report: ConfigReport {
        let groups = local.fleet?.groups ?? []
        let version = "\(SoftwareVersion.text)"
        switch running {
        case .local:
            return ConfigReport(hash: localHash, source: .local, since: since, groups: groups, version: version, push: lastPush)
        case .pushed(let topic, let sequence, let hash):
            return ConfigReport(hash: hash, source: .pushed, sequence: sequence, topic: topic, since: since, groups: groups, version: version, push: lastPush)
        }
    }

    /// The file name a pushed config is read as: in the local config's folder, so its relative
    /// paths (fonts, icons, images, presets) are the local config's; errors name it.
    var pushedFileName: String {
        let folder = localPath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return folder.isEmpty ? "pushed.ini" : "\(folder)/pushed.ini"
    }

    /// Every check of a pushed config but its sequence: the envelope, the signature with the
    /// trusted key over the topic and bytes, the config as `check` reads it, its pictures,
    /// and what it may change against the local config.
    private func check(topic: String, payload: [UInt8]) -> Result<Pushed, PushRefusal> {
        let message: PushedConfigMessage
        switch PushedConfigMessage.parse(payload) {
        case .success(let parsed): message = parsed
        case .failure(let refusal): return .failure(refusal)
        }
        guard let keyFile = local.fleet?.trustKeyFile, local.fleet?.acceptConfig == true else {
            return .failure(PushRefusal("[fleet] accept_config is off"))
        }
        let key: Ed25519Key
        do throws(Ed25519KeyError) {
            key = try Ed25519Key(file: keyFile, kind: .publicKey)
        } catch {
            return .failure(PushRefusal("trust_key \(error.message)"))
        }
        let signed = PushedConfigMessage.signedBytes(sequence: message.sequence, topic: topic, config: message.config)
        if let problem = key.problem(verifying: message.signature, over: signed) {
            return .failure(PushRefusal("not signed by the trusted key: \(problem)"))
        }
        let config: PanelConfiguration
        do throws(ConfigErrors) {
            config = try PanelConfigLoader.parse(text: String(decoding: message.config, as: UTF8.self), file: pushedFileName, includes: .refuse)
        } catch {
            let more = error.errors.count > 1 ? " (and \(error.errors.count - 1) more)" : ""
            return .failure(PushRefusal((error.errors.first?.rendered ?? pushedFileName) + more))
        }
        let refusals = PushedConfigPolicy.refusals(local: local, pushed: config)
            + PageBackgrounds.problems(config) + IconPictures.problems(config)
        if let first = refusals.first {
            let more = refusals.count > 1 ? " (and \(refusals.count - 1) more)" : ""
            return .failure(PushRefusal(first + more))
        }
        return .success(Pushed(topic: topic, message: message, payload: payload, hash: ConfigHash.hex(message.config), config: config))
    }

    /// SHA-256 of the local config's bytes: its file's alone, or with includes, of the files
    /// read one after the other (`sourceFiles`), so a change to `common.ini` changes the hash
    /// of every panel that includes it. Empty when a file cannot be read.
    static func hash(of config: PanelConfiguration) -> String {
        var bytes: [UInt8] = []
        for file in config.sourceFiles {
            guard let contents = try? FileContents.bytes(ofFile: file) else { return "" }
            bytes += contents
        }
        return ConfigHash.hex(bytes)
    }

    static func nowText() -> String {
        UTCTimestamp.text(epochMs: RealTimeClock.epochNanoseconds() / 1_000_000)
    }
}

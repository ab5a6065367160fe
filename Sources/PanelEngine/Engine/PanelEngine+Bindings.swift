import LinuxSystem
import PanelConfig
import TouchCore

/// State from outside the touch path: messages on bound topics, the broker coming and going,
/// the pending looks' deadlines. Each changes looks only (DESIGN.md rule 13); the looks are
/// drawn in the turn's outside-changes pass, after the touch path.
extension PanelEngine {
    /// The topics the broker link subscribes to for this panel's bindings.
    public var boundTopics: [String] {
        var topics = bindings.topics
        for topic in texts.topics where !topics.contains(topic) { topics.append(topic) }
        for slider in config.sliders {
            if let topic = slider.valueTopic, !topics.contains(topic) { topics.append(topic) }
        }
        for qrCode in config.qrCodes {
            if let topic = qrCode.topic, !topics.contains(topic) { topics.append(topic) }
        }
        for chart in config.charts {
            if let topic = chart.topic, !topics.contains(topic) { topics.append(topic) }
        }
        if case .topic(let topic, _) = config.presence?.source, !topics.contains(topic) { topics.append(topic) }
        return topics
    }

    /// A message on `topic` at `now` (from the broker, or an `mqtt` trace line): each button
    /// bound to it takes the state it reports. A payload that says neither on nor off is
    /// logged, a few lines a minute per topic, and changes nothing. Its own function in every
    /// build: scripts/bench.sh counts its instructions.
    @inline(never)
    public func received(topic: String, payload: [UInt8], now: MonotonicInstant) {
        let bound = bindings.buttons(on: topic)
        let shownBy = texts.indices(on: topic)
        let sliders = config.sliders.indices.filter { config.sliders[$0].valueTopic == topic }
        let qrCodes = config.qrCodes.indices.filter { config.qrCodes[$0].topic == topic }
        let charts = config.charts.indices.filter { config.charts[$0].topic == topic }
        let presenceBound = presenceListens(to: topic)
        guard !bound.isEmpty || !shownBy.isEmpty || !sliders.isEmpty || !qrCodes.isEmpty || !charts.isEmpty || presenceBound else { return }
        if let recorder {
            if payload.contains(0x0A) || payload.contains(0x0D) {
                recorder.comment("a message on \(topic) with a line break is not recorded")
            } else {
                recorder.record("mqtt \(topic) \(String(decoding: payload, as: UTF8.self))", at: now)
            }
        }
        tick(now: now)
        let at = max(now, lastInputAt)
        if presenceBound { presenceReceived(topic: topic, payload: payload, at: at) }
        for index in bound {
            switch bindings.reading(payload, for: index) {
            case .success(let on):
                stepBinding(index, .reported(on: on), at: at)
            case .failure(let problem):
                let name = config.buttons[index].name
                if stateLogs.admit("mqtt: \(topic) for [button \(name)]", at: at) {
                    log.warning("mqtt: \(topic) for [button \(name)]: ignored: \(problem.message)")
                }
            }
        }
        for index in sliders {
            sliderReceived(payload, for: index, topic: topic, at: at)
        }
        for index in qrCodes {
            qrCodeTextChanged(index, to: String(decoding: payload, as: UTF8.self))
        }
        for index in charts {
            let key = "mqtt: \(topic) for [chart \(config.charts[index].name)]"
            switch sliderText(payload, field: config.charts[index].field) {
            case .success(let text): chartReceived(index, text: text, key: key, at: at)
            case .failure(let problem):
                if stateLogs.admit(key, at: at) { log.warning("\(key): ignored: \(problem.message)") }
            }
        }
        if self.charts.hasWritesDue { self.charts.writeFilesDue() }
        for index in shownBy {
            switch texts.received(payload, for: index, now: at) {
            case .success(let update):
                if update.changed {
                    textChanged(index)
                    listener?.panelStateChanged()
                }
                if let characters = update.cutFromCharacters {
                    let name = config.texts[index].name
                    if stateLogs.admit("mqtt: \(topic) for [text \(name)] cut", at: at) {
                        log.warning("mqtt: \(topic) for [text \(name)]: \(characters) characters, cut to \(TextItems.maxCharacters)")
                    }
                }
            case .failure(let problem):
                let name = config.texts[index].name
                if stateLogs.admit("mqtt: \(topic) for [text \(name)]", at: at) {
                    log.warning("mqtt: \(topic) for [text \(name)]: ignored: \(problem.message)")
                }
            }
        }
    }

    /// A message on slider `index`'s `value_topic`: its value from outside (rule 12), or a log
    /// line (a few a minute) saying why not.
    private func sliderReceived(_ payload: [UInt8], for index: Int, topic: String, at: MonotonicInstant) {
        let slider = config.sliders[index]
        let key = "mqtt: \(topic) for [\(slider.noun) \(slider.name)]"
        let text: String
        switch sliderText(payload, field: slider.valueField) {
        case .success(let found): text = found
        case .failure(let problem):
            if stateLogs.admit(key, at: at) { log.warning("\(key): ignored: \(problem.message)") }
            return
        }
        setSliderValue(index, deviceText: text, of: slider, key: key, at: at)
    }

    /// Slider `index` at a device's number (`slider` with the scale it has now): its value from
    /// outside (rule 12), or a log line (a few a minute per `key`) saying why not. A value from
    /// a topic and from an entity both come here.
    func setSliderValue(_ index: Int, deviceText text: String, of slider: SliderConfig, key: String, at: MonotonicInstant) {
        guard let (step, clamped) = slider.step(ofDeviceText: text) else {
            if stateLogs.admit(key, at: at) { log.warning("\(key): ignored: \"\(BindingProblem.shortened(text))\" is not a number") }
            return
        }
        if clamped, stateLogs.admit(key + " clamped", at: at) {
            log.warning("\(key): \(text) is outside its range: \(slider.scale.text(ofStep: step)) shown")
        }
        setSliderValue(index, step: step, now: at)
    }

    /// The text of a slider's value in `payload`: the whole payload, or its `field`.
    private func sliderText(_ payload: [UInt8], field: [String]?) -> Result<String, SliderValueProblem> {
        guard payload.count <= StateBindings.maxPayloadBytes else {
            return .failure(SliderValueProblem(message: "a payload of \(payload.count) bytes, over \(StateBindings.maxPayloadBytes)"))
        }
        guard let field else { return .success(String(decoding: payload, as: UTF8.self)) }
        let path = field.joined(separator: ".")
        switch JSONField.value(at: field, in: payload) {
        case .success(.number(let number)): return .success(number)
        case .success(.text(let written)): return .success(written)
        case .success(.boolean), .success(.null): return .failure(SliderValueProblem(message: "field \(path) is no number"))
        case .failure(let why): return .failure(SliderValueProblem(message: "field \(path): \(why.message)"))
        }
    }

    /// The broker link went away (`false`) or came back: while it is away nothing bound is
    /// known, and every bound button shows unknown until its device reports again.
    public func brokerAvailabilityChanged(online: Bool, now: MonotonicInstant) {
        guard !online else { return }
        for index in texts.brokerAway() { textChanged(index) }
        let at = max(now, lastInputAt)
        for index in config.buttons.indices where config.buttons[index].binding?.topic != nil {
            stepBinding(index, .notKnown, at: at)
        }
    }

    /// A gesture ran bound button `index`'s action: its look waits for the device.
    func boundButtonActed(_ index: Int, at: MonotonicInstant) {
        guard let binding = config.buttons[index].binding else { return }
        stepBinding(index, .tapped(at: at, pendingFor: binding.pending), at: at)
    }

    /// Pending looks whose wait ended by `now` go back to the last report, with a log line.
    func expireBindings(now: MonotonicInstant) {
        guard let due = bindings.nextDeadline, due <= now else { return }
        for index in config.buttons.indices {
            if let deadline = bindings.states[index]?.deadline, deadline <= now {
                stepBinding(index, .due(now: now), at: now)
            }
        }
    }

    /// What `$VALUE` stands for in a bound button's `mqtt` action: the state the tap asks for.
    func requestedValue(_ index: Int) -> String? {
        guard let binding = config.buttons[index].binding else { return nil }
        return bindings.states[index]?.reportedOn == true ? binding.off : binding.on
    }

    /// A bound button's device state for `ctl state`: `on`, `off`, `pending` or `unknown`.
    func boundStateName(_ index: Int) -> String? {
        switch bindings.states[index] {
        case nil: nil
        case .unknown?: "unknown"
        case .reported(let on)?: on ? "on" : "off"
        case .pending?: "pending"
        }
    }

    func stepBinding(_ index: Int, _ input: BoundState.Input, at: MonotonicInstant) {
        guard let (from, to, effect) = bindings.step(index, input) else { return }
        let name = config.buttons[index].name
        if let transitions, transitions.wants(.bindings) {
            transitions.record(
                .bindings, at: at, of: name, from: TransitionText.bound(from, origin: transitions.origin),
                input: TransitionText.bound(input, origin: transitions.origin), to: TransitionText.bound(to, origin: transitions.origin))
        }
        if effect == .gaveUp {
            let shown = TransitionText.bound(to, origin: transitions?.origin ?? at)
            log.log("[button \(name)] no state from \(config.buttons[index].binding?.sourceText ?? "") within \(config.buttons[index].binding?.pending.wholeMilliseconds ?? 0) ms of the tap; showing \(shown) again")
        }
        guard from != to else { return }
        looksChanged(index, at: at) { looks in StateBindings.apply(to, to: index, in: &looks) }
        listener?.panelStateChanged()
    }
}

/// Why a message on a slider's `value_topic` set no value.
struct SliderValueProblem: Error {
    var message: String
}

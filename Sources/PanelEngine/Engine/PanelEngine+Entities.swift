import LinuxSystem
import PanelConfig
import TouchCore

/// State from Home Assistant's entities: each changes looks and labels only (DESIGN.md rule
/// 13), drawn in the turn's outside-changes pass after the touch path, as a bound topic's are.
extension PanelEngine {
    /// The entities the items are bound to, each once, in item order: what the Home
    /// Assistant link subscribes to.
    public var boundEntities: [EntityID] {
        var entities = bindings.entities
        for text in config.texts {
            if let entity = text.entity, !entities.contains(entity) { entities.append(entity) }
        }
        for slider in config.sliders {
            if let entity = slider.entity, !entities.contains(entity) { entities.append(entity) }
        }
        for qrCode in config.qrCodes {
            if let entity = qrCode.entity, !entities.contains(entity) { entities.append(entity) }
        }
        for chart in config.charts {
            if let entity = chart.entity, !entities.contains(entity) { entities.append(entity) }
        }
        if case .entity(let entity) = config.presence?.source, !entities.contains(entity) { entities.append(entity) }
        return entities
    }

    /// Home Assistant's state of `entity` at `now`; nil when it does not exist (removed, or
    /// never there). An unavailable, unknown or missing entity shows unknown; a state that
    /// is neither on nor off is logged (a few lines a minute) and changes nothing. Its own
    /// function in every build: scripts/bench.sh counts its instructions.
    @inline(never)
    public func entityReported(_ entity: EntityID, _ state: EntityState?, now: MonotonicInstant) {
        let bound = bindings.buttons(showing: entity)
        let shownBy = texts.indices(showing: entity)
        let sliders = config.sliders.indices.filter { config.sliders[$0].entity == entity }
        let qrCodes = config.qrCodes.indices.filter { config.qrCodes[$0].entity == entity }
        let charts = config.charts.indices.filter { config.charts[$0].entity == entity }
        if case .entity(let presenceEntity) = config.presence?.source, presenceEntity == entity {
            tick(now: now)
            presenceEntityReported(entity, state, at: max(now, lastInputAt))
        }
        guard !bound.isEmpty || !shownBy.isEmpty || !sliders.isEmpty || !qrCodes.isEmpty || !charts.isEmpty else { return }
        tick(now: now)
        let at = max(now, lastInputAt)
        for index in bound {
            // Not the whole ButtonConfig: a copy of it costs more than the rest of this loop.
            guard let binding = config.buttons[index].binding else { continue }
            if config.buttons[index].labelFromEntity, let name = state?.friendlyName, !name.isEmpty, name != labels[index] {
                labelChanged(index, to: name)
            }
            guard let state, state.isKnown else {
                stepBinding(index, .notKnown, at: at)
                continue
            }
            if state.state == binding.on {
                stepBinding(index, .reported(on: true), at: at)
            } else if state.state == binding.off {
                stepBinding(index, .reported(on: false), at: at)
            } else {
                let key = "homeassistant: \(entity) for [button \(config.buttons[index].name)]"
                if stateLogs.admit(key, at: at) {
                    log.warning("\(key): ignored: \(BindingProblem.neither(state.state, on: binding.on, off: binding.off).message)")
                }
            }
        }
        for index in sliders where config.sliders[index].labelFromEntity {
            if let name = state?.friendlyName, !name.isEmpty, name != sliderLabel(index) { sliderLabelChanged(index, to: name) }
        }
        if let state, state.isKnown {
            for index in sliders { sliderLevel(state, for: index, entity: entity, at: at) }
            // Unknown or unavailable: the code shown stays.
            for index in qrCodes { qrCodeTextChanged(index, to: state.state) }
            for index in charts {
                chartReceived(index, text: state.state, key: "homeassistant: \(entity) for [chart \(config.charts[index].name)]", at: at)
            }
            if self.charts.hasWritesDue { self.charts.writeFilesDue() }
        }
        for index in shownBy {
            switch texts.entityReported(state, for: index, now: at) {
            case .success(let update):
                if update.changed {
                    textChanged(index)
                    listener?.panelStateChanged()
                }
            case .failure(let problem):
                let key = "homeassistant: \(entity) for [text \(config.texts[index].name)]"
                if stateLogs.admit(key, at: at) { log.warning("\(key): ignored: \(problem.message)") }
            }
        }
    }

    /// Slider `index`'s level from its entity's state (rule 12, as a `value_topic`'s): its
    /// attribute, or its state; a light that is off (no brightness) at 0, so the minimum.
    private func sliderLevel(_ state: EntityState, for index: Int, entity: EntityID, at: MonotonicInstant) {
        var slider = currentSlider(index)
        // The entity's own range, where the config gives none; not under a finger (its steps
        // would change under the drag): the next report applies it.
        if let range = slider.entityRange, !isSliderHeld(index), let scale = range.scale(from: state.attributes, over: config.sliders[index].scale),
           scale != slider.scale {
            rescaleSlider(index, to: scale)
            slider.scale = scale
        }
        var text = slider.entityAttribute.map { state.attributes[$0] } ?? state.state
        if text == nil || text == "null", state.state == "off" { text = "0" }
        let key = "homeassistant: \(entity) for [\(slider.noun) \(slider.name)]"
        guard let text, text != "null" else {
            if stateLogs.admit(key, at: at) { log.warning("\(key): ignored: it has no \(slider.entityAttribute ?? "state")") }
            return
        }
        setSliderValue(index, deviceText: text, of: slider, key: key, at: at)
    }

    /// The Home Assistant link left online: nothing any entity said is current, so every item
    /// bound to one shows unknown until its entity reports again.
    public func homeAssistantAway(now: MonotonicInstant) {
        let at = max(now, lastInputAt)
        for index in texts.homeAssistantAway() { textChanged(index) }
        for index in config.buttons.indices where config.buttons[index].binding?.entity != nil {
            stepBinding(index, .notKnown, at: at)
        }
    }
}

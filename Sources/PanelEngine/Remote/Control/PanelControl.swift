import LinuxSystem
import PanelConfig
import TouchCore

/// The control protocol's commands carried out on a running engine, each answered with one
/// line of JSON. Changes take effect at once and are drawn in the engine's next turn, after
/// the touch path (newest label per button, a bounded number a turn). Labels, latches and
/// enabled states are carried into a reload and kept across a restart (`StateKeeper`).
extension PanelEngine {
    public func control(_ command: ControlCommand, now: MonotonicInstant) -> String {
        switch run(command, now: now) {
        case .success(let reply):
            if command != .state { listener?.panelStateChanged() }
            if command.changesKeptState { keptStateChanges &+= 1 }
            return reply
        case .failure(let error): return error.reply
        }
    }

    /// Carries out one command: also how a kept state is restored (`PanelEngine.init`).
    func run(_ command: ControlCommand, now: MonotonicInstant) -> Result<String, ControlError> {
        let ok = "{\"ok\":true}"
        switch command {
        case .state:
            return .success(stateJSON())
        case .label(let name, let written):
            guard let index = buttonIndex(name) else { return .failure(unknownButton(name)) }
            labelChanged(index, to: LabelText.unescaped(written))
            return .success(ok)
        case .latch(let name, let on):
            guard let index = buttonIndex(name) else { return .failure(unknownButton(name)) }
            guard config.buttons[index].latch else {
                return .failure(ControlError("button \(name) is no latch button (latch = yes in its section)"))
            }
            actions.setLatched(index, on)
            looksChanged(index, at: now) { $0.setLatched(index, on) }
            return .success(ok)
        case .enable(let name, let enabled):
            if let index = config.sliders.firstIndex(where: { $0.name == name }) {
                setSliderEnabled(index, enabled)
                return .success(ok)
            }
            guard let index = buttonIndex(name) else {
                return .failure(ControlError(
                    "no button or slider \"\(name)\"; buttons: " + config.buttons.map { $0.name }.joined(separator: ", ")
                    + (config.sliders.isEmpty ? "" : "; sliders: " + config.sliders.map { $0.name }.joined(separator: ", "))))
            }
            setEnabled(index, enabled)
            looksChanged(index, at: now) { $0.setDisabled(index, !enabled) }
            return .success(ok)
        case .brightness(let percent):
            guard let backlight else { return .failure(ControlError("no [backlight] in \(config.file)")) }
            backlight.setBrightness(percent: percent)
            return .success(ok)
        case .wake, .blank:
            guard backlight != nil else { return .failure(ControlError("no [backlight] in \(config.file)")) }
            power(command == .wake ? .wakeRequested : .blankRequested, now: now)
            return .success(ok)
        case .page(let target):
            guard !config.pages.isEmpty else { return .failure(ControlError("no [page NAME] sections in \(config.file)")) }
            if case .named(let name) = target, !config.pages.contains(where: { $0.name == name }) {
                return .failure(ControlError("no page \"\(name)\"; pages: " + config.pages.map { $0.name }.joined(separator: ", ")))
            }
            tick(now: now)
            showPage(pageIndex(for: target), at: now)
            return .success(ok)
        case .value(let name, let number):
            guard let index = config.sliders.firstIndex(where: { $0.name == name }) else {
                return .failure(ControlError("no slider or dial \"\(name)\"; sliders and dials: " + config.sliders.map { $0.name }.joined(separator: ", ")))
            }
            let scale = currentSlider(index).scale
            let noun = config.sliders[index].noun
            guard let (step, clamped) = scale.step(ofText: number) else {
                return .failure(ControlError("value takes a number for \(noun) \(name), not \"\(BindingProblem.shortened(number))\""))
            }
            if clamped, stateLogs.admit("[\(noun) \(name)] value outside its range", at: now) {
                log.warning("[\(noun) \(name)] value \(number) is outside \(scale.text(ofStep: 0))..\(scale.text(ofStep: scale.stepCount)): "
                            + "\(scale.text(ofStep: step)) shown")
            }
            setSliderValue(index, step: step, now: now)
            return .success(ok)
        }
    }

    private func buttonIndex(_ name: String) -> Int? {
        config.buttons.firstIndex { $0.name == name }
    }

    private func unknownButton(_ name: String) -> ControlError {
        ControlError("no button \"\(name)\"; buttons: " + config.buttons.map { $0.name }.joined(separator: ", "))
    }

    /// `{"ok":true,"backlight":{...}|null,"buttons":[...]}`.
    private func stateJSON() -> String {
        var json = "{\"ok\":true,\"backlight\":"
        if let backlight {
            json += "{\"power\":\"\(powerName(power))\",\"brightness\":\(backlight.brightnessPercent)}"
        } else {
            json += "null"
        }
        if config.backlight?.night != nil { json += ",\"night\":\(isNight)" }
        if config.screensaver != nil { json += ",\"screensaver\":\(isScreensaverShown)" }
        if config.presence != nil { json += ",\"present\":\(isPresent)" }
        if !config.pages.isEmpty { json += ",\"page\":\(JSONText.quoted(config.pages[shownPage].name))" }
        // The items by kind, each kind's list in place order; buttons always listed.
        for (kind, dials) in [(ItemKind.button, false), (.slider, false), (.slider, true), (.text, false), (.chart, false)] {
            let first = config.firstPlace(of: kind)
            // Dials are sliders round an arc, listed on their own.
            let places = (first..<(first + config.count(of: kind))).filter {
                (kind != .slider || config.sliders[$0 - first].isDial == dials) && !config.isScreensaverClock($0)
            }
            guard kind == .button || !places.isEmpty else { continue }
            json += ",\"\(dials ? "dials" : kind.stateListName)\":["
            for place in places {
                let (name, fields) = stateFields(ofItem: place)
                if place > places[0] { json += "," }
                json += "{\"name\":\(JSONText.quoted(name))"
                for field in fields {
                    guard let key = field.key else { continue }
                    json += ",\"\(key)\":\(field.json)"
                }
                json += "}"
            }
            json += "]"
        }
        return json + "}"
    }

    private func powerName(_ power: PanelPower) -> String {
        switch power {
        case .awake: "awake"
        case .saver: "saver"
        case .dimmed: "dimmed"
        case .off: "off"
        }
    }
}

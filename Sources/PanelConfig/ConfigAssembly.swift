import LinuxSystem
import TouchCore

/// Puts a panel config and the board preset it names together into a `PanelConfiguration`:
/// each section the panel runs with is the preset's, with the panel config's keys put over it
/// key by key (see `MergeableDraft.merged`), then the sections are checked as a whole.
enum ConfigAssembly {
    /// The configuration, or every problem found: the preset's first (it is applied first),
    /// then the panel config's, each file in line order.
    ///
    /// - Parameters:
    ///   - preset: the preset as read, when the panel config names one and it was found.
    ///   - presetFile: the path it was read from.
    ///   - sourceFiles: the panel config, then the files it includes, in reading order.
    ///   - origins: where each section and key was written, when there are includes.
    ///   - errors: problems found before this point (a preset that could not be found).
    static func finish(
        panel: ConfigBuilder, preset: ConfigBuilder?, presetFile: String?, sourceFiles: [String], origins: ConfigOrigins,
        errors: ErrorCollector
    ) -> Result<PanelConfiguration, ConfigErrors> {
        var errors = errors
        if let preset { errors.add(contentsOf: preset.errors) }
        errors.add(contentsOf: panel.errors)
        var fileOrder: [String] = []
        if let presetFile { fileOrder.append(presetFile) }
        fileOrder += sourceFiles
        // A preset that was named but could not be loaded leaves the panel without what it
        // meant to take from there; the checks of the whole would only add noise.
        if panel.board?.preset != nil && preset == nil {
            return .failure(ConfigErrors(errors: errors.inLineOrder(files: fileOrder)))
        }
        let nowhere = SourceLine(file: panel.file, line: 0)
        var systemLocaleWarnings = ErrorCollector(file: panel.file)

        var display: DisplayConfig?
        let displayDraft = DisplayDraft.merged(preset: preset?.display, panel: panel.display)
        if let displayDraft {
            display = displayDraft.finish(errors: &errors)
        } else {
            errors.add(line: 1, "missing section [display]; it gives the display size: [display] width = ..., height = ...")
        }
        let theme = (panel.theme ?? ThemeDraft(header: nowhere)).finish(display: &display, displayDraft: displayDraft, presetFile: presetFile, errors: &errors)
        let touch = TouchDraft.merged(preset: preset?.touch, panel: panel.touch) ?? TouchDraft(header: nowhere)
        let panelTimings = touch.panelTimings

        var controller: ControllerConfig?
        if let display, let displayDraft {
            controller = (ControllerDraft.merged(preset: preset?.controller, panel: panel.controller)
                ?? ControllerDraft(header: nowhere))
                .finish(display: display, from: displayDraft, errors: &errors)
        }
        let board = (BoardDraft.merged(preset: preset?.board, panel: panel.board) ?? BoardDraft(header: nowhere))
            .finish(presetFile: presetFile, controller: controller, errors: &errors)

        let locale = panelLocale(panel: panel, warnings: &systemLocaleWarnings)

        let mqtt = panel.mqtt?.finish(errors: &errors)
        let homeAssistant = panel.homeAssistant?.finish(errors: &errors)

        var declaredOutputs: [OutputConfig] = []
        for draft in panel.outputs where draft.counts {
            guard let output = draft.finish(errors: &errors) else { continue }
            let place = draft.place(.line) ?? draft.header
            if let other = declaredOutputs.first(where: { $0.line == output.line && OutputConfig.sameChip($0.chip, output.chip) }) {
                errors.add(at: place, section: draft.title, key: OutputKey.line.rawValue,
                           "\(output.chip) line \(output.line.configValue) is already [output \(other.name ?? "")]; "
                           + "one line, one section")
            } else if let problem = controller?.problemDriving(chip: output.chip, line: output.line) {
                errors.add(at: place, section: draft.title, key: OutputKey.line.rawValue, problem)
            } else if let other = OutputConfig.otherNaming(chip: output.chip, line: output.line, among: declaredOutputs) {
                errors.add(at: place, section: draft.title, key: OutputKey.line.rawValue,
                           OutputConfig.otherNamingMessage(chip: output.chip, line: output.line, other: other))
            } else {
                declaredOutputs.append(output)
            }
        }

        let pageNames = panel.pages.filter { $0.counts }.map { $0.name }
        let backlight = panel.backlight?.finish(pageNames: pageNames, errors: &errors)
        let presence = panel.presence?.finish(
            hasMQTT: panel.mqtt != nil, hasHomeAssistant: panel.homeAssistant != nil, hasBacklight: panel.backlight != nil, errors: &errors)
        var pages: [PageConfig] = []
        var pageGrids: [PageGrid?] = []
        for draft in panel.pages where draft.counts {
            let page = draft.finish(outputs: declaredOutputs, controller: controller, pageNames: pageNames, errors: &errors)
            if let page { pages.append(page) }
            pageGrids.append(page?.grid)
        }
        // As many as there are sections, not the next power of two: a button's config is the
        // largest value a panel keeps, and the array is kept for the panel's life.
        var buttons: [ButtonConfig] = []
        buttons.reserveCapacity(panel.buttons.count)
        for draft in panel.buttons where draft.counts {
            if let button = draft.finish(
                display: display, theme: theme, panelTimings: panelTimings, outputs: declaredOutputs, controller: controller,
                pageNames: pageNames, pageGrids: pageGrids, errors: &errors)
            {
                buttons.append(button)
            }
        }
        lonelyInterlocks(panel.buttons.filter { $0.counts }, errors: &errors)
        brokerNeeds(panel.buttons.filter { $0.counts }, mqtt: mqtt, mqttGiven: panel.mqtt != nil, errors: &errors)
        homeAssistantNeeds(panel.buttons.filter { $0.counts }, given: panel.homeAssistant != nil, errors: &errors)
        var texts: [TextItemConfig] = []
        for draft in panel.texts where draft.counts {
            if let text = draft.finish(
                display: display, hasMQTT: panel.mqtt != nil, hasHomeAssistant: panel.homeAssistant != nil, pageNames: pageNames,
                pageGrids: pageGrids, errors: &errors)
            {
                texts.append(text)
            }
        }
        // A [backlight] with errors leaves the saver nothing to join: its own errors say enough.
        var screensaver = backlight != nil || panel.backlight == nil
            ? panel.screensaver?.finish(backlight: backlight, pageNames: pageNames, errors: &errors) : nil
        if var saver = screensaver, saver.page == nil, let display {
            // The built-in clock is a text item of its own, after the user's.
            saver.clockText = texts.count
            texts.append(ScreensaverConfig.clockText(display: display, page: ScreensaverConfig.clockPage(pageCount: pageNames.count)))
            screensaver = saver
        }
        var sliders: [SliderConfig] = []
        for draft in panel.sliders where draft.counts {
            if let slider = draft.finish(
                display: display, outputs: declaredOutputs, controller: controller, hasMQTT: panel.mqtt != nil,
                hasHomeAssistant: panel.homeAssistant != nil, pageNames: pageNames,
                pageGrids: pageGrids, errors: &errors)
            {
                sliders.append(slider)
            }
        }
        // Dials are sliders with an arc for a track: they take the places after the sliders'.
        for draft in panel.dials where draft.counts {
            if let dial = draft.finish(
                display: display, outputs: declaredOutputs, controller: controller, hasMQTT: panel.mqtt != nil,
                hasHomeAssistant: panel.homeAssistant != nil, pageNames: pageNames, pageGrids: pageGrids, errors: &errors)
            {
                sliders.append(dial)
            }
        }
        var qrCodes: [QRCodeConfig] = []
        for draft in panel.qrCodes where draft.counts {
            if let qrCode = draft.finish(
                display: display, hasMQTT: panel.mqtt != nil, hasHomeAssistant: panel.homeAssistant != nil, pageNames: pageNames, pageGrids: pageGrids, errors: &errors) {
                qrCodes.append(qrCode)
            }
        }
        var charts: [ChartConfig] = []
        for draft in panel.charts where draft.counts {
            if let chart = draft.finish(
                display: display, hasMQTT: panel.mqtt != nil, hasHomeAssistant: panel.homeAssistant != nil, pageNames: pageNames, pageGrids: pageGrids, errors: &errors) {
                charts.append(chart)
            }
        }
        // An item's header, in the file that holds it.
        func header(_ title: String, _ line: Int) -> SourceLine {
            SourceLine(file: origins.file(ofSection: title, else: panel.file), line: line)
        }
        ItemPlace.refuseOverlaps(
            buttons.map { ("button \($0.name)", header("button \($0.name)", $0.line), $0.page, $0.cell) }
                + texts.map { ("text \($0.name)", header("text \($0.name)", $0.line), $0.page, $0.cell) }
                + sliders.map { ("\($0.noun) \($0.name)", header("\($0.noun) \($0.name)", $0.line), $0.page, $0.cell) }
                + qrCodes.map { ("qr \($0.name)", header("qr \($0.name)", $0.line), $0.page, $0.cell) }
                + charts.map { ("chart \($0.name)", header("chart \($0.name)", $0.line), $0.page, $0.cell) },
            pageNames: pageNames, errors: &errors)

        let outputs = OutputConfig.all(declared: declaredOutputs, usedBy: buttons)
        let feedback = panel.feedback?.finish(outputs: outputs, controller: controller, errors: &errors)
        let fleet = panel.fleet?.finish(hasMQTT: panel.mqtt != nil, errors: &errors)
        guard errors.isEmpty, let display, let controller, let board else {
            return .failure(ConfigErrors(errors: errors.inLineOrder(files: fileOrder)))
        }
        var warnings = panel.warnings
        warnings.add(contentsOf: systemLocaleWarnings)
        if let preset, let name = panel.board?.preset {
            presetOverrides(panel: panel, preset: preset, presetName: name, warnings: &warnings)
        }
        panel.control?.warn(&warnings)
        panel.mqtt?.warn(&warnings)
        panel.homeAssistant?.warn(&warnings)
        // Their glyph tables hold the locale's separator where the point was.
        for index in sliders.indices { sliders[index].decimalSeparator = locale.decimalSeparator }
        for index in charts.indices { charts[index].decimalSeparator = locale.decimalSeparator }
        var configuration = PanelConfiguration(
            file: panel.file, display: display, theme: theme, timings: panelTimings, lostAfter: touch.lostAfter,
            controller: controller, buttons: buttons, texts: texts, sliders: sliders, qrCodes: qrCodes, charts: charts, pages: pages, swipePx: touch.swipePx ?? TouchDraft.defaultSwipePx,
            outputs: outputs, board: board, backlight: backlight, presence: presence,
            control: panel.control?.config, exec: panel.exec?.config, mqtt: mqtt, homeAssistant: homeAssistant,
            warnings: warnings.inLineOrder(files: fileOrder),
            namedFiles: namedFiles(
                display: display, displayDraft: displayDraft, mqtt: panel.mqtt, homeAssistant: panel.homeAssistant, pages: panel.pages, buttons: panel.buttons, file: panel.file),
            feedback: feedback, sourceFiles: sourceFiles, origins: origins)
        configuration.screensaver = screensaver
        configuration.fleet = fleet
        configuration.locale = locale
        configuration.localeGiven = panel.panelSection?.locale != nil
        if let keyFile = fleet?.trustKeyFile, let place = panel.fleet?.place(.trustKey) {
            configuration.namedFiles.all.append(NamedFile(section: "fleet", key: FleetKey.trustKey.rawValue, path: keyFile, file: place.file, line: place.line))
        }
        return .success(configuration)
    }

    /// `[panel] locale` as loaded (one the system lacks was an error on its line), else the
    /// environment's. An environment that names a locale the system lacks is a warning, not
    /// an error: the panel still starts, writing as "C" does.
    private static func panelLocale(panel: ConfigBuilder, warnings: inout ErrorCollector) -> TextLocale {
        if let given = panel.panelSection?.locale { return given }
        // A [panel] locale that was refused leaves its error; the environment is not asked.
        if panel.panelSection?.place(.locale) != nil { return .c }
        switch TextLocale.system() {
        case .success(let locale): return locale
        case .failure(let problem):
            warnings.add(line: 0, "the system's locale: " + PanelDraft.message(problem)
                         + "; dates and numbers are written as in C until then, or set [panel] locale")
            return .c
        }
    }

    /// The files the panel reads at start, each with the line that names it.
    private static func namedFiles(
        display: DisplayConfig, displayDraft: DisplayDraft?, mqtt: MQTTDraft?, homeAssistant: HomeAssistantDraft?, pages: [PageDraft], buttons: [ButtonDraft], file: String
    ) -> NamedFiles {
        var files: [NamedFile] = []
        let fontPlace = displayDraft?.place(.font)
        for font in display.fonts {
            files.append(NamedFile(section: "display", key: DisplayKey.font.rawValue, path: font,
                                   file: fontPlace?.file ?? file, line: fontPlace?.line ?? 0))
        }
        if let iconFont = display.iconFont, let place = displayDraft?.place(.iconFont) {
            files.append(NamedFile(section: "display", key: DisplayKey.iconFont.rawValue, path: iconFont, file: place.file, line: place.line))
        }
        if let mqtt {
            let keys: [(MQTTKey, String?)] = [
                (.passwordFile, mqtt.config.passwordFile), (.caFile, mqtt.config.caFile),
                (.certFile, mqtt.config.certFile), (.keyFile, mqtt.config.keyFile),
            ]
            for (key, path) in keys {
                guard let path, let place = mqtt.place(key) else { continue }
                files.append(NamedFile(section: mqtt.title, key: key.rawValue, path: path, file: place.file, line: place.line))
            }
        }
        if let homeAssistant {
            for (key, path) in homeAssistant.files {
                guard let place = homeAssistant.place(key) else { continue }
                files.append(NamedFile(section: homeAssistant.title, key: key.rawValue, path: path, file: place.file, line: place.line))
            }
        }
        for page in pages where page.counts {
            guard let path = page.imagePath, let place = page.place(.image) else { continue }
            files.append(NamedFile(section: page.title, key: PageKey.image.rawValue, path: path, file: place.file, line: place.line))
        }
        for button in buttons where button.counts { files += button.pictureFiles() }
        return NamedFiles(files)
    }

    /// A panel config that gives the display size or the touch device its preset gives too,
    /// with another value, replaces the preset's without a word otherwise: a user who changed
    /// only `preset =` would run a size and a device the preset never meant (issue 28). Said
    /// at the panel config's line, with the preset's key, value and line. Not for a value the
    /// preset marks as a placeholder (`[board] placeholders`): replacing it is what it asks.
    private static func presetOverrides(panel: ConfigBuilder, preset: ConfigBuilder, presetName: String, warnings: inout ErrorCollector) {
        func warn(_ title: String, _ key: String, _ given: GivenKeys, against presetKeys: [String], in presetGiven: GivenKeys) {
            guard let place = given.place(of: key), let text = given.text(of: key) else { return }
            for presetKey in presetKeys {
                guard let presetPlace = presetGiven.place(of: presetKey), let presetText = presetGiven.text(of: presetKey),
                    presetKey != key || presetText != text
                else { continue }
                warnings.add(at: place, section: title, key: key,
                             "warning: preset \(presetName) sets \(presetKey) = \(presetText) (\(presetPlace.file):\(presetPlace.line)); "
                             + "this line's \(key) = \(text) replaces it: delete the line to use the preset's, or keep it if your panel differs")
            }
        }
        let placeholders = preset.board?.placeholders ?? []
        if let mine = panel.display, let theirs = preset.display, !placeholders.contains(.size) {
            for key in [DisplayKey.width, .height] {
                warn(mine.title, key.rawValue, mine.given, against: [key.rawValue], in: theirs.given)
            }
        }
        if let mine = panel.controller, let theirs = preset.controller, !placeholders.contains(.device) {
            let device = [ControllerKey.device.rawValue, ControllerKey.name.rawValue]
            for key in device {
                warn(mine.title, key, mine.given, against: device, in: theirs.given)
            }
        }
    }

    /// A binding or an `mqtt` action without `[mqtt]` has no broker to reach; with discovery,
    /// two buttons whose names make one Home Assistant object id (`a.b` and `a_b`) would
    /// silently share their entities.
    private static func brokerNeeds(_ drafts: [ButtonDraft], mqtt: MQTTConfig?, mqttGiven: Bool, errors: inout ErrorCollector) {
        if !mqttGiven {
            for draft in drafts {
                if let place = draft.place(.stateTopic) {
                    errors.add(at: place, section: draft.title, key: ButtonKey.stateTopic.rawValue,
                               "state_topic needs an [mqtt] section: the broker the device reports on")
                }
                for key in ButtonKey.actionKeys {
                    guard let place = draft.place(key), case .ready(.mqtt)? = draft.actionDraft(key) else { continue }
                    errors.add(at: place, section: draft.title, key: key.rawValue,
                               "an mqtt action needs an [mqtt] section: the broker it publishes on")
                }
            }
        }
        guard let mqtt, mqtt.discovery else { return }
        var seen: [String: ButtonDraft] = [:]
        for draft in drafts {
            let object = MQTTConfig.objectID(draft.name)
            if let first = seen[object] {
                errors.add(at: draft.header, section: draft.title, key: nil,
                           "Home Assistant would take [button \(first.name)] (line \(first.header.line)) and [button \(draft.name)] "
                           + "for one entity (object id \(object)); rename one")
            } else {
                seen[object] = draft
            }
        }
    }

    /// An `entity` or a `service` action without `[homeassistant]` has no Home Assistant to
    /// reach; a `service` action on a button without an entity must name its target.
    private static func homeAssistantNeeds(_ drafts: [ButtonDraft], given: Bool, errors: inout ErrorCollector) {
        for draft in drafts {
            if !given, let place = draft.place(.entity) {
                errors.add(at: place, section: draft.title, key: ButtonKey.entity.rawValue,
                           EntityID.needsSection)
            }
            for key in ButtonKey.actionKeys {
                guard let place = draft.place(key), case .ready(.service(let call))? = draft.actionDraft(key) else { continue }
                if !given {
                    errors.add(at: place, section: draft.title, key: key.rawValue,
                               "a service action needs a [homeassistant] section: the Home Assistant it calls")
                } else if draft.common.entity == nil, !call.namesEntity {
                    errors.add(at: place, section: draft.title, key: key.rawValue,
                               "service \(call.domain).\(call.service) has no target: give the button entity = DOMAIN.OBJECT, "
                               + "or \"entity_id\" in the data")
                }
            }
        }
    }

    /// An interlock group with one button guards nothing: most likely its partner's
    /// `interlock` is misspelt, which on a machine is worth stopping for.
    private static func lonelyInterlocks(_ drafts: [ButtonDraft], errors: inout ErrorCollector) {
        for draft in drafts {
            guard let group = draft.interlock, drafts.filter({ $0.interlock == group }).count == 1 else { continue }
            var others: [String] = []
            for other in drafts.compactMap({ $0.interlock }) where other != group && !others.contains(other) { others.append(other) }
            others.sort()
            let known = others.isEmpty ? "" : "; the other groups: " + others.joined(separator: ", ")
            errors.add(at: draft.place(.interlock) ?? draft.header, section: draft.title, key: ButtonKey.interlock.rawValue,
                       "no other button is in interlock group \(group): a group keeps two or more buttons from running together\(known)")
        }
    }
}

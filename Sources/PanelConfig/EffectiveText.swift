import CLinux
import LinuxSystem
import TouchCore

extension PanelConfiguration {
    /// The configuration the panel runs with, as a config file: the board preset applied,
    /// every default filled in, every key of every section written with its value, sections
    /// in a fixed order (`[board]`, `[display]`, `[theme]`, `[touch]`, `[controller]`, the
    /// outputs, then the buttons, each in file order); the looks in `[theme]`, whichever of
    /// `[theme]` and `[display]` gave them; actions name outputs by chip and line, or by the
    /// output's name where its section names the line (`gpio CHIP LINE` takes offsets only).
    /// A leading comment names the preset file. Optional keys that are not set are written as
    /// comments, since they have no value; `interrupt_line = none` and `reset_line = none`
    /// stand for no line.
    ///
    /// Parsing it (with the same file name and preset search path) gives this configuration
    /// back; only the buttons' `line` differs, being where they stand in this text.
    ///
    /// A config that includes other files (`include = FILE`) has each header and value that a
    /// file gave after a comment line naming where: `; from common.ini:12`. A line of its own,
    /// not an inline comment: an exec command may hold ` ;`.
    public func effectiveText() -> String {
        var out = IniWriter()
        out.comment("Effective configuration of \(file), every default filled in.")
        if usesIncludes {
            for included in includedFiles { out.comment("Included: \(included)") }
            out.comment("Each value a file gives follows a comment naming its file and line.")
            out.origins = origins
        }
        if let presetFile = board.presetFile {
            out.comment("Board preset: \(presetFile), with the values of \(file) put over it.")
        } else {
            out.comment("Board preset: none.")
        }

        out.section("board")
        if let presetName = board.presetName {
            out.key(BoardKey.preset, presetName)
        } else {
            out.unset(BoardKey.preset, "no board preset")
        }
        out.key(BoardKey.simulated, IniWriter.yesNo(board.simulated))

        out.section("display")
        out.key(DisplayKey.width, "\(display.width)")
        out.key(DisplayKey.height, "\(display.height)")
        out.key(DisplayKey.output, display.output.rawValue)
        out.key(DisplayKey.framebuffer, display.framebuffer)
        if let card = display.card {
            out.key(DisplayKey.card, card)
        } else {
            out.unset(DisplayKey.card, "the first card with a connected display")
        }
        if let connector = display.connector {
            out.key(DisplayKey.connector, connector)
        } else {
            out.unset(DisplayKey.connector, "the first connected one")
        }
        out.key(DisplayKey.drmFormat, display.drmFormat.rawValue)
        out.key(DisplayKey.rotation, "\(display.rotation.degrees)")
        out.key(DisplayKey.font, display.fontsAsWritten ?? display.fonts.joined(separator: ", "))
        if display.fontsAsWritten != nil {
            for path in display.fonts { out.comment("font found: \(path)") }
        }
        if let iconFont = display.iconFont { out.key(DisplayKey.iconFont, iconFont) }
        if let budget = display.budgetUs {
            out.key(DisplayKey.budgetUs, "\(budget)")
        } else {
            out.unset(DisplayKey.budgetUs, "no latency budget")
        }

        out.section("theme")
        if let fontSizeMax = theme.fontSizeMax {
            out.unset(ThemeKey.fontSize, "buttons: the largest size that fits, up to font_size_max; texts and sliders: \(display.fontSize)")
            out.key(ThemeKey.fontSizeMax, "\(fontSizeMax)")
        } else {
            out.key(ThemeKey.fontSize, "\(display.fontSize)")
            out.unset(ThemeKey.fontSizeMax, "font_size is given: every label starts from it")
        }
        out.key(ThemeKey.background, display.colors.background.hexString)
        out.colors(display.colors.buttons)
        out.key(ThemeKey.borderPx, "\(display.borderPx)")
        out.key(ThemeKey.radius, "\(theme.radiusPx)")
        out.key(ThemeKey.sublabelSize, "\(theme.sublabelSizePx)")
        if let color = theme.sublabelColor {
            out.key(ThemeKey.sublabelColor, color.hexString)
        } else {
            out.unset(ThemeKey.sublabelColor, "at rest as the label; every other look as its label")
        }
        if let size = theme.iconSizePx {
            out.key(ThemeKey.iconSize, "\(size)")
        } else {
            out.unset(ThemeKey.iconSize, "fitted to the button")
        }
        out.key(ThemeKey.iconPosition, theme.iconPosition.rawValue)
        if let color = display.colors.sliderTrack { out.key(ThemeKey.sliderTrack, color.hexString) }
        if let color = display.colors.sliderFill { out.key(ThemeKey.sliderFill, color.hexString) }
        if let color = display.colors.sliderKnob { out.key(ThemeKey.sliderKnob, color.hexString) }

        out.section("touch")
        out.timings(timings)
        out.key(TouchKey.lostMs, "\(lostAfter.nanoseconds / 1_000_000)")
        out.key(TouchKey.swipePx, "\(swipePx)")

        out.section("controller")
        out.key(ControllerKey.model, controller.model.configName)
        if controller.model.family != .ft5x06 && !controller.rangeGiven {
            out.unset(ControllerKey.width, "read from the \(controller.model.family == .evdev ? "device" : "chip") at start; \(controller.width) in replay")
            out.unset(ControllerKey.height, "read from the \(controller.model.family == .evdev ? "device" : "chip") at start; \(controller.height) in replay")
        } else {
            out.key(ControllerKey.width, "\(controller.width)")
            out.key(ControllerKey.height, "\(controller.height)")
        }
        out.key(ControllerKey.invertX, IniWriter.yesNo(controller.invertX))
        out.key(ControllerKey.invertY, IniWriter.yesNo(controller.invertY))
        out.key(ControllerKey.swapXY, IniWriter.yesNo(controller.swapXY))
        if let calibration = controller.calibration {
            out.key(ControllerKey.calibration, calibration.configValue)
        } else {
            out.unset(ControllerKey.calibration, "none")
        }
        if controller.model.family == .evdev {
            if let device = controller.device {
                out.key(ControllerKey.device, device)
            } else if let name = controller.deviceName {
                out.key(ControllerKey.name, name)
            } else {
                out.unset(ControllerKey.device, "no input device")
            }
            out.key(ControllerKey.grab, IniWriter.yesNo(controller.grab))
        } else {
            if let bus = controller.bus {
                out.key(ControllerKey.bus, "\(bus)")
            } else {
                out.unset(ControllerKey.bus, "no controller hardware")
            }
            out.key(ControllerKey.address, IniWriter.hexByte(controller.address))
            out.key(ControllerKey.interruptChip, controller.interrupt?.chip ?? ControllerConfig.defaultChip)
            out.key(ControllerKey.interruptLine, IniWriter.line(controller.interrupt?.line))
            out.key(ControllerKey.pollMs, "\(controller.pollInterval.nanoseconds / 1_000_000)")
            out.key(ControllerKey.resetChip, controller.reset?.chip ?? ControllerConfig.defaultChip)
            out.key(ControllerKey.resetLine, IniWriter.line(controller.reset?.line))
            out.key(ControllerKey.stuckMs, "\((controller.stuckAfter?.nanoseconds ?? 0) / 1_000_000)")
        }
        if controller.model.family == .ft5x06 {
            if let threshold = controller.threshold {
                out.key(ControllerKey.threshold, "\(threshold)")
            } else {
                out.unset(ControllerKey.threshold, "the controller keeps its own")
            }
            if let reportPeriod = controller.reportPeriod {
                out.key(ControllerKey.reportPeriod, "\(reportPeriod)")
            } else {
                out.unset(ControllerKey.reportPeriod, "the controller keeps its own")
            }
        }

        if let backlight {
            out.section("backlight")
            if let device = backlight.device {
                out.key(BacklightKey.device, device)
            } else {
                out.unset(BacklightKey.device, "the only device in /sys/class/backlight")
            }
            out.key(BacklightKey.brightness, "\(backlight.brightnessPercent)")
            out.key(BacklightKey.dimBrightness, "\(backlight.dimBrightnessPercent)")
            out.key(BacklightKey.dimAfterS, "\(backlight.dimAfterS)")
            out.key(BacklightKey.offAfterS, "\(backlight.offAfterS)")
            if let night = backlight.night {
                out.key(BacklightKey.night, NightSyntax.text(night))
                out.key(BacklightKey.nightBrightness, "\(backlight.nightBrightnessPercent)")
                if let page = backlight.nightPage {
                    out.key(BacklightKey.nightPage, page)
                } else {
                    out.unset(BacklightKey.nightPage, "the page stays")
                }
                if let seconds = backlight.nightOffAfterS {
                    out.key(BacklightKey.nightOffAfterS, "\(seconds)")
                } else {
                    out.unset(BacklightKey.nightOffAfterS, "off_after_s")
                }
            } else {
                out.unset(BacklightKey.night, "no night")
            }
        }

        // A panel in the C locale by default writes no [panel]: its text is as before locales.
        if localeGiven || !locale.isC {
            out.section("panel")
            if localeGiven {
                out.key(PanelKey.locale, locale.name)
            } else {
                out.unset(PanelKey.locale, "the system's, \(locale.name)")
            }
        }
        if let screensaver {
            out.section("screensaver")
            out.key(ScreensaverKey.afterS, "\(screensaver.afterS)")
            if let page = screensaver.page, pages.indices.contains(page) {
                out.key(ScreensaverKey.page, pages[page].name)
            } else {
                out.unset(ScreensaverKey.page, "the built-in clock")
            }
            out.key(ScreensaverKey.shiftPx, "\(screensaver.shiftPx)")
            out.key(ScreensaverKey.antiburnS, "\(screensaver.antiburnS)")
        }
        if let presence {
            out.section("presence")
            switch presence.source {
            case .line(let chip, let line, let activeLow, let debounceMs):
                out.key(PresenceKey.chip, chip)
                out.key(PresenceKey.line, line.configValue)
                out.key(PresenceKey.activeLow, activeLow ? "yes" : "no")
                out.key(PresenceKey.debounceMs, "\(debounceMs)")
            case .topic(let topic, let field):
                out.key(PresenceKey.topic, topic)
                if let field { out.key(PresenceKey.field, field.joined(separator: ".")) }
            case .entity(let entity):
                out.key(PresenceKey.entity, entity.description)
            }
            out.key(PresenceKey.awayAfterS, "\(presence.awayAfterS)")
        }
        if let feedback {
            out.section("feedback")
            switch feedback.device {
            case .line(let output):
                out.key(FeedbackKey.chip, output.chip)
                out.key(FeedbackKey.line, output.line.configValue)
                out.key(FeedbackKey.activeLow, IniWriter.yesNo(output.activeLow))
            case .pwm(let chip, let channel, let hz):
                out.key(FeedbackKey.pwm, "\(chip):\(channel)")
                out.key(FeedbackKey.hz, "\(hz)")
            }
            out.key(FeedbackKey.pulseMs, "\(feedback.pulseMs)")
        }

        if let control {
            out.section("control")
            out.key(ControlKey.socket, control.socketPath)
            out.key(ControlKey.mode, ValueSyntax.permissionText(control.mode))
        }

        if let exec {
            out.section("exec")
            out.key(ExecKey.groups, exec.groups.rawValue)
            out.key(ExecKey.runner, exec.runnerSocket)
        }

        if let mqtt {
            out.section("mqtt")
            out.key(MQTTKey.host, mqtt.host)
            if let port = mqtt.port { out.key(MQTTKey.port, "\(port)") } else { out.unset(MQTTKey.port, "\(mqtt.effectivePort)") }
            if let clientID = mqtt.clientID { out.key(MQTTKey.clientID, clientID) } else { out.unset(MQTTKey.clientID, "touchpanel-HOSTNAME") }
            if let prefix = mqtt.topicPrefix { out.key(MQTTKey.topicPrefix, prefix) } else { out.unset(MQTTKey.topicPrefix, "touchpanel/NODE, NODE the \(MQTTKey.clientID.rawValue) made topic-safe") }
            if let username = mqtt.username { out.key(MQTTKey.username, username) } else { out.unset(MQTTKey.username, "none") }
            if let file = mqtt.passwordFile { out.key(MQTTKey.passwordFile, file) } else { out.unset(MQTTKey.passwordFile, "none") }
            if let file = mqtt.caFile { out.key(MQTTKey.caFile, file) } else { out.unset(MQTTKey.caFile, "plain TCP, no TLS") }
            if let file = mqtt.certFile { out.key(MQTTKey.certFile, file) }
            if let file = mqtt.keyFile { out.key(MQTTKey.keyFile, file) }
            out.key(MQTTKey.keepaliveS, "\(mqtt.keepaliveS)")
            out.key(MQTTKey.qos, "\(mqtt.qos)")
            out.key(MQTTKey.queue, "\(mqtt.queueEvents)")
            out.key(MQTTKey.maxMessageKB, "\(mqtt.maxMessageKB)")
            out.key(MQTTKey.commands, IniWriter.yesNo(mqtt.commands))
            out.key(MQTTKey.discovery, IniWriter.yesNo(mqtt.discovery))
            out.key(MQTTKey.discoveryPrefix, mqtt.discoveryPrefix)
            if let name = mqtt.deviceName { out.key(MQTTKey.name, name) } else { out.unset(MQTTKey.name, "the host name") }
            out.key(MQTTKey.mirror, IniWriter.yesNo(mqtt.mirror))
            if mqtt.mirror {
                out.key(MQTTKey.mirrorMinS, "\(mqtt.mirrorMinS)")
                out.key(MQTTKey.mirrorTaps, IniWriter.yesNo(mqtt.mirrorTaps))
            }
        }
        if let homeAssistant {
            out.section("homeassistant")
            out.key(HomeAssistantKey.url, homeAssistant.url.text)
            out.key(HomeAssistantKey.tokenFile, homeAssistant.tokenFile)
            if let file = homeAssistant.caFile { out.key(HomeAssistantKey.caFile, file) } else { out.unset(HomeAssistantKey.caFile, homeAssistant.url.tls ? "the system's CAs" : "plain http, no TLS") }
            out.key(HomeAssistantKey.maxMessageKB, "\(homeAssistant.maxMessageKB)")
        }

        if let fleet {
            out.section("fleet")
            out.key(FleetKey.prefix, fleet.prefix)
            if fleet.groups.isEmpty { out.unset(FleetKey.groups, "none") } else { out.key(FleetKey.groups, FleetConfig.listText(fleet.groups)) }
            out.key(FleetKey.acceptConfig, IniWriter.yesNo(fleet.acceptConfig))
            if let file = fleet.trustKeyFile { out.key(FleetKey.trustKey, file) }
            if fleet.acceptConfig {
                if fleet.allow.isEmpty { out.unset(FleetKey.allow, "none") } else { out.key(FleetKey.allow, FleetConfig.listText(fleet.allow.map { $0.rawValue })) }
            }
        }

        for output in outputs {
            guard let name = output.name else { continue }
            out.section("output \(name)")
            out.key(OutputKey.chip, output.chip)
            out.key(OutputKey.line, output.line.configValue)
            out.key(OutputKey.activeLow, IniWriter.yesNo(output.activeLow))
            out.key(OutputKey.start, output.startsOn ? "on" : "off")
        }

        for page in pages {
            out.section("page \(page.name)")
            out.key(PageKey.homeAfterS, "\(page.homeAfter?.wholeSeconds ?? 0)")
            if let grid = page.grid {
                out.key(PageKey.grid, "\(grid.columns)x\(grid.rows)")
                out.key(PageKey.gapPx, "\(grid.gapPx)")
            }
            out.action(PageKey.swipeLeft, page.swipeLeft, outputs: outputs)
            out.action(PageKey.swipeRight, page.swipeRight, outputs: outputs)
            out.action(PageKey.swipeUp, page.swipeUp, outputs: outputs)
            out.action(PageKey.swipeDown, page.swipeDown, outputs: outputs)
            if let image = page.image { out.key(PageKey.image, image) }
        }

        for button in buttons {
            out.section("button \(button.name)")
            writePlace(button.rect, cell: button.cell, page: button.page, into: &out)
            out.key(ButtonKey.label, LabelText.escaped(button.label))
            if let title = button.title { out.key(ButtonKey.title, title) }
            out.key(ButtonKey.enabled, IniWriter.yesNo(button.enabled))
            out.key(ButtonKey.latch, IniWriter.yesNo(button.latch))
            if let group = button.interlock { out.key(ButtonKey.interlock, group) }
            if let binding = button.binding {
                switch binding.source {
                case .topic(let topic, _):
                    out.key(ButtonKey.stateTopic, topic)
                    if let field = binding.fieldText { out.key(ButtonKey.stateField, field) }
                case .entity(let entity):
                    out.key(ButtonKey.entity, entity.description)
                }
                out.key(ButtonKey.stateOn, binding.on)
                out.key(ButtonKey.stateOff, binding.off)
                out.key(ButtonKey.pendingMs, "\(binding.pending.wholeMilliseconds)")
            }
            out.action(ButtonKey.onTap, button.onTap, outputs: outputs)
            out.action(ButtonKey.onDoubleTap, button.onDoubleTap, outputs: outputs)
            out.action(ButtonKey.onTripleTap, button.onTripleTap, outputs: outputs)
            out.action(ButtonKey.onLongPress, button.onLongPress, outputs: outputs)
            out.action(ButtonKey.onRepeat, button.onRepeat, outputs: outputs)
            out.action(ButtonKey.onPress, button.onPress, outputs: outputs)
            out.action(ButtonKey.onRelease, button.onRelease, outputs: outputs)
            out.key(ButtonKey.execLimit, "\(button.execLimits.maxRunning)")
            out.key(ButtonKey.execTimeoutMs, "\((button.execLimits.timeout?.nanoseconds ?? 0) / 1_000_000)")
            out.key(ButtonKey.swipe, IniWriter.yesNo(button.swipe))
            if !button.feedback { out.key(ButtonKey.feedback, "no") }
            out.timings(button.timings)
            if button.fontSizeFitted {
                out.key(ButtonKey.fontSizeMax, "\(button.fontSize)")
            } else {
                out.key(ButtonKey.fontSize, "\(button.fontSize)")
            }
            if let icons = button.icons {
                out.key(ButtonKey.icon, icons.normal.written)
                if let glyph = icons.on { out.key(ButtonKey.onIcon, glyph.written) }
                if let glyph = icons.pressed { out.key(ButtonKey.pressedIcon, glyph.written) }
                if let glyph = icons.disabled { out.key(ButtonKey.disabledIcon, glyph.written) }
                if let size = icons.sizePx { out.key(ButtonKey.iconSize, "\(size)") }
                out.key(ButtonKey.iconPosition, icons.position.rawValue)
            }
            out.key(ButtonKey.radius, "\(button.radiusPx)")
            if let sublabel = button.sublabel {
                out.key(ButtonKey.sublabel, LabelText.escaped(sublabel.text))
                out.key(ButtonKey.sublabelSize, "\(sublabel.sizePx)")
                if let color = sublabel.color {
                    out.key(ButtonKey.sublabelColor, color.hexString)
                } else {
                    out.unset(ButtonKey.sublabelColor, "at rest as the label; every other look as its label")
                }
            }
            out.key(ButtonKey.look, button.look.rawValue)
            out.colors(button.colors, zone: button.zone)
        }

        for (index, text) in texts.enumerated() where index != screensaver?.clockText {
            out.section("text \(text.name)")
            writePlace(text.rect, cell: text.cell, page: text.page, into: &out)
            switch text.source {
            case .topic(let topic, let field):
                out.key(TextKey.topic, topic)
                if let field { out.key(TextKey.field, field.joined(separator: ".")) }
            case .time(let format):
                out.key(TextKey.time, format)
            case .entity(let entity, let attribute):
                out.key(TextKey.entity, entity.description)
                if let attribute { out.key(TextKey.attribute, attribute) } else { out.unset(TextKey.attribute, "the state") }
            }
            if text.formatGiven || text.entity == nil {
                out.key(TextKey.format, text.format.text)
            } else {
                out.unset(TextKey.format, "the value and its unit_of_measurement")
            }
            // A time text has no topic to go quiet: the key is refused there.
            if text.entity != nil || text.topic != nil { out.key(TextKey.staleAfterS, "\(text.staleAfter?.wholeSeconds ?? 0)") }
            if let title = text.title { out.key(TextKey.title, title) }
            out.key(TextKey.fill, text.fill.hexString)
            out.key(TextKey.text, text.text.hexString)
            out.key(TextKey.staleText, text.staleText.hexString)
            out.key(TextKey.fontSize, "\(text.fontSize)")
            out.key(TextKey.align, text.alignment.written)
        }

        for qrCode in qrCodes {
            out.section("qr \(qrCode.name)")
            writePlace(qrCode.rect, cell: qrCode.cell, page: qrCode.page, into: &out)
            // A file's text stays in the file: it may be a password.
            if let file = qrCode.textFile {
                out.key(QRCodeKey.textFile, file)
            } else if !qrCode.text.isEmpty {
                out.key(QRCodeKey.text, qrCode.text)
            }
            if let topic = qrCode.topic { out.key(QRCodeKey.topic, topic) }
            if let entity = qrCode.entity { out.key(QRCodeKey.entity, entity.description) }
            out.key(QRCodeKey.dark, qrCode.dark.hexString)
            out.key(QRCodeKey.fill, qrCode.fill.hexString)
        }

        for chart in charts {
            out.section("chart \(chart.name)")
            writePlace(chart.rect, cell: chart.cell, page: chart.page, into: &out)
            if let topic = chart.topic { out.key(ChartKey.topic, topic) }
            if let field = chart.field { out.key(ChartKey.field, field.joined(separator: ".")) }
            if let entity = chart.entity { out.key(ChartKey.entity, entity.description) }
            out.key(ChartKey.style, chart.style == .bars ? "bars" : "line")
            out.key(ChartKey.windowH, "\(chart.windowHours)")
            out.key(ChartKey.points, "\(chart.points)")
            if let low = chart.lowMilli { out.key(ChartKey.min, ChartConfig.text(ofMilli: low)) }
            if let high = chart.highMilli { out.key(ChartKey.max, ChartConfig.text(ofMilli: high)) }
            out.key(ChartKey.format, chart.format.text)
            out.key(ChartKey.color, chart.lineColor.hexString)
            out.key(ChartKey.band, chart.bandColor.hexString)
        }

        for slider in sliders {
            out.section("\(slider.noun) \(slider.name)")
            writePlace(slider.rect, cell: slider.cell, page: slider.page, into: &out)
            let scale = slider.scale
            out.key(SliderKey.min, scale.text(ofStep: 0))
            out.key(SliderKey.max, scale.text(ofStep: scale.stepCount))
            out.key(SliderKey.step, scale.stepText)
            out.key(SliderKey.value, scale.text(ofStep: slider.startStep))
            switch slider.orientation {
            case .horizontal: out.key(SliderKey.orientation, "horizontal")
            case .vertical: out.key(SliderKey.orientation, "vertical")
            case .arc(let shape):
                out.key(DialKey.bandPx, "\(shape.bandPx)")
                out.key(DialKey.arcDegrees, "\(shape.arcDegrees)")
            }
            out.key(SliderKey.readonly, IniWriter.yesNo(slider.readOnly))
            out.key(SliderKey.enabled, IniWriter.yesNo(slider.enabled))
            if !slider.feedback { out.key(SliderKey.feedback, "no") }
            out.key(SliderKey.send, slider.send == .drag ? "drag" : "release")
            if slider.send == .drag { out.key(SliderKey.sendMs, "\(slider.sendInterval.wholeMilliseconds)") }
            out.key(SliderKey.settleMs, "\(slider.settleTime.wholeMilliseconds)")
            out.action(SliderKey.onChange, slider.onChange, outputs: outputs)
            if let topic = slider.valueTopic {
                out.key(SliderKey.valueTopic, topic)
                if let field = slider.valueField { out.key(SliderKey.valueField, field.joined(separator: ".")) }
                if let scale = slider.valueScale { out.key(SliderKey.valueScale, scale.text) }
            }
            if let entity = slider.entity {
                out.key(SliderKey.entity, entity.description)
                out.key(SliderKey.attribute, slider.entityAttribute ?? "state")
                if let scale = slider.valueScale { out.key(SliderKey.valueScale, scale.text) }
            }
            if let title = slider.title { out.key(SliderKey.title, title) }
            if let label = slider.label { out.key(SliderKey.label, LabelText.escaped(label)) }
            if let format = slider.format { out.key(SliderKey.format, format.text) }
            if let size = slider.fontSize { out.key(SliderKey.fontSize, "\(size)") }
            out.key(SliderKey.text, slider.textColor.hexString)
            out.key(SliderKey.disabledText, slider.disabledTextColor.hexString)
            out.key(SliderKey.track, slider.colors.track.hexString)
            out.key(SliderKey.fill, slider.colors.fill.hexString)
            out.key(SliderKey.knob, slider.colors.knob.hexString)
            out.key(SliderKey.pressedTrack, slider.pressedColors.track.hexString)
            out.key(SliderKey.pressedFill, slider.pressedColors.fill.hexString)
            out.key(SliderKey.pressedKnob, slider.pressedColors.knob.hexString)
            out.key(SliderKey.disabledTrack, slider.disabledColors.track.hexString)
            out.key(SliderKey.disabledFill, slider.disabledColors.fill.hexString)
            out.key(SliderKey.disabledKnob, slider.disabledColors.knob.hexString)
        }
        return out.text
    }

    /// An item's `rect` (or its `cell`, with the rect it gives as a comment) and, with pages, its
    /// `page`: the keys every item kind writes alike.
    private func writePlace(_ rect: Rect, cell: GridCell?, page: Int, into out: inout IniWriter) {
        if let cell {
            out.key(ItemKey.cell, cell.text)
            out.comment("rect: \(rect.x), \(rect.y), \(rect.width), \(rect.height)")
        } else {
            out.key(ItemKey.rect, "\(rect.x), \(rect.y), \(rect.width), \(rect.height)")
        }
        if !pages.isEmpty { out.key(ItemKey.page, pageText(page)) }
    }

    /// An item's page as `page =` takes it.
    private func pageText(_ page: Int) -> String {
        page == PageLayout.allPages ? "all" : pages.indices.contains(page) ? pages[page].name : "\(page)"
    }
}

extension AffineCalibration {
    /// `a b c d e f` as `[controller] calibration` takes it, reading back to the same matrix.
    public var configValue: String {
        [a, b, c, d, e, f].map(IniWriter.fixedPoint16).joined(separator: " ")
    }
}

/// Writes config text that libinih reads back to the same values.
private struct IniWriter {
    var text = ""
    /// Where the config's sections and keys were written: a comment names each (`from FILE:LINE`).
    var origins = ConfigOrigins()
    /// The section being written, as between its brackets.
    private var section = ""

    /// The longest line IniSession hands to libinih.
    static let longestLine = Int(clinux_ini_max_line()) - 2

    mutating func comment(_ line: String) {
        text += "; \(line)\n"
    }

    mutating func section(_ title: String) {
        section = title
        text += "\n"
        if let place = origins.place(section: title) { text += ConfigOrigins.comment(file: place.file, line: place.line) }
        text += "[\(title)]\n"
    }

    /// `key = value`, or `key=value` where the spaces would cost the value: a value starting
    /// with `;` (libinih takes ` ;` as a comment), or a line that would grow too long (the
    /// value was read from a line of at most that length, written `key=value` at the least).
    /// `key` is a case of a section's key enum, or of a table of keys sections share.
    @inline(__always)
    mutating func key<Key: RawRepresentable<String>>(_ key: Key, _ value: String) {
        write(key.rawValue, value)
    }

    /// An optional key without a value, as a comment saying what its absence means.
    @inline(__always)
    mutating func unset<Key: RawRepresentable<String>>(_ key: Key, _ meaning: String) {
        writeUnset(key.rawValue, meaning)
    }

    /// Compiled once, not once for each kind of key (the firmware's size).
    @inline(never)
    private mutating func write(_ name: String, _ value: String) {
        if let place = origins.place(section: section, key: name) { text += ConfigOrigins.comment(file: place.file, line: place.line) }
        let spaced = "\(name) = \(value)"
        if value.utf8.first == UInt8(ascii: ";") || spaced.utf8.count > IniWriter.longestLine {
            text += "\(name)=\(value)\n"
        } else {
            text += spaced + "\n"
        }
    }

    @inline(never)
    private mutating func writeUnset(_ name: String, _ meaning: String) {
        text += "; \(name): not set (\(meaning))\n"
    }

    mutating func timings(_ timings: GestureTimings) {
        key(TimingKey.multiTapMs, "\(timings.multiTap.nanoseconds / 1_000_000)")
        key(TimingKey.longPressMs, "\(timings.longPress.nanoseconds / 1_000_000)")
        key(TimingKey.repeatMs, "\(timings.repeatInterval.nanoseconds / 1_000_000)")
        key(TimingKey.slopPx, "\(timings.slopPx)")
        key(TimingKey.multiTapSlopPx, "\(timings.multiTapSlopPx)")
    }

    /// A zone's (`zone`) fills as it draws them: `fill = none`, and the others with their alpha.
    mutating func colors(_ colors: ButtonPalette, zone: ZoneLook? = nil) {
        if let zone {
            key(ButtonColorKey.fill, "none")
            key(ButtonKey.borderPx, "\(zone.borderPx)")
            for (name, fill) in [(ButtonColorKey.pressedFill, zone.pressedFill), (.disabledFill, zone.disabledFill), (.onFill, zone.onFill)] {
                if let fill { key(name, fill.hexString) } else { unset(name, "nothing over the background") }
            }
        } else {
            key(ButtonColorKey.fill, colors.fill.hexString)
            key(ButtonColorKey.pressedFill, colors.pressedFill.hexString)
            key(ButtonColorKey.disabledFill, colors.disabledFill.hexString)
            key(ButtonColorKey.onFill, colors.onFill.hexString)
        }
        key(ButtonColorKey.border, colors.border.hexString)
        key(ButtonColorKey.text, colors.text.hexString)
        optionalColor(.pressedText, colors.pressedText, else: "as \(ButtonColorKey.text.rawValue)")
        optionalColor(.onText, colors.onText, else: "as \(ButtonColorKey.text.rawValue)")
        key(ButtonColorKey.disabledText, colors.disabledText.hexString)
        if let zone {
            if let fill = zone.pendingFill { key(ButtonColorKey.pendingFill, fill.hexString) }
        } else {
            optionalColor(.pendingFill, colors.pendingFill, else: "\(ButtonColorKey.onFill.rawValue) dimmed")
        }
        optionalColor(.pendingText, colors.pendingText, else: "as \(ButtonColorKey.onText.rawValue)")
        if let zone {
            if let fill = zone.unknownFill { key(ButtonColorKey.unknownFill, fill.hexString) } else { unset(ButtonColorKey.unknownFill, "nothing over the background") }
        } else {
            key(ButtonColorKey.unknownFill, colors.unknownFill.hexString)
        }
        key(ButtonColorKey.unknownText, colors.unknownText.hexString)
    }

    /// A colour whose default follows another key: written when given, else unset with why.
    private mutating func optionalColor(_ name: ButtonColorKey, _ color: RGBColor?, else why: String) {
        if let color { key(name, color.hexString) } else { unset(name, why) }
    }

    /// A line `gpio CHIP LINE` cannot give (a name) is written as its output's name, which
    /// reads back to the same chip and line.
    mutating func action<Key: RawRepresentable<String>>(_ name: Key, _ action: ButtonAction?, outputs: [OutputConfig]) {
        guard let action else {
            unset(name, "no action")
            return
        }
        switch action {
        case .emit:
            key(name, "emit")
        case .exec(let command):
            key(name, "exec \(ButtonAction.escapingSemicolons(command))")
        case .mqtt(let topic, let payload):
            key(name, "mqtt \(topic) \(ButtonAction.escapingSemicolons(payload))")
        case .page(let target):
            key(name, "page \(target.text)")
        case .service(let call):
            key(name, "service \(ButtonAction.escapingSemicolons(call.text))")
        case .gpio(let chip, let line, let operation):
            let verb = switch operation {
            case .on: "on"
            case .off: "off"
            case .toggle: "toggle"
            case .pulse(let length): "pulse \(length.nanoseconds / 1_000_000)"
            }
            if case .name = line,
               let outputName = outputs.first(where: { $0.chip == chip && $0.line == line })?.name
            {
                key(name, "gpio \(outputName) \(verb)")
            } else {
                key(name, "gpio \(chip) \(line.configValue) \(verb)")
            }
        }
    }

    static func yesNo(_ value: Bool) -> String {
        value ? "yes" : "no"
    }

    static func line(_ line: LineRef?) -> String {
        line?.configValue ?? "none"
    }

    /// `0x38`: two lower-case hex digits.
    static func hexByte(_ value: UInt8) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = "0x"
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value >> 4)]))
        text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int(value & 0x0F)]))
        return text
    }

    /// A 16.16 fixed-point value as the shortest decimal that reads back to it (at most six
    /// fraction digits): `1`, `-0.5`, `0.000015`.
    static func fixedPoint16(_ value: Int64) -> String {
        let negative = value < 0
        let magnitude = negative ? -value : value
        let whole = magnitude >> 16
        var fraction = ((magnitude & 0xFFFF) * 1_000_000 + 32_768) >> 16
        var text = (negative ? "-" : "") + "\(whole)"
        guard fraction > 0 else { return text }
        var digits = 6
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        let fractionText = "\(fraction)"
        text += "." + String(repeating: "0", count: digits - fractionText.utf8.count) + fractionText
        return text
    }
}

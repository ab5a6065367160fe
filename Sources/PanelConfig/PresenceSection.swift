import TouchCore

/// The keys of `[presence]`.
enum PresenceKey: String, SectionKey {
    case chip
    case line
    case activeLow = "active_low"
    case debounceMs = "debounce_ms"
    case topic
    case field
    case entity
    case awayAfterS = "away_after_s"

    var doc: KeyDoc {
        switch self {
        case .chip: .value(ControllerConfig.defaultChip, "with `line`: the GPIO chip, a name, label or /dev path")
        case .line:
            .words("none", "a GPIO input (a PIR or radar module's output): an offset 0..1023 or a name like `GPIO23`, as `interrupt_line` takes it; give `line`, `topic` or `entity`")
        case .activeLow: .value("no", "with `line`: `yes` when the sensor pulls the line low for someone present")
        case .debounceMs:
            .value("\(PresenceConfig.defaultDebounceMs)", "with `line`: milliseconds a level must hold to count, \(KeyDoc.span(PresenceDraft.debounceRange))")
        case .topic: .words("none", "a topic whose messages say present: `ON`/`OFF`, `on`/`off`, `true`/`false`, `1`/`0` (needs `[mqtt]`)")
        case .field: .words("the whole payload", "with `topic`: the value's dotted path in a JSON payload (`occupancy`)")
        case .entity: .words("none", "a Home Assistant entity whose state `on` is present (`binary_sensor.hall`; needs `[homeassistant]`)")
        case .awayAfterS:
            .value("0", "seconds from the end of presence (or the last lift after it) to off, \(KeyDoc.span(BacklightDraft.idleRange)), needs `[backlight]`; 0: only `[backlight]`'s idle times")
        }
    }
}

/// `[presence]` while it is read.
struct PresenceDraft: SectionDraft {
    static let debounceRange: ClosedRange<Int> = 0...10_000

    let title = "presence"
    let header: SourceLine
    var given = GivenKeys()
    var chip: String?
    var line: LineRef?
    var activeLow = false
    var debounceMs = PresenceConfig.defaultDebounceMs
    var topic: String?
    var field: [String]?
    var entity: EntityID?
    var awayAfterS = 0

    init(header: SourceLine) {
        self.header = header
    }

    mutating func set(_ key: PresenceKey, from value: String) throws(ValueProblem) {
        switch key {
        case .chip: chip = try ValueSyntax.gpioChip(value)
        case .line: line = try ValueSyntax.lineRef(value, allowingNone: false)
        case .activeLow: activeLow = try ValueSyntax.boolean(value)
        case .debounceMs: debounceMs = try ValueSyntax.integer(value, in: PresenceDraft.debounceRange, unit: " (milliseconds)")
        case .topic: topic = try ValueSyntax.topic(value)
        case .field: field = try ValueSyntax.jsonPath(value, example: "occupancy")
        case .entity:
            guard let id = EntityID(value) else { throw .expected(EntityID.grammar, found: value) }
            entity = id
        case .awayAfterS: awayAfterS = try ValueSyntax.integer(value, in: BacklightDraft.idleRange, unit: " (seconds, 0 for never)")
        }
    }

    /// The section; nil (and why in `errors`) without exactly one source, with a key of
    /// another source, or without the section its source or `away_after_s` needs.
    func finish(hasMQTT: Bool, hasHomeAssistant: Bool, hasBacklight: Bool, errors: inout ErrorCollector) -> PresenceConfig? {
        var ok = true
        func refuse(_ key: PresenceKey, _ why: String) {
            errors.add(at: place(key) ?? header, section: title, key: key.rawValue, why)
            ok = false
        }
        let sources = [(PresenceKey.line, line != nil), (.topic, topic != nil), (.entity, entity != nil)].filter { $0.1 }.map { $0.0 }
        if sources.isEmpty {
            errors.add(at: header, section: title, "presence needs its sensor: give line = ... (a GPIO input), topic = ... or entity = ...")
            ok = false
        } else if sources.count > 1 {
            refuse(sources[1], "presence has one sensor: give one of line, topic and entity, not \(sources.map { $0.rawValue }.joined(separator: " and "))")
        }
        // Only keys whose values were valid: a bad one has its own error already.
        for key in [PresenceKey.chip, .activeLow, .debounceMs] where line == nil && given.text(of: key.rawValue) != nil {
            refuse(key, "\(key.rawValue) belongs to line: give line = ...")
        }
        if field != nil, topic == nil { refuse(.field, "field belongs to topic: give topic = ...") }
        if topic != nil, !hasMQTT { refuse(.topic, "topic needs an [mqtt] section: the broker the messages come from") }
        if entity != nil, !hasHomeAssistant { refuse(.entity, EntityID.needsSection) }
        if awayAfterS > 0, !hasBacklight { refuse(.awayAfterS, "away_after_s needs a [backlight] section: the light it switches off") }
        guard ok else { return nil }
        let source: PresenceConfig.Source
        if let line {
            source = .line(chip: chip ?? ControllerConfig.defaultChip, line: line, activeLow: activeLow, debounceMs: debounceMs)
        } else if let topic {
            source = .topic(topic, field: field)
        } else if let entity {
            source = .entity(entity)
        } else {
            return nil
        }
        return PresenceConfig(source: source, awayAfterS: awayAfterS, line: header.line)
    }
}

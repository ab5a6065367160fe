/// What a slider bound to an entity shows and sets unless its config says otherwise, by the
/// entity's domain: the attribute that is its level, the range it is drawn over, and the
/// service that sets it (`$VALUE` in its data is the slider's value).
public struct EntityLevel: Equatable, Sendable {
    /// The attribute read; nil: the entity's state.
    public var attribute: String?
    public var minimum: String
    public var maximum: String
    public var step: String
    /// The entity's number for `maximum` (`value_scale`): a light's brightness is 0-255,
    /// drawn as 0-100 %.
    public var deviceMaximum: String?
    public var service: ServiceCall
    /// The attributes that give the entity's own min, max and step (a thermostat's
    /// `min_temp`, `max_temp`, `target_temp_step`), which the slider takes when its config
    /// gives none of `min`, `max` and `step`.
    public var range: EntityRange?

    /// The domains a slider can follow and set on its own.
    public static let domains = ["light", "cover", "climate", "fan", "media_player", "number", "input_number"]

    public static func defaults(domain: String) -> EntityLevel? {
        func call(_ service: String, _ field: String) -> ServiceCall {
            ServiceCall(domain: domain, service: service, data: "{\"\(field)\":$VALUE}")
        }
        return switch domain {
        case "light":
            EntityLevel(attribute: "brightness", minimum: "0", maximum: "100", step: "1", deviceMaximum: "255",
                        service: call("turn_on", "brightness_pct"))
        case "cover":
            EntityLevel(attribute: "current_position", minimum: "0", maximum: "100", step: "1", service: call("set_cover_position", "position"))
        case "climate":
            EntityLevel(attribute: "temperature", minimum: "7", maximum: "35", step: "0.5", service: call("set_temperature", "temperature"),
                        range: EntityRange(minimum: "min_temp", maximum: "max_temp", step: "target_temp_step"))
        case "fan":
            EntityLevel(attribute: "percentage", minimum: "0", maximum: "100", step: "1", service: call("set_percentage", "percentage"),
                        range: EntityRange(minimum: nil, maximum: nil, step: "percentage_step"))
        case "media_player":
            EntityLevel(attribute: "volume_level", minimum: "0", maximum: "1", step: "0.05", service: call("volume_set", "volume_level"))
        case "number", "input_number":
            EntityLevel(attribute: nil, minimum: "0", maximum: "100", step: "1", service: call("set_value", "value"),
                        range: EntityRange(minimum: "min", maximum: "max", step: "step"))
        default:
            nil
        }
    }

    init(
        attribute: String?, minimum: String, maximum: String, step: String, deviceMaximum: String? = nil, service: ServiceCall,
        range: EntityRange? = nil
    ) {
        self.attribute = attribute
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.deviceMaximum = deviceMaximum
        self.service = service
        self.range = range
    }
}

/// The attributes an entity states its own range in; nil: that end is the slider's default.
public struct EntityRange: Equatable, Sendable {
    public var minimum: String?
    public var maximum: String?
    public var step: String?

    /// The range `attributes` give over `scale` (its defaults for what they lack); nil when they
    /// give none of it, or nothing a slider can take.
    public func scale(from attributes: [String: String], over scale: SliderScale) -> SliderScale? {
        let given = [minimum, maximum, step].map { name in name.flatMap { attributes[$0] } }
        guard given.contains(where: { $0 != nil }) else { return nil }
        return SliderScale.spanning(
            minimum: given[0] ?? scale.text(ofStep: 0), maximum: given[1] ?? scale.text(ofStep: scale.stepCount),
            step: given[2] ?? scale.stepText)
    }
}

extension ServiceCall {
    /// The call with every `$VALUE` in its data replaced by `value` (a slider's number).
    public func expanded(value: String) -> ServiceCall {
        guard let data else { return self }
        let marker = Array("$VALUE".utf8)
        let bytes = Array(data.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + value.utf8.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == marker[0], index + marker.count <= bytes.count, Array(bytes[index..<(index + marker.count)]) == marker {
                result.append(contentsOf: value.utf8)
                index += marker.count
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        var call = self
        call.data = String(decoding: result, as: UTF8.self)
        return call
    }
}

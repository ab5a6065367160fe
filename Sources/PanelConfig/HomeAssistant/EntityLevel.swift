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
            EntityLevel(attribute: "temperature", minimum: "7", maximum: "35", step: "0.5", service: call("set_temperature", "temperature"))
        case "fan":
            EntityLevel(attribute: "percentage", minimum: "0", maximum: "100", step: "1", service: call("set_percentage", "percentage"))
        case "media_player":
            EntityLevel(attribute: "volume_level", minimum: "0", maximum: "1", step: "0.05", service: call("volume_set", "volume_level"))
        case "number", "input_number":
            EntityLevel(attribute: nil, minimum: "0", maximum: "100", step: "1", service: call("set_value", "value"))
        default:
            nil
        }
    }

    init(attribute: String?, minimum: String, maximum: String, step: String, deviceMaximum: String? = nil, service: ServiceCall) {
        self.attribute = attribute
        self.minimum = minimum
        self.maximum = maximum
        self.step = step
        self.deviceMaximum = deviceMaximum
        self.service = service
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

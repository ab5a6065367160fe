/// A Home Assistant entity id, `DOMAIN.OBJECT` (`light.hall`): lowercase letters, digits and
/// underscores on both sides of the one dot, neither side starting or ending with `_` nor
/// holding `__`, as Home Assistant's own `valid_entity_id` takes them.
public struct EntityID: Hashable, Sendable, CustomStringConvertible {
    public let domain: String
    public let object: String

    public init?(_ text: String) {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, text.utf8.count <= 255,
              EntityID.isSlug(parts[0].utf8), EntityID.isSlug(parts[1].utf8) else { return nil }
        domain = String(parts[0])
        object = String(parts[1])
    }

    public var description: String { domain + "." + object }

    private static func isSlug<C: Collection>(_ bytes: C) -> Bool where C.Element == UInt8 {
        guard let first = bytes.first, first != UInt8(ascii: "_") else { return false }
        var previous: UInt8 = 0
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): break
            case UInt8(ascii: "_"): if previous == UInt8(ascii: "_") { return false }
            default: return false
            }
            previous = byte
        }
        return previous != UInt8(ascii: "_")
    }

    /// What a value that is no entity id should look like.
    public static let grammar = "an entity id DOMAIN.OBJECT, such as light.hall (lowercase letters, digits and _)"

    /// Why `entity` is refused in a config without `[homeassistant]`.
    static let needsSection = "entity needs a [homeassistant] section: the Home Assistant the entity lives in"
    /// Why `attribute` is refused on an item without `entity`.
    static let attributeNeedsEntity = "attribute needs entity: the entity whose attribute it shows"

    /// `attribute`'s value: an attribute's name, 1 to 64 bytes without spaces or control
    /// characters (`example` in the refusal).
    static func attributeName(_ value: String, example: String) throws(ValueProblem) -> String {
        guard !value.isEmpty, value.utf8.count <= 64, !value.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F }) else {
            throw .expected("an attribute's name, such as \(example)", found: value)
        }
        return value
    }
}

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
}

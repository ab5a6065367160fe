/// The payload of an `mqtt TOPIC PAYLOAD` action as sent: `$BUTTON` is the button's name,
/// `$TAPS` the tap count of the gesture (empty for a press, release or repeat), and `$VALUE`
/// the state the tap asks for: for a bound button the opposite of what its device reported
/// (`state_off` when on, else `state_on`), for a latch button its new state (`ON`, `OFF`),
/// otherwise empty. A `$` before anything else stays as written.
enum MQTTActionText {
    static func expand(_ payload: String, button: String, taps: Int?, value: String) -> [UInt8] {
        let bytes = Array(payload.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "$") {
                if let (word, replacement) = match(bytes, at: index + 1, button: button, taps: taps, value: value) {
                    out.append(contentsOf: replacement)
                    index += 1 + word
                    continue
                }
            }
            out.append(bytes[index])
            index += 1
        }
        return out
    }

    private static func match(_ bytes: [UInt8], at start: Int, button: String, taps: Int?, value: String) -> (Int, [UInt8])? {
        func has(_ word: String) -> Bool {
            let word = Array(word.utf8)
            return bytes.count - start >= word.count && Array(bytes[start..<start + word.count]) == word
        }
        if has("BUTTON") { return (6, Array(button.utf8)) }
        if has("TAPS") { return (4, taps.map { Array(String($0).utf8) } ?? []) }
        if has("VALUE") { return (5, Array(value.utf8)) }
        return nil
    }
}

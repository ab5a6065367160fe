/// A label as the config and the control socket write it: the two characters `\n` are a line
/// break (a config value is one line).
public enum LabelText {
    /// `Living\nroom` as written in a config (or sent to the control socket): the two
    /// characters `\n` are a line break.
    public static func unescaped(_ text: String) -> String {
        var result = ""
        var pendingBackslash = false
        for character in text {
            if pendingBackslash {
                pendingBackslash = false
                if character == "n" {
                    result.append("\n")
                    continue
                }
                result.append("\\")
            }
            if character == "\\" { pendingBackslash = true } else { result.append(character) }
        }
        if pendingBackslash { result.append("\\") }
        return result
    }

    /// The label as a config value again: each line break written `\n`.
    public static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if character == "\n" { result += "\\n" } else { result.append(character) }
        }
        return result
    }
}

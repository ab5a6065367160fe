

/// Text that C left in a fixed char array (a struct's `char name[32]`, an error buffer), up to
/// its first NUL, as a String.
public func textOfCChars<T>(_ array: T) -> String {
    withUnsafeBytes(of: array) { bytes in
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

/// The same for a `[CChar]` buffer C wrote into.
public func textOfCChars(_ buffer: [CChar]) -> String {
    buffer.withUnsafeBytes { bytes in
        let end = bytes.firstIndex(of: 0) ?? bytes.count
        return String(decoding: bytes[..<end], as: UTF8.self)
    }
}

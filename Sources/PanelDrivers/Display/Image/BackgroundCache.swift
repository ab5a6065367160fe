import CLinux
import LinuxSystem
import TouchCore

/// Where page backgrounds are kept once converted to the framebuffer's format, and how a
/// converted picture is found again: one file per picture, named by what makes it (a hash of
/// the PNG's bytes, the display's size, stride, pixel format and rotation, the background
/// colour), so a changed image or display gets a file of its own and an unchanged one is
/// converted once, not at each start. The folder: the unit's `CacheDirectory=`
/// (`$CACHE_DIRECTORY`), otherwise `$XDG_CACHE_HOME/touchpanel` or `$HOME/.cache/touchpanel`
/// (the simulated board, tests).
///
/// A file is written only from a PNG that decoded, whole, under a temporary name renamed into
/// place: one of the right size named by a PNG's hash says those bytes decoded before
/// (`holdsPicture(ofPNG:)`), which lets a start skip decoding them again. The key is the PNG's
/// bytes, not its path, size or time: a file rewritten with other bytes (a corrupt copy, of
/// the same size and time or not) matches no file and is decoded, and refused if it must be.
public struct BackgroundCache {
    /// nil: no folder could be named (no variable set).
    public let directory: String?

    public init(directory: String?) {
        self.directory = directory
    }

    /// The folder the environment names (the first of `$CACHE_DIRECTORY`'s colon-separated list).
    public static func fromEnvironment() -> BackgroundCache {
        func variable(_ name: String) -> String? {
            guard let value = getenv(name).map({ String(cString: $0) }), !value.isEmpty else { return nil }
            return value
        }
        if let systemd = variable("CACHE_DIRECTORY") {
            return BackgroundCache(directory: String(systemd.split(separator: ":", omittingEmptySubsequences: true).first ?? Substring(systemd)))
        }
        if let xdg = variable("XDG_CACHE_HOME") { return BackgroundCache(directory: xdg + "/touchpanel") }
        if let home = variable("HOME") { return BackgroundCache(directory: home + "/.cache/touchpanel") }
        return BackgroundCache(directory: nil)
    }

    /// The file's name for a picture from `png` on `layout`, fitted over `background` (the
    /// colour around an image of another shape than the display's):
    /// `bg-HASH-WxH-sSTRIDE-FORMAT-rDEG-onRRGGBB.fb`, HASH the 64-bit FNV-1a of the PNG's bytes.
    public static func fileName(png: [UInt8], layout: FramebufferLayout, background: RGBColor) -> String {
        let format = layout.format
        let formatName = format == .rgb565 ? "rgb565" : format == .xrgb8888 ? "xrgb8888" : format == .rgb888 ? "rgb888"
            : "\(format.bytesPerPixel * 8)bpp-\(format.red.offset).\(format.red.length)-\(format.green.offset).\(format.green.length)"
                + "-\(format.blue.offset).\(format.blue.length)"
        let colour = hex(UInt64(background.r) << 16 | UInt64(background.g) << 8 | UInt64(background.b), digits: 6)
        return namePrefix(png: png) + "\(layout.physicalWidth)x\(layout.physicalHeight)-s\(layout.strideBytes)-\(formatName)"
            + "-r\(layout.rotation.rawValue)-on\(colour).fb"
    }

    /// `bg-HASH-`: how the name of every file made from `png` starts, whatever the layout.
    static func namePrefix(png: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in png {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return "bg-\(hex(hash))-"
    }

    /// Whether the folder holds a picture made from these exact bytes, on any layout: a file
    /// named by their hash whose size is the one its name gives (stride times height). As no
    /// file is written from bytes that did not decode, such a file says they decoded before;
    /// one of another size (cut short, or left by an older version) says nothing.
    public func holdsPicture(ofPNG png: [UInt8]) -> Bool {
        guard let directory else { return false }
        let prefix = BackgroundCache.namePrefix(png: png)
        for name in DirectoryListing.names(in: directory) where name.hasPrefix(prefix) && name.hasSuffix(".fb") {
            guard let byteCount = BackgroundCache.byteCount(ofFileNamed: name, prefix: prefix) else { continue }
            // Mapped to be measured (a regular file of exactly that size), unmapped at once.
            if case .success(.some) = MappedFile.open(path: directory + "/" + name, byteCount: byteCount) { return true }
        }
        return false
    }

    /// The bytes the file `name` holds by its name: stride times height, from the
    /// `WxH-sSTRIDE-` after `prefix`; nil for a name not of that form.
    static func byteCount(ofFileNamed name: String, prefix: String) -> Int? {
        var rest = name.utf8.dropFirst(prefix.utf8.count)
        /// The decimal number at the start of `rest` up to `end`, which is taken off too.
        func number(endingAt end: UInt8) -> Int? {
            var value = 0
            var digits = 0
            while let byte = rest.first, byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                rest = rest.dropFirst()
            }
            guard digits > 0, rest.first == end else { return nil }
            rest = rest.dropFirst()
            return value
        }
        guard number(endingAt: UInt8(ascii: "x")) != nil, let height = number(endingAt: UInt8(ascii: "-")),
            rest.first == UInt8(ascii: "s")
        else { return nil }
        rest = rest.dropFirst()
        guard let stride = number(endingAt: UInt8(ascii: "-")), height > 0, stride > 0 else { return nil }
        return stride * height
    }

    /// The picture from `png` on `layout` over `background`, mapped read-only from its cache file: the file
    /// reused when it is there with the right size (`convert` not called), else `convert()`ed, written under a
    /// temporary name and renamed into place. Where the folder cannot be made or written, the
    /// picture is held in anonymous memory instead, and `note` says so (one line for the log).
    /// `convert` gives nil when the PNG does not decode: no picture, and nothing written.
    public func picture(
        png: [UInt8], layout: FramebufferLayout, background: RGBColor, convert: () -> [UInt8]?
    ) -> (picture: BackgroundPicture?, note: String?) {
        guard let directory else {
            guard let bytes = convert() else { return (nil, nil) }
            return (BackgroundPicture.anonymous(bytes), "no cache folder ($CACHE_DIRECTORY, $XDG_CACHE_HOME and $HOME unset)")
        }
        let path = directory + "/" + BackgroundCache.fileName(png: png, layout: layout, background: background)
        if case .success(let mapped?) = MappedFile.open(path: path, byteCount: layout.bufferSize) {
            return (.file(mapped), nil)
        }
        guard let bytes = convert() else { return (nil, nil) }
        if let problem = BackgroundCache.write(bytes, to: path, directory: directory) {
            return (BackgroundPicture.anonymous(bytes), problem)
        }
        switch MappedFile.open(path: path, byteCount: layout.bufferSize) {
        case .success(let mapped?): return (.file(mapped), nil)
        case .success(nil): return (BackgroundPicture.anonymous(bytes), "\(path) changed size after it was written")
        case .failure(let error): return (BackgroundPicture.anonymous(bytes), "cannot map \(path): \(error.message)")
        }
    }

    /// Makes the folder (and its parent, for `~/.cache/touchpanel`), then writes `bytes` to
    /// `path` by way of a temporary name; nil, or why not.
    static func write(_ bytes: [UInt8], to path: String, directory: String) -> String? {
        for folder in [parent(of: directory), directory] where !folder.isEmpty {
            let made = folder.withCString { clinux_make_directory($0) }
            if made != 0 && Errno.current != Errno(rawValue: EEXIST) {
                return "cannot make \(folder): \(Errno.current.message)"
            }
        }
        let temporary = "\(path).\(getpid()).tmp"
        let file: CreatedFile
        do throws(Errno) {
            file = try CreatedFile(path: temporary)
        } catch {
            return "cannot write in \(directory): \(error.message)"
        }
        if let error = file.write(bytes) {
            _ = temporary.withCString { unlink($0) }
            return "cannot write \(temporary): \(error.message)"
        }
        if let error = ReplacedFile.rename(temporary, to: path) {
            _ = temporary.withCString { unlink($0) }
            return "cannot rename \(temporary) to \(path): \(error.message)"
        }
        return nil
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")), slash != path.utf8.startIndex else { return "" }
        return String(decoding: path.utf8[..<slash], as: UTF8.self)
    }

    /// The low `digits` hexadecimal digits of `value`, the first the most significant.
    private static func hex(_ value: UInt64, digits count: Int = 16) -> String {
        let digits: StaticString = "0123456789abcdef"
        var text = ""
        for shift in stride(from: 4 * (count - 1), through: 0, by: -4) {
            text.unicodeScalars.append(Unicode.Scalar(digits.utf8Start[Int((value >> UInt64(shift)) & 0xF)]))
        }
        return text
    }
}

/// A page's background in the framebuffer's layout, and the one owner of its memory: a cache
/// file mapped read-only (file-backed pages), or, where no cache could be written, an
/// anonymous mapping. Unmapped when released (a reload, the end of the run).
public enum BackgroundPicture {
    case file(MappedFile)
    case memory(MappedMemory)

    /// `bytes` copied into a mapping of their own; nil when the kernel refuses one.
    static func anonymous(_ bytes: [UInt8]) -> BackgroundPicture? {
        guard let memory = MappedMemory(byteCount: bytes.count) else { return nil }
        bytes.withUnsafeBytes { memory.bytes.copyMemory(from: $0) }
        return .memory(memory)
    }

    public var bytes: UnsafeRawBufferPointer {
        switch self {
        case .file(let file): file.bytes
        case .memory(let memory): UnsafeRawBufferPointer(memory.bytes)
        }
    }

    /// nil while `bytes` are safe to read; else how its cache file changed since it was
    /// mapped (`MappedFile.change()`). Anonymous memory never changes.
    public func change() -> String? {
        if case .file(let file) = self { return file.change() }
        return nil
    }

    /// Whether its pages are a file's (not anonymous memory).
    public var isFileBacked: Bool {
        if case .file = self { return true }
        return false
    }
}

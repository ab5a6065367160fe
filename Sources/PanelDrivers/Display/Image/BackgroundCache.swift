import CLinux
import LinuxSystem
import TouchCore

/// Where page backgrounds are kept once converted to the framebuffer's format, and how a
/// converted picture is found again: one file per picture, named by what makes it (a hash of
/// the PNG's bytes, the display's size, stride, pixel format and rotation), so a changed
/// image or display gets a file of its own and an unchanged one is converted once, not at
/// each start. The folder: the unit's `CacheDirectory=` (`$CACHE_DIRECTORY`), otherwise
/// `$XDG_CACHE_HOME/touchpanel` or `$HOME/.cache/touchpanel` (the simulated board, tests).
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
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in png {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        let format = layout.format
        let formatName = format == .rgb565 ? "rgb565" : format == .xrgb8888 ? "xrgb8888" : format == .rgb888 ? "rgb888"
            : "\(format.bytesPerPixel * 8)bpp-\(format.red.offset).\(format.red.length)-\(format.green.offset).\(format.green.length)"
                + "-\(format.blue.offset).\(format.blue.length)"
        let colour = hex(UInt64(background.r) << 16 | UInt64(background.g) << 8 | UInt64(background.b), digits: 6)
        return "bg-\(hex(hash))-\(layout.physicalWidth)x\(layout.physicalHeight)-s\(layout.strideBytes)-\(formatName)"
            + "-r\(layout.rotation.rawValue)-on\(colour).fb"
    }

    /// The picture from `png` on `layout` over `background`, mapped read-only from its cache file: the file
    /// reused when it is there with the right size, else `convert()`ed, written under a
    /// temporary name and renamed into place. Where the folder cannot be made or written, the
    /// picture is held in anonymous memory instead, and `note` says so (one line for the log).
    public func picture(
        png: [UInt8], layout: FramebufferLayout, background: RGBColor, convert: () -> [UInt8]
    ) -> (picture: BackgroundPicture?, note: String?) {
        guard let directory else {
            return (BackgroundPicture.anonymous(convert()), "no cache folder ($CACHE_DIRECTORY, $XDG_CACHE_HOME and $HOME unset)")
        }
        let path = directory + "/" + BackgroundCache.fileName(png: png, layout: layout, background: background)
        if case .success(let mapped?) = MappedFile.open(path: path, byteCount: layout.bufferSize) {
            return (.file(mapped), nil)
        }
        let bytes = convert()
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

    /// Whether its pages are a file's (not anonymous memory).
    public var isFileBacked: Bool {
        if case .file = self { return true }
        return false
    }
}

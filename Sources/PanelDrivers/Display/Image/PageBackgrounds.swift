import LinuxSystem
import PanelConfig
import PanelEngine
import TouchCore

/// Each page's background image (`[page NAME] image`), in the framebuffer's layout, from the
/// cache (`BackgroundCache`); a page without one shows the `background` colour. Made once a
/// display's layout is known; released with the surface that draws it.
public final class PageBackgrounds {
    /// By page, in file order; nil: the colour.
    private var pictures: [BackgroundPicture?]
    /// By page: how log lines name its image (`panel.ini:7: [page plan] image: `).
    private var prefixes: [String]
    private let log: PanelLog?

    /// How the PNG's bytes become an image: `PNGDecoder.decode`, or a test's stand-in that
    /// counts the calls.
    public typealias Decode = (_ bytes: [UInt8], _ source: String) throws(PNGError) -> RGBAImage

    /// What would stop the start at the images the config names, one line each with the key's
    /// file:line (`panel.ini:7: [page plan] image: plan.png: the PNG image is truncated: ...`).
    /// For `check`, and for the start, which a bad image stops (a reload keeps the config that
    /// runs). Each file is read whole, as the panel reads it (missing, unreadable or over 16 MiB
    /// is a problem), then decoded, unless `cache` holds a picture made from these exact bytes
    /// (`BackgroundCache.holdsPicture(ofPNG:)`): they decoded when it was made, and only their
    /// header is checked again (`PNGDecoder.header`). So a start with current cache files
    /// decodes nothing, while a file that changed in any byte, or became unreadable, is decoded
    /// or refused as if there were no cache.
    public static func problems(
        _ config: PanelConfiguration, cache: BackgroundCache = .fromEnvironment(), decode: Decode = PNGDecoder.decode
    ) -> [String] {
        var problems: [String] = []
        for named in imageFiles(config) {
            do throws(PNGError) {
                let png = try read(named.path)
                if cache.holdsPicture(ofPNG: png) {
                    _ = try PNGDecoder.header(of: png, source: named.path)
                } else {
                    _ = try decode(png, named.path)
                }
            } catch {
                problems.append(named.prefix + error.message)
            }
        }
        return problems
    }

    /// Every page's picture on `layout`, over the config's `background`: mapped from its cache
    /// file when there is one for the PNG's bytes on this layout and colour (the PNG read and
    /// hashed, not decoded), else decoded, fitted and converted, and the file written. An image
    /// that can no longer be read or decoded (changed since the start's check) leaves its page
    /// the colour, and each such problem or a cache that could not be written is one line in `log`.
    public init(
        config: PanelConfiguration, layout: FramebufferLayout, cache: BackgroundCache, log: PanelLog?, decode: Decode = PNGDecoder.decode
    ) {
        let files = PageBackgrounds.imageFiles(config)
        var pictures: [BackgroundPicture?] = []
        var prefixes: [String] = []
        var cacheNoted = false
        for page in config.pages {
            guard let path = page.image, let named = files.first(where: { $0.path == path && $0.section == "page \(page.name)" }) else {
                pictures.append(nil)
                prefixes.append("")
                continue
            }
            prefixes.append(named.prefix)
            // Pages that show the same file share one mapping of it.
            if let earlier = config.pages.indices.first(where: { config.pages[$0].image == path }), earlier < pictures.count,
                let picture = pictures[earlier]
            {
                pictures.append(picture)
                continue
            }
            let png: [UInt8]
            do throws(PNGError) {
                png = try PageBackgrounds.read(path)
            } catch {
                log?.error("\(named.prefix)\(error.message); the page shows its background colour")
                pictures.append(nil)
                continue
            }
            var failure: PNGError?
            let made = cache.picture(png: png, layout: layout, background: config.display.colors.background) { () -> [UInt8]? in
                do throws(PNGError) {
                    let image = try decode(png, path)
                    let rgb = FittedPicture.rgb(
                        of: image, width: Int(layout.logicalWidth), height: Int(layout.logicalHeight), background: config.display.colors.background)
                    return FramebufferPicture.bytes(ofLogicalRGB: rgb, layout: layout)
                } catch {
                    failure = error
                    return nil
                }
            }
            if let failure {
                log?.error("\(named.prefix)\(failure.message); the page shows its background colour")
                pictures.append(nil)
                continue
            }
            if let note = made.note, !cacheNoted {
                cacheNoted = true
                log?.warning("display: page backgrounds are kept in anonymous memory, not in the cache: \(note)")
            }
            pictures.append(made.picture)
        }
        self.pictures = pictures
        self.prefixes = prefixes
        self.log = log
    }

    /// Page `page`'s picture (`layout.bufferSize` bytes), nil for the colour. Its cache file
    /// is checked first (`MappedFile.change()`, one fstat): one cut or rewritten since the
    /// start would kill the panel with SIGBUS when read, so its picture is dropped instead,
    /// for every page that shows it, with one log line; a reload converts the image again.
    public func picture(page: Int) -> UnsafeRawBufferPointer? {
        guard pictures.indices.contains(page), let picture = pictures[page] else { return nil }
        guard let change = picture.change() else { return picture.bytes }
        let shared = picture.bytes.baseAddress
        for index in pictures.indices where pictures[index]?.bytes.baseAddress == shared {
            pictures[index] = nil
        }
        log?.error("\(prefixes[page])the cache file \(change); the page shows its background colour until a reload")
        return nil
    }

    /// Whether every picture is a cache file's pages (none in anonymous memory).
    public var allFileBacked: Bool {
        pictures.allSatisfy { $0?.isFileBacked ?? true }
    }

    static func imageFiles(_ config: PanelConfiguration) -> [NamedFile] {
        config.namedFiles.all.filter { $0.key == "image" && $0.section.hasPrefix("page ") }
    }

    /// The PNG's bytes, as `PNGDecoder.load` reads them (the size checked first).
    static func read(_ path: String) throws(PNGError) -> [UInt8] {
        do throws(FileContents.Failure) {
            return try FileContents.bytes(ofFile: path, maxBytes: PNGDecoder.maxFileBytes, what: "a PNG image", checkSizeFirst: true)
        } catch {
            if let size = error.tooLargeBytes { throw PNGError(source: path, reason: .fileTooLarge(bytes: size)) }
            throw PNGError(source: path, reason: .unreadable(error.message))
        }
    }
}

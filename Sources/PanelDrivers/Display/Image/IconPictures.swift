import PanelConfig
import TouchCore

/// The PNG icons buttons name (`icon = lamp.png`), each decoded and scaled once per size it is
/// drawn at: every button showing it at that size holds the same pixels, and only those are
/// kept (not the file's own pixels: a photo made an icon would hold megabytes). A picture
/// keeps its shape, fitted into the icon's square (`FittedPicture`'s filter); one of the
/// icon's size is kept as it is.
public final class IconPictures {
    private var scaled: [(path: String, sizePx: Int, image: RGBAImage?)] = []

    public init() {}

    /// What would stop the start at the icon pictures the config names, one line each with
    /// the key's file:line (`panel.ini:9: [button lamp] icon: lamp.png: the PNG image is
    /// truncated: ...`): each is read and decoded as the panel does.
    public static func problems(_ config: PanelConfiguration) -> [String] {
        var problems: [String] = []
        for named in files(config) {
            do throws(PNGError) {
                _ = try PNGDecoder.load(path: named.path)
            } catch {
                problems.append(named.prefix + error.message)
            }
        }
        return problems
    }

    /// The icon keys that name a PNG file.
    static func files(_ config: PanelConfiguration) -> [NamedFile] {
        config.namedFiles.all.filter { $0.section.hasPrefix("button ") && $0.key.hasSuffix("icon") }
    }

    /// The picture at `path` fitted into a `sizePx` square; nil when it cannot be read or
    /// decoded (the start checks every picture first: `problems`).
    public func image(path: String, sizePx: Int) -> RGBAImage? {
        if let known = scaled.first(where: { $0.path == path && $0.sizePx == sizePx }) { return known.image }
        var image: RGBAImage?
        do throws(PNGError) {
            image = IconPictures.fitted(try PNGDecoder.load(path: path), sizePx: sizePx)
        } catch {
            image = nil
        }
        scaled.append((path, sizePx, image))
        return image
    }

    /// `image`, already fitted into a `sizePx` square, is what `key` names at that size from
    /// now on (a picture set at run time, under a key no config path can be): what `key` named
    /// before is released.
    public func place(_ image: RGBAImage, as key: String, sizePx: Int) {
        scaled.removeAll { $0.path == key }
        scaled.append((key, sizePx, image))
    }

    /// `image` at the largest size of its shape that fits a `sizePx` square; as it is when
    /// that is its own size. Scaled with premultiplied alpha, then straight again (the painter
    /// blends straight alpha).
    static func fitted(_ image: RGBAImage, sizePx: Int) -> RGBAImage {
        let place = FittedPicture.placement(widthPx: image.widthPx, heightPx: image.heightPx, displayWidth: sizePx, displayHeight: sizePx)
        let width = Int(place.width), height = Int(place.height)
        guard width != image.widthPx || height != image.heightPx else { return image }
        var pixels = FittedPicture.resampled(
            FittedPicture.premultiplied(image), widthPx: image.widthPx, heightPx: image.heightPx, toWidth: width, toHeight: height)
        var index = 0
        while index < pixels.count {
            let alpha = UInt32(pixels[index + 3])
            if alpha > 0 && alpha < 255 {
                for channel in 0..<3 {
                    pixels[index + channel] = UInt8(min(255, (UInt32(pixels[index + channel]) * 255 + alpha / 2) / alpha))
                }
            }
            index += 4
        }
        return RGBAImage(widthPx: width, heightPx: height, pixels: pixels)
    }
}

import LinuxSystem
import PanelConfig
import TouchCore

/// Pictures set at run time: a button's icon or a page's background from a PNG, checked here
/// (the item is there, the size), made by the `PictureLoader` off the touch path, and drawn
/// when ready, after the touch path's turn.
extension PanelEngine {
    /// The most bytes of a PNG set at run time: 2 MiB.
    public static let maxPictureBytes = 2 << 20

    /// What a picture is for, by name.
    public enum PictureRequest: Equatable, Sendable {
        case icon(button: String)
        case page(String)
    }

    /// Hands `png` to the loader for `request`; nil when taken, else why not (one line,
    /// without `source`): an unknown button or page, too many bytes (refused before any
    /// decoding), no loader (no display).
    public func loadPicture(_ png: [UInt8], for request: PictureRequest, source: String) -> String? {
        let target: PictureTarget
        switch request {
        case .icon(let name):
            guard let index = config.buttons.firstIndex(where: { $0.name == name }) else {
                return "no button \"\(name)\"; buttons: " + config.buttons.map { $0.name }.joined(separator: ", ")
            }
            target = .icon(button: index)
        case .page(let name):
            guard let index = config.pages.firstIndex(where: { $0.name == name }) else {
                return config.pages.isEmpty
                    ? "no [page NAME] sections in \(config.file)"
                    : "no page \"\(name)\"; pages: " + config.pages.map { $0.name }.joined(separator: ", ")
            }
            target = .page(index)
        }
        if png.count > PanelEngine.maxPictureBytes {
            return "the PNG image has \(png.count) bytes; a picture set at run time may have at most "
                + "\(PanelEngine.maxPictureBytes) (\(PanelEngine.maxPictureBytes >> 20) MiB)"
        }
        guard let pictureLoader else { return "no display to draw it on" }
        return pictureLoader.load(png, for: target, source: source)
    }

    /// The loader put a new picture in place for `target`: a shown button is drawn again in
    /// the engine's next turn, with the outside changes; the page shown is drawn whole now.
    public func pictureChanged(_ target: PictureTarget, now: MonotonicInstant) {
        switch target {
        case .icon(let button):
            guard config.buttons.indices.contains(button) else { return }
            looksChanged(button, at: now) { $0.markDirty(button) }
        case .page(let page):
            guard page == shownPage else { return }
            redrawWhole(at: now)
        }
    }
}

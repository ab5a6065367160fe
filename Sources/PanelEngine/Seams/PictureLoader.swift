/// What a picture set at run time replaces: a button's icon (by place), or a page's background
/// image (by page, in file order).
public enum PictureTarget: Hashable, Sendable {
    case icon(button: Int)
    case page(Int)
}

/// Where a PNG set at run time (`P/button/B/icon/set`, `P/page/PAGE/image/set`) is made into a
/// picture: off the touch path's turn (a child process), and drawn when it is ready
/// (`PanelEngine.pictureChanged`). A PNG that does not decode changes nothing: the loader logs
/// why, naming `source`.
public protocol PictureLoader: AnyObject {
    /// Starts making `png` the picture of `target`; nil when it is taken, else why it is refused
    /// (one line, without `source`). `source` names it in later log lines
    /// (`mqtt: P/button/lamp/icon/set`).
    func load(_ png: [UInt8], for target: PictureTarget, source: String) -> String?
}

import LinuxSystem
import PanelConfig
import TouchCore

/// One QR code ready to paint: its modules encoded once (libqrencode), laid out in its rect,
/// and encoded again only when its text changes.
struct PreparedQRCode {
    let rect: Rect
    let dark: RGBColor
    let fill: RGBColor
    private(set) var text: String
    /// Where the modules go; nil while there is no code (a topic's before its first message,
    /// or a config text that makes none that fits, which the loader refuses).
    private(set) var layout: QRLayout?
    private(set) var modules: [UInt8] = []

    init(_ config: QRCodeConfig) {
        rect = config.rect
        dark = config.dark
        fill = config.fill
        text = config.text
        if !config.text.isEmpty, case .success(let symbol) = QRSymbol.encode(config.text),
            let layout = QRLayout(widthModules: symbol.widthModules, in: config.rect)
        {
            self.layout = layout
            modules = symbol.modules
        }
    }

    /// Takes `newText` when its code fits the rect; otherwise keeps the code it has and says why.
    mutating func setText(_ newText: String) -> String? {
        switch QRSymbol.encode(newText) {
        case .success(let symbol):
            guard let layout = QRLayout(widthModules: symbol.widthModules, in: rect) else {
                let sidePx = QRLayout.smallestSidePx(widthModules: symbol.widthModules)
                return "its \(newText.utf8.count) bytes make a code of \(symbol.widthModules)x\(symbol.widthModules) modules, "
                    + "\(sidePx) pixels a side at the least; the rect is \(rect.width)x\(rect.height): the previous code is kept"
            }
            text = newText
            self.layout = layout
            modules = symbol.modules
            return nil
        case .failure(.tooLong):
            return "its \(newText.utf8.count) bytes are more than a QR code holds: the previous code is kept"
        case .failure(.containsNUL):
            return "a QR code's text cannot hold a NUL byte: the previous code is kept"
        case .failure(.empty):
            return "an empty text makes no QR code: the previous code is kept"
        case .failure(.notBuiltIn):
            return QRSymbol.notBuiltInText
        case .failure(.failed(let errno)):
            return "libqrencode failed (errno \(errno)): the previous code is kept"
        }
    }

    /// The code painted whole into `pixels` (the fill alone while there is none).
    func paint(with painter: FramebufferPainter, in pixels: UnsafeMutableRawBufferPointer) {
        guard let layout else {
            painter.fill(rect, fill, in: pixels)
            return
        }
        modules.withUnsafeBytes { bytes in
            _ = painter.paintQRCode(rect: rect, layout: layout, modules: bytes, dark: dark, light: fill, in: pixels)
        }
    }
}

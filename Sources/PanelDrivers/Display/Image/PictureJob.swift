import CLinux
import LinuxSystem
import TouchCore

/// A picture set while the panel runs (`P/button/B/icon/set`, `P/page/PAGE/image/set`), made
/// from its PNG by `touchpanel decode-picture` in a child process, so that decoding and
/// scaling never take a turn of the panel's loop (`PictureWorker` feeds it and reads what it
/// makes). Its arguments say what to make; its standard input is the PNG (at most
/// `maxPNGBytes`); its standard output one line, then the bytes that line announces:
///
///     ok WIDTH HEIGHT BYTES\n<BYTES bytes>     the picture
///     refused REASON\n                          the PNG does not decode (PNGError's words)
///
/// An icon comes back as straight RGBA fitted into its square (`IconPictures.fitted`), a
/// page's picture in the framebuffer's own layout (`FittedPicture`, `FramebufferPicture`): the
/// same bytes the start makes from a file.
public enum PictureJob {
    /// The most bytes of a PNG set at run time (a file may have more: `PNGDecoder.maxFileBytes`).
    public static let maxPNGBytes = 2 << 20
    /// The child's address space at most (`AddressSpaceLimit`), set before it reads the PNG:
    /// the worst picture, a 4096x4096 PNG with transparency for a page, peaks well under it
    /// (docs/home-assistant.md: pictures sent to the panel); a decoder that wanted more is ended, not the board's memory.
    public static let maxAddressSpaceBytes = 256 << 20

    public enum Kind: Equatable, Sendable {
        /// A button's icon, fitted into a `sizePx` square.
        case icon(sizePx: Int)
        /// A page's background on `layout`, fitted over `background`.
        case page(layout: FramebufferLayout, background: RGBColor)
    }

    /// The child's arguments after `decode-picture`.
    public static func arguments(_ kind: Kind) -> [String] {
        switch kind {
        case .icon(let size):
            return ["icon", "\(size)"]
        case .page(let layout, let background):
            let format = layout.format
            return ["page", "\(layout.physicalWidth)", "\(layout.physicalHeight)", "\(layout.strideBytes)", "\(format.bytesPerPixel)",
                    "\(format.red.offset)", "\(format.red.length)", "\(format.green.offset)", "\(format.green.length)",
                    "\(format.blue.offset)", "\(format.blue.length)", "\(layout.rotation.rawValue)",
                    "\(background.r)", "\(background.g)", "\(background.b)"]
        }
    }

    /// `arguments` read back; nil for anything else.
    public static func kind(arguments: [String]) -> Kind? {
        let numbers = arguments.dropFirst().map { Int($0) }
        guard numbers.allSatisfy({ $0 != nil && $0! >= 0 }) else { return nil }
        let n = numbers.map { $0! }
        switch arguments.first {
        case "icon":
            guard n.count == 1, n[0] >= 1, n[0] <= 4096 else { return nil }
            return .icon(sizePx: n[0])
        case "page":
            guard n.count == 14, let rotation = DisplayRotation(rawValue: n[10]), n[0] <= 8192, n[1] <= 8192,
                n[11] <= 255, n[12] <= 255, n[13] <= 255,
                let format = PixelFormat(
                    bytesPerPixel: n[3], red: .init(offset: n[4], length: n[5]), green: .init(offset: n[6], length: n[7]),
                    blue: .init(offset: n[8], length: n[9])),
                let layout = FramebufferLayout(
                    physicalWidth: Int32(n[0]), physicalHeight: Int32(n[1]), strideBytes: n[2], format: format, rotation: rotation)
            else { return nil }
            return .page(layout: layout, background: RGBColor(r: UInt8(n[11]), g: UInt8(n[12]), b: UInt8(n[13])))
        default:
            return nil
        }
    }

    /// What the child makes of `png`: the picture's size and bytes.
    public static func make(_ kind: Kind, png: [UInt8], source: String) throws(PNGError) -> (widthPx: Int, heightPx: Int, bytes: [UInt8]) {
        if png.count > maxPNGBytes { throw PNGError(source: source, reason: .fileTooLarge(bytes: png.count)) }
        let image = try PNGDecoder.decode(bytes: png, source: source)
        switch kind {
        case .icon(let size):
            let fitted = IconPictures.fitted(image, sizePx: size)
            return (fitted.widthPx, fitted.heightPx, fitted.pixels)
        case .page(let layout, let background):
            let rgb = FittedPicture.rgb(of: image, width: Int(layout.logicalWidth), height: Int(layout.logicalHeight), background: background)
            return (Int(layout.logicalWidth), Int(layout.logicalHeight), FramebufferPicture.bytes(ofLogicalRGB: rgb, layout: layout))
        }
    }

    /// The child's answer for `png`: `ok ...` and the picture, or `refused REASON`.
    static func answer(_ kind: Kind, png: [UInt8]) -> [UInt8] {
        do throws(PNGError) {
            let made = try make(kind, png: png, source: "")
            return Array("ok \(made.widthPx) \(made.heightPx) \(made.bytes.count)\n".utf8) + made.bytes
        } catch {
            return Array("refused \(error.reasonText)\n".utf8)
        }
    }

    /// `touchpanel decode-picture ARGUMENTS`: reads the PNG from standard input, writes the
    /// answer to standard output; 0 when it answered (made or refused), 2 for arguments it
    /// does not know. At a lower priority than the panel, so that a panel on a busy core
    /// still has it first, and within `maxAddressSpaceBytes`.
    public static func serve(arguments: [String]) -> Int32 {
        guard let kind = kind(arguments: arguments) else { return 2 }
        _ = nice(10)
        let limited = AddressSpaceLimit.apply(bytes: maxAddressSpaceBytes)
        var png: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while png.count <= maxPNGBytes, let count = try? FileDescriptor.standardInput.read(into: &chunk), count > 0 {
            png += chunk[0..<count]
        }
        let answer = limited.map { Array("refused cannot limit the decoder's memory: \($0.message)\n".utf8) } ?? self.answer(kind, png: png)
        do throws(Errno) {
            try FileDescriptor.standardOutput.writeAll(answer)
        } catch {
            return 1
        }
        return 0
    }
}

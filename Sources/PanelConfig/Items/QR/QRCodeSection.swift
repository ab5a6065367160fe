import LinuxSystem
import TouchCore

/// The keys of `[qr NAME]`: where the code is, what it holds and its two colours.
enum QRCodeKey: String, SectionKey, CaseIterable {
    case rect
    case cell
    case page
    case text
    case textFile = "text_file"
    case topic
    case entity
    case dark
    case fill

    var doc: KeyDoc {
        switch self {
        case .rect, .cell, .page: ItemKey.doc(ItemKey(rawValue: rawValue)!)
        case .text: .words("none", "what the code holds (a URL, `WIFI:S:home;T:WPA;P:secret;;`); give `text`, `text_file` or `topic`")
        case .textFile:
            .words("none", "a file whose whole text (without its last line end) the code holds, relative to the config's folder: a Wi-Fi password kept out of the config")
        case .topic:
            .words("none", "a topic whose messages the code holds, each payload whole (needs `[mqtt]`); `text` or `text_file` is what it holds until the first")
        case .entity:
            .words("none", "a Home Assistant entity whose state the code holds (`input_text.guest_wifi`; needs `[homeassistant]`); give `topic` or `entity`, not both")
        case .dark: .value(QRCodeConfig.defaultDark.hexString, "the dark modules")
        case .fill: .value(QRCodeConfig.defaultFill.hexString, "the light modules, the quiet zone of 4 modules and the rest of the rect")
        }
    }
}

/// `[qr NAME]` while it is read.
struct QRCodeDraft: ItemDraft {
    static let noun = "QR code"
    let name: String
    let header: SourceLine
    let counts: Bool
    var given = GivenKeys()
    var common = ItemCommonValues()
    var text: String?
    var textFile: String?
    var topic: String?
    var dark: RGBColor?
    var fill: RGBColor?

    init(name: String, header: SourceLine, counts: Bool) {
        self.name = name
        self.header = header
        self.counts = counts
    }

    var title: String { "qr \(name)" }

    mutating func set(_ key: QRCodeKey, from value: String) throws(ValueProblem) {
        switch key {
        case .rect, .cell, .page, .entity: try common.set(ItemKey(rawValue: key.rawValue)!, from: value)
        case .text:
            guard !value.isEmpty else { throw .expected("the text the code holds", found: value) }
            text = value
        case .textFile:
            guard !value.isEmpty else { throw .expected("a file's path", found: value) }
            textFile = value
        case .topic: topic = try ValueSyntax.topic(value)
        case .dark: dark = try ValueSyntax.color(value)
        case .fill: fill = try ValueSyntax.color(value)
        }
    }

    /// The QR code; nil (and why in `errors`) without a place inside the display, without
    /// exactly one of `text` and `text_file`, or with a text whose code the rect cannot take.
    func finish(
        display: DisplayConfig?, hasMQTT: Bool, hasHomeAssistant: Bool, pageNames: [String] = [], pageGrids: [PageGrid?] = [], errors: inout ErrorCollector
    ) -> QRCodeConfig? {
        requirePlace(errors: &errors)
        if topic != nil && !hasMQTT {
            errors.add(at: place(.topic) ?? header, section: title, key: QRCodeKey.topic.rawValue,
                       "topic needs an [mqtt] section: the broker the text comes from")
            return nil
        }
        if common.entity != nil {
            if topic != nil {
                errors.add(at: place(.entity) ?? header, section: title, key: QRCodeKey.entity.rawValue,
                           "a QR code follows a topic or an entity, not both: give one of them")
                return nil
            }
            guard hasHomeAssistant else {
                errors.add(at: place(.entity) ?? header, section: title, key: QRCodeKey.entity.rawValue, EntityID.needsSection)
                return nil
            }
        }
        let followed = topic != nil || common.entity != nil
        let page = resolvedPage(pageNames: pageNames, errors: &errors)
        let content: String
        let textPlace: SourceLine
        switch (text, textFile) {
        case (let text?, nil):
            content = text
            textPlace = place(.text) ?? header
        case (nil, let path?):
            textPlace = place(.textFile) ?? header
            let resolved = textPlace.resolving(path)
            do throws(FileContents.Failure) {
                var bytes = try FileContents.bytes(ofFile: resolved, maxBytes: QRCodeConfig.maxFileBytes, what: "a QR code's text")
                if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
                if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
                guard !bytes.isEmpty else {
                    errors.add(at: textPlace, section: title, key: QRCodeKey.textFile.rawValue, "\(resolved): the file is empty")
                    return nil
                }
                content = String(decoding: bytes, as: UTF8.self)
            } catch {
                errors.add(at: textPlace, section: title, key: QRCodeKey.textFile.rawValue, "\(resolved): \(error.message)")
                return nil
            }
        case (nil, nil):
            guard followed else {
                errors.add(at: header, section: title, "a QR code needs what it holds: give text = ..., text_file = ..., topic = ... or entity = ...")
                return nil
            }
            content = ""
            textPlace = header
        case (.some, .some):
            errors.add(at: place(.textFile) ?? header, section: title, key: QRCodeKey.textFile.rawValue,
                       "a QR code holds text or text_file, not both: give one of them")
            return nil
        }
        guard let page,
            let rect = resolvedRect(page: page, pageNames: pageNames, pageGrids: pageGrids, display: display, errors: &errors)
        else { return nil }
        let key = text != nil ? QRCodeKey.text.rawValue : QRCodeKey.textFile.rawValue
        // With a topic and no first text there is no code yet: the fill alone until a message.
        guard !content.isEmpty || !followed else {
            return QRCodeConfig(
                name: name, rect: rect, text: "", topic: topic, entity: common.entity, dark: dark ?? QRCodeConfig.defaultDark,
                fill: fill ?? QRCodeConfig.defaultFill, page: page, cell: common.cell, line: header.line)
        }
        switch QRSymbol.encode(content) {
        case .success(let symbol):
            guard QRLayout(widthModules: symbol.widthModules, in: rect) != nil else {
                let sidePx = QRLayout.smallestSidePx(widthModules: symbol.widthModules)
                errors.add(at: textPlace, section: title, key: key,
                           "its \(content.utf8.count) bytes make a code of \(symbol.widthModules)x\(symbol.widthModules) modules, "
                               + "\(sidePx)x\(sidePx) pixels at the least with its quiet zone; the rect is \(rect.width)x\(rect.height): "
                               + "make the rect larger or the text shorter")
                return nil
            }
        case .failure(.tooLong):
            errors.add(at: textPlace, section: title, key: key,
                       "its \(content.utf8.count) bytes are more than a QR code holds (2331 at error correction M)")
            return nil
        case .failure(.containsNUL):
            errors.add(at: textPlace, section: title, key: key, "a QR code's text cannot hold a NUL byte")
            return nil
        case .failure(.empty):
            errors.add(at: textPlace, section: title, key: key, "a QR code holds at least one byte")
            return nil
        case .failure(.notBuiltIn):
            errors.add(at: textPlace, section: title, key: key, QRSymbol.notBuiltInText)
            return nil
        case .failure(.failed(let errno)):
            errors.add(at: textPlace, section: title, key: key, "libqrencode failed (errno \(errno))")
            return nil
        }
        return QRCodeConfig(
            name: name, rect: rect, text: content, textFile: textFile, topic: topic, entity: common.entity, dark: dark ?? QRCodeConfig.defaultDark,
            fill: fill ?? QRCodeConfig.defaultFill, page: page, cell: common.cell, line: header.line)
    }
}

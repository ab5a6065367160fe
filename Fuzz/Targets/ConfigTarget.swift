import PanelConfig

/// Config text through libinih and the whole loader: any bytes give a configuration or a
/// list of errors, never a crash; a configuration's effective text must load again to the
/// same buttons (the loader's own round trip). Includes are refused: the fuzzer's `include =`
/// lines must not read the machine's files.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let config = try? PanelConfigLoader.parse(text: text, file: "fuzz.ini", presetSearchPath: [], includes: .refuse) else { return 0 }
    do {
        let again = try PanelConfigLoader.parse(
            text: config.effectiveText(), file: "fuzz.ini", presetSearchPath: [], includes: .refuse)
        if again.buttons.map({ $0.onTap }) != config.buttons.map({ $0.onTap }) || again.outputs != config.outputs {
            fatalError("config: the effective text reads back differently")
        }
    } catch {
        fatalError("config: the effective text of a valid config does not load: \(error.rendered)")
    }
    return 0
}

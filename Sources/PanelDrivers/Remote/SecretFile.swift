import LinuxSystem
import PanelConfig
import PanelEngine

/// A file that holds a secret on its first line (`[mqtt] password_file`, `[homeassistant]
/// token_file`), so that the config itself never does. The reason it cannot be had names the
/// key (`what`) and the path, never the secret.
enum SecretFile {
    /// The first line of `path`, without its line end, not empty.
    static func firstLine(of path: String, what: String, part: StartError.Part) throws(StartError) -> ArraySlice<UInt8> {
        let bytes: [UInt8]
        do throws(FileContents.Failure) {
            bytes = try FileContents.bytes(ofFile: path, maxBytes: 4_096, what: what)
        } catch {
            throw StartError(part, "\(what) \(path): \(error.message)")
        }
        var line = bytes.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw StartError(part, "\(what) \(path): its first line is empty") }
        return line
    }

    /// What would stop the start at the files `[section]` names, read as the start reads them:
    /// the secret's first line through `readSecret` for `secretKey`, every other file read
    /// whole; one line each with the config's file:line. For `check`: it needs no server.
    static func problems(
        _ files: NamedFiles, section: String, secretKey: String, readSecret: (String) throws(StartError) -> Void
    ) -> [String] {
        var problems: [String] = []
        for named in files.all where named.section == section {
            let place = "\(named.file)\(named.line > 0 ? ":\(named.line)" : ""): "
            if named.key == secretKey {
                do throws(StartError) {
                    try readSecret(named.path)
                } catch {
                    problems.append(place + error.message)
                }
                continue
            }
            do throws(FileContents.Failure) {
                _ = try FileContents.bytes(ofFile: named.path, maxBytes: 16 << 20, what: "[\(section)] \(named.key)")
            } catch {
                problems.append(place + "[\(section)] \(named.key) \(named.path): \(error.message)")
            }
        }
        return problems
    }
}

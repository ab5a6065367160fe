import PanelConfig
import PanelIO

/// `touchpanel ctl [--socket PATH] COMMAND...`: sends one command to a running panel's
/// control socket and prints its JSON reply. Exit 0 when the panel did it, 1 when it said
/// why not, 3 when it could not be reached.
enum ControlCommandLine {
    static func run(_ arguments: [String]) -> Int32 {
        var path = ControlConfig.defaultSocketPath
        var words: [String] = []
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--socket", index + 1 < arguments.count, words.isEmpty {
                path = arguments[index + 1]
                index += 2
            } else {
                words.append(arguments[index])
                index += 1
            }
        }
        let log = StandardErrorLog()
        guard !words.isEmpty else {
            log.error("ctl takes a command: state, label BUTTON TEXT, latch BUTTON on|off, enable BUTTON, disable BUTTON, brightness PERCENT, wake or blank")
            return 2
        }
        switch ControlClient.send(words.joined(separator: " "), to: path) {
        case .success(let reply):
            var out = OutputBuffer.standardOutput()
            out.write(reply + "\n")
            out.flush()
            return reply.utf8.starts(with: "{\"ok\":true".utf8) ? 0 : 1
        case .failure(let error):
            log.error(error.message)
            return 3
        }
    }
}

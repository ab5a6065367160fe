import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel ctl [--socket PATH] [--time] COMMAND...`: sends one command to a running
/// panel's control socket and prints its JSON reply (with `--time`, the round trip on
/// stderr). Exit 0 when the panel did it, 1 when it said why not, 3 when it could not be
/// reached.
enum ControlCommandLine {
    static func run(_ arguments: [String]) -> Int32 {
        var path = ControlConfig.defaultSocketPath
        var words: [String] = []
        var timed = false
        var index = 0
        while index < arguments.count {
            if arguments[index] == "--socket", index + 1 < arguments.count, words.isEmpty {
                path = arguments[index + 1]
                index += 2
            } else if arguments[index] == "--time", words.isEmpty {
                timed = true
                index += 1
            } else {
                words.append(arguments[index])
                index += 1
            }
        }
        let log = StandardErrorLog()
        guard !words.isEmpty else {
            log.error("ctl takes a command: state, label BUTTON TEXT, latch BUTTON on|off, enable ITEM, disable ITEM, brightness PERCENT, wake, blank, page NAME, value SLIDER NUMBER or dial DIAL NUMBER")
            return 2
        }
        let stopwatch = Stopwatch()
        let result = ControlClient.send(words.joined(separator: " "), to: path)
        if timed { log.log("round trip \(stopwatch.elapsed.nanoseconds / 1_000) us") }
        switch result {
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

// The entry point. Embedded Swift has no `CommandLine`, so the firmware build exports C's
// `main` itself; the host build uses an ordinary @main type.
import CLinux

#if hasFeature(Embedded)
@_cdecl("main")
func firmwareMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
    var arguments: [String] = []
    for index in 0..<Int(argc) {
        if let argument = argv[index] {
            arguments.append(String(cString: argument))
        }
    }
    clinux_ignore_sigpipe()
    return TouchPanelCommand.run(arguments)
}
#else
@main
enum TouchPanelMain {
    static func main() {
        // A reader of the event lines that goes away must not kill the panel mid-pulse: writes
        // to it fail with EPIPE instead, and its lines are dropped (OutputBuffer.flush).
        clinux_ignore_sigpipe()
        exit(TouchPanelCommand.run(CommandLine.arguments))
    }
}
#endif

import CLinux
import LinuxSystem
import PanelApp
import PanelConfig
import PanelDrivers
import PanelEngine
import TouchCore

/// `touchpanel replay CONFIG TRACE`: plays a trace through the same pipeline as the live
/// panel and prints the event lines. Exit 0 when the whole trace played, 1 on a bad config
/// or trace line (the events before it are printed).
enum ReplayCommand {
    /// Long benchmark traces (100,000 reports) are a few megabytes.
    static let traceMaxBytes = 256 << 20

    static func run(configPath: String, tracePath: String, debugGestures: Bool = false) -> Int32 {
        var errors = OutputBuffer.standardError()
        let config: PanelConfiguration
        do {
            config = try PanelConfigLoader.load(path: configPath)
        } catch {
            for configError in error.errors {
                errors.write(configError.rendered)
                errors.write("\n")
            }
            errors.flush()
            return 1
        }
        let trace: [UInt8]
        do {
            trace = try FileContents.bytes(ofFile: tracePath, maxBytes: traceMaxBytes, what: "a trace")
        } catch {
            errors.write("\(tracePath): \(error.message)\n")
            errors.flush()
            return 1
        }

        var writer = EventLineWriter(
            buttonNames: config.buttons.map { $0.name }, pageNames: config.pages.map { $0.name },
            sliderNames: config.sliders.map { $0.name }, sliderNouns: config.sliders.map { $0.noun }, output: .standardOutput())
        if debugGestures {
            writer.debug = GestureDebugLog(buttonNames: config.buttons.map { $0.name }, origin: MonotonicInstant(nanoseconds: 0), log: StandardErrorLog())
        }
        var sink = ReplaySink(writer: writer, config: config)
        var replayer = TraceReplayer(
            pipeline: config.makePipeline(controllerWidth: config.controller.width, controllerHeight: config.controller.height),
            decoder: config.makeRawReportDecoder())
        var navigator = PageNavigator(names: config.pages.map { $0.name })
        /// The `page` actions run so far, carried out at their instants, as the panel does.
        func showPages() {
            while let (target, at) = sink.takePageRequest() {
                let page = navigator.page(for: target)
                guard navigator.show(page) else { continue }
                replayer.showPage(page, at: at, into: &sink)
                sink.writer.page(page, at: at)
            }
        }
        var status: Int32 = 0
        trace.withUnsafeBufferPointer { all in
            var lines = TraceLineSplitter()
            while status == 0, let line = lines.next(in: all) {
                switch TraceLineParser.parse(line) {
                case .error(let lineError):
                    errors.write("\(tracePath):\(lines.lineNumber): \(CoreErrorText.describe(lineError, in: line))\n")
                    status = 1
                case .line(let traceLine):
                    // With pages, what is due before the line fires first and a page it shows
                    // takes the line, as the live loop wakes at each deadline.
                    if !config.pages.isEmpty, let atMs = traceLine.atMs {
                        replayer.advance(to: .milliseconds(atMs), into: &sink)
                        showPages()
                    }
                    defer { showPages() }
                    switch replayer.play(traceLine, lineNumber: lines.lineNumber, into: &sink) {
                    case .played:
                        break
                    case .reportDropped(let reportError):
                        errors.write("\(tracePath):\(lines.lineNumber): report dropped: \(CoreErrorText.describe(reportError))\n")
                    case .refused(let refusal):
                        errors.write("\(tracePath):\(lines.lineNumber): \(CoreErrorText.describe(refusal))\n")
                        status = 1
                    }
                }
            }
        }
        if status == 0, let refusal = replayer.finish(into: &sink) {
            errors.write("\(tracePath):\(refusal.downLine ?? 0): \(CoreErrorText.describe(refusal))\n")
            status = 1
        }
        showPages()
        sink.writer.output.flush()
        errors.flush()
        return status
    }
}

/// What `replay` prints, and the `page` actions it carries out: every event line, each swipe's
/// line, and the page each `page` action (a button's or a swipe's) asks for, with its instant.
struct ReplaySink: GestureEventSink {
    var writer: EventLineWriter
    private let buttons: [ButtonConfig]
    private let pages: [PageConfig]
    private let sliders: [SliderConfig]
    /// Whether any button has a `page` action: without pages an event costs the line alone.
    private let buttonsShowPages: Bool
    private var pageRequests: [(PageTarget, MonotonicInstant)] = []

    init(writer: EventLineWriter, config: PanelConfiguration) {
        self.writer = writer
        buttons = config.buttons
        pages = config.pages
        sliders = config.sliders
        buttonsShowPages = config.buttons.contains { button in
            button.allActions.contains { if case .page = $0 { true } else { false } }
        }
    }

    mutating func receive(_ event: GestureEvent) {
        writer.receive(event)
        guard buttonsShowPages else { return }
        if let target = PageNavigator.target(of: event, on: buttons[event.button]) { pageRequests.append((target, event.at)) }
    }

    mutating func swiped(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        writer.swipe(direction, onPage: page, at: at)
        if pages.indices.contains(page), case .page(let target)? = pages[page].action(for: direction) {
            pageRequests.append((target, at))
        }
    }

    /// A slider's line, with its value's text at a send.
    mutating func slider(_ event: SliderEvent) {
        guard sliders.indices.contains(event.slider) else { return }
        if case .sent(let step) = event.kind {
            writer.slider(event, value: sliders[event.slider].scale.text(ofStep: step))
        } else {
            writer.slider(event, value: nil)
        }
    }

    var observesTransitions: Bool { writer.observesTransitions }

    mutating func transition(_ transition: GestureTransition) {
        writer.transition(transition)
    }

    mutating func takePageRequest() -> (PageTarget, MonotonicInstant)? {
        pageRequests.isEmpty ? nil : pageRequests.removeFirst()
    }
}

import LinuxSystem
import TouchCore

/// Writes classifier events as the JSON lines of DESIGN.md section 5:
/// `{"t_ms":330,"button":"play","event":"tap","taps":1}`.
/// Button names are escaped once, up front, so a line costs no allocation. `t_ms` counts
/// from `origin`: the trace's zero in `replay`, the start in `run`.
public struct EventLineWriter: GestureEventSink {
    private let quotedNames: [[UInt8]]
    public var output: OutputBuffer
    public var origin: MonotonicInstant
    /// One line at a time, reserved once.
    private var line: [UInt8] = []
    /// `--debug-gestures` in replay: every transition is logged too.
    public var debug: GestureDebugLog?

    private let quotedPageNames: [[UInt8]]
    private let quotedSliderNames: [[UInt8]]
    /// Each slider's key before its name: `,"slider":`, or `,"dial":` for a dial.
    private let sliderKeys: [[UInt8]]

    public init(
        buttonNames: [String], pageNames: [String] = [], sliderNames: [String] = [], sliderNouns: [String] = [], output: OutputBuffer,
        origin: MonotonicInstant = MonotonicInstant(nanoseconds: 0)
    ) {
        sliderKeys = sliderNames.indices.map { Array(",\"\(sliderNouns.indices.contains($0) ? sliderNouns[$0] : "slider")\":".utf8) }
        quotedNames = buttonNames.map(JSONText.quotedBytes)
        quotedPageNames = pageNames.map(JSONText.quotedBytes)
        quotedSliderNames = sliderNames.map(JSONText.quotedBytes)
        self.output = output
        self.origin = origin
        line.reserveCapacity(256)
    }

    public mutating func receive(_ event: GestureEvent) {
        line.removeAll(keepingCapacity: true)
        EventLineWriter.encode(event, quotedName: quotedNames[event.button], origin: origin, into: &line)
        line.append(UInt8(ascii: "\n"))
        output.write(bytes: line)
        output.flushIfFull()
    }

    /// `{"t_ms":..,"event":"page","page":"lights"}`: page `page` is shown from `at` on.
    public mutating func page(_ page: Int, at: MonotonicInstant) {
        guard quotedPageNames.indices.contains(page) else { return }
        line.removeAll(keepingCapacity: true)
        EventLineWriter.append("{\"t_ms\":", to: &line)
        EventLineWriter.appendDecimal((at - origin).nanoseconds / 1_000_000, to: &line)
        EventLineWriter.append(",\"event\":\"page\",\"page\":", to: &line)
        line.append(contentsOf: quotedPageNames[page])
        EventLineWriter.append("}\n", to: &line)
        output.write(bytes: line)
        output.flushIfFull()
    }

    /// `{"t_ms":..,"event":"night","on":true}`: the night schedule started (or ended) at `at`.
    public mutating func night(_ on: Bool, at: MonotonicInstant) {
        stateLine(on ? ",\"event\":\"night\",\"on\":true}\n" : ",\"event\":\"night\",\"on\":false}\n", at: at)
    }

    /// `{"t_ms":..,"event":"presence","present":true}`: `[presence]` saw someone arrive (or leave) at `at`.
    public mutating func presence(_ present: Bool, at: MonotonicInstant) {
        stateLine(present ? ",\"event\":\"presence\",\"present\":true}\n" : ",\"event\":\"presence\",\"present\":false}\n", at: at)
    }

    /// `{"t_ms":..,"event":"screensaver","on":true}`: the screensaver started (or ended) at `at`.
    public mutating func screensaver(_ on: Bool, at: MonotonicInstant) {
        stateLine(on ? ",\"event\":\"screensaver\",\"on\":true}\n" : ",\"event\":\"screensaver\",\"on\":false}\n", at: at)
    }

    /// `{"t_ms":..,"event":"antiburn","on":true}`: the screensaver's nightly pass through the
    /// colours started (or ended) at `at`.
    public mutating func antiburn(_ on: Bool, at: MonotonicInstant) {
        stateLine(on ? ",\"event\":\"antiburn\",\"on\":true}\n" : ",\"event\":\"antiburn\",\"on\":false}\n", at: at)
    }

    private mutating func stateLine(_ rest: StaticString, at: MonotonicInstant) {
        line.removeAll(keepingCapacity: true)
        EventLineWriter.append("{\"t_ms\":", to: &line)
        EventLineWriter.appendDecimal((at - origin).nanoseconds / 1_000_000, to: &line)
        EventLineWriter.append(rest, to: &line)
        output.write(bytes: line)
        output.flushIfFull()
    }

    /// `{"t_ms":..,"event":"swipe","direction":"left","page":"home"}`: a swipe's lift on `page`.
    public mutating func swipe(_ direction: SwipeDirection, onPage page: Int, at: MonotonicInstant) {
        guard quotedPageNames.indices.contains(page) else { return }
        line.removeAll(keepingCapacity: true)
        EventLineWriter.append("{\"t_ms\":", to: &line)
        EventLineWriter.appendDecimal((at - origin).nanoseconds / 1_000_000, to: &line)
        EventLineWriter.append(",\"event\":\"swipe\",\"direction\":\"", to: &line)
        EventLineWriter.append(direction.name, to: &line)
        EventLineWriter.append("\",\"page\":", to: &line)
        line.append(contentsOf: quotedPageNames[page])
        EventLineWriter.append("}\n", to: &line)
        output.write(bytes: line)
        output.flushIfFull()
    }

    /// A slider's line (a dial's says `"dial"`): `{"t_ms":..,"slider":"dimmer","event":"pressed"}` (`released`,
    /// `cancelled`), or with `value` (its text, a JSON number) `{"t_ms":..,"slider":"dimmer",
    /// "event":"value","value":65}` at a send. `shown` writes no line.
    public mutating func slider(_ event: SliderEvent, value: String?) {
        guard quotedSliderNames.indices.contains(event.slider) else { return }
        if case .shown = event.kind { return }
        line.removeAll(keepingCapacity: true)
        EventLineWriter.append("{\"t_ms\":", to: &line)
        EventLineWriter.appendDecimal((event.at - origin).nanoseconds / 1_000_000, to: &line)
        line.append(contentsOf: sliderKeys[event.slider])
        line.append(contentsOf: quotedSliderNames[event.slider])
        EventLineWriter.append(",\"event\":\"", to: &line)
        EventLineWriter.append(event.kind.name, to: &line)
        line.append(UInt8(ascii: "\""))
        if let value {
            EventLineWriter.append(",\"value\":", to: &line)
            line.append(contentsOf: value.utf8)
        }
        EventLineWriter.append("}\n", to: &line)
        output.write(bytes: line)
        output.flushIfFull()
    }

    /// One event's line without its newline, appended to `bytes` without allocating once
    /// `bytes` has room (stdout's lines and the MQTT bridge's event payloads).
    public static func encode(_ event: GestureEvent, quotedName: [UInt8], origin: MonotonicInstant, into bytes: inout [UInt8]) {
        append("{\"t_ms\":", to: &bytes)
        appendDecimal((event.at - origin).nanoseconds / 1_000_000, to: &bytes)
        append(",\"button\":", to: &bytes)
        bytes.append(contentsOf: quotedName)
        append(",\"event\":\"", to: &bytes)
        append(event.kind.name, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
        switch event.kind {
        case .tap(let taps), .longPress(let taps):
            append(",\"taps\":", to: &bytes)
            appendDecimal(Int64(taps), to: &bytes)
        case .repeat(let n):
            append(",\"n\":", to: &bytes)
            appendDecimal(Int64(n), to: &bytes)
        case .pressed, .released, .cancelled, .exit, .enter:
            break
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// Shared with `P/health`'s JSON (`PanelHealth`): bytes written without a String.
    static func append(_ text: StaticString, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    static func appendDecimal(_ value: Int64, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt64 = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        }
    }

    public var observesTransitions: Bool { debug != nil }

    public mutating func transition(_ transition: GestureTransition) {
        debug?.log(transition)
    }

    /// Event lines go out as they happen in `run`; `replay` lets the buffer fill.
    public mutating func flush() {
        output.flush()
    }
}

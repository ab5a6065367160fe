import TouchCore

/// Writes classifier events as the JSON lines of DESIGN.md section 5:
/// `{"t_ms":330,"button":"play","event":"tap","taps":1}`.
/// Button names are escaped once, up front, so a line costs no allocation. `t_ms` counts
/// from `origin`: the trace's zero in `replay`, the start in `run`.
public struct EventLineWriter: GestureEventSink {
    private let quotedNames: [[UInt8]]
    public var output: OutputBuffer
    public var origin: MonotonicInstant
    /// `--debug-gestures` in replay: every transition is logged too.
    public var debug: GestureDebugLog?

    public init(buttonNames: [String], output: OutputBuffer, origin: MonotonicInstant = MonotonicInstant(nanoseconds: 0)) {
        quotedNames = buttonNames.map(EventLineWriter.jsonString)
        self.output = output
        self.origin = origin
    }

    public mutating func receive(_ event: GestureEvent) {
        output.write("{\"t_ms\":")
        output.write(decimal: (event.at - origin).nanoseconds / 1_000_000)
        output.write(",\"button\":")
        output.write(bytes: quotedNames[event.button])
        output.write(",\"event\":\"")
        output.write(event.kind.name)
        output.write(byte: UInt8(ascii: "\""))
        switch event.kind {
        case .tap(let taps), .longPress(let taps):
            output.write(",\"taps\":")
            output.write(decimal: Int64(taps))
        case .repeat(let n):
            output.write(",\"n\":")
            output.write(decimal: Int64(n))
        case .pressed, .released, .cancelled, .exit, .enter:
            break
        }
        output.write("}\n")
        output.flushIfFull()
    }

    public var observesTransitions: Bool { debug != nil }

    public mutating func transition(_ transition: GestureTransition) {
        debug?.log(transition)
    }

    /// Event lines go out as they happen in `run`; `replay` lets the buffer fill.
    public mutating func flush() {
        output.flush()
    }

    /// A JSON string literal for `text`, quotes included.
    public static func jsonString(_ text: String) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "\"")]
        let hex: StaticString = "0123456789abcdef"
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                bytes.append(UInt8(ascii: "\\"))
                bytes.append(byte)
            case 0..<0x20:
                bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0")])
                bytes.append(hex.utf8Start[Int(byte >> 4)])
                bytes.append(hex.utf8Start[Int(byte & 0x0F)])
            default:
                bytes.append(byte)
            }
        }
        bytes.append(UInt8(ascii: "\""))
        return bytes
    }
}

import LinuxSystem
import TouchCore

/// A report's way from its edge to its pixels, in four stages, each with its own histogram:
/// a tail in edge-to-event shows here as the stage that grew (the loop woke late, the read
/// was slow, writing the lines was, or painting).
public struct ReportStages {
    public private(set) var edgeToWake = LatencyHistogram()
    public private(set) var wakeToDecoded = LatencyHistogram()
    public private(set) var decodedToEvent = LatencyHistogram()
    public private(set) var eventToPixels = LatencyHistogram()

    public init() {}

    /// One report's stages; `eventToPixels` is nil until (unless) its pixels are painted.
    public struct Sample: Equatable {
        /// Which report of the run it was (1 for the first measured): the first of a kind pays
        /// for cold caches (and under qemu's TCG, for translating the code it runs).
        public var number: Int
        public var edgeToWake: MonotonicDuration
        public var wakeToDecoded: MonotonicDuration
        public var decodedToEvent: MonotonicDuration
        public var eventToPixels: MonotonicDuration?

        public init(
            number: Int, edgeToWake: MonotonicDuration, wakeToDecoded: MonotonicDuration, decodedToEvent: MonotonicDuration,
            eventToPixels: MonotonicDuration?
        ) {
            self.number = number
            self.edgeToWake = edgeToWake
            self.wakeToDecoded = wakeToDecoded
            self.decodedToEvent = decodedToEvent
            self.eventToPixels = eventToPixels
        }

        /// Edge to the last stage measured.
        public var total: MonotonicDuration {
            edgeToWake + wakeToDecoded + decodedToEvent + (eventToPixels ?? .zero)
        }

        /// `number=N edge_to_wake_us=… wake_to_decoded_us=… decoded_to_event_us=… event_to_pixels_us=…`
        /// (`none` when nothing was painted).
        public var description: String {
            let pixels = eventToPixels.map { "\($0.nanoseconds / 1_000)" } ?? "none"
            return "number=\(number) edge_to_wake_us=\(edgeToWake.nanoseconds / 1_000) wake_to_decoded_us=\(wakeToDecoded.nanoseconds / 1_000) "
                + "decoded_to_event_us=\(decodedToEvent.nanoseconds / 1_000) event_to_pixels_us=\(pixels)"
        }
    }

    mutating func record(_ sample: Sample) {
        edgeToWake.record(sample.edgeToWake)
        wakeToDecoded.record(sample.wakeToDecoded)
        decodedToEvent.record(sample.decodedToEvent)
    }

    mutating func recordPixels(_ duration: MonotonicDuration) {
        eventToPixels.record(duration)
    }
}

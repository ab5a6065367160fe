import LinuxSystem
import PanelEngine
import TouchCore

/// A wall clock at `startEpochMs` when the loop's clock reads 0: the charts' tests' time of day.
final class ChartWallClock: WallClock {
    let startEpochMs: Int64

    init(startEpochMs: Int64) {
        self.startEpochMs = startEpochMs
    }

    func epochNanoseconds(at instant: MonotonicInstant) -> Int64 {
        startEpochMs * 1_000_000 + instant.nanoseconds
    }

    func localText(_ format: String, epochSeconds: Int64, locale: TextLocale) -> String { "" }
}

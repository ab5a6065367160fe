import LinuxSystem
import PanelConfig
import TouchCore

/// The charts' histories: one ring per chart (`ChartRing`), all in one block allocated at
/// load from each chart's `points`, so a value never allocates. Each ring is kept in the state
/// directory as `chart-NAME.history`, the ring's own bytes: read back at load, written whole
/// and atomically (`ReplacedFile`) when a bucket closes and at a stop or reload, never per
/// value, so an SD card is written at most once a bucket (every 5 minutes by default), and only
/// when values came. A file that is not this chart's history is set aside as `.bad` with a log
/// line: never a refused start. Without values a chart still moves on: when its newest bucket
/// ends on the wall clock (`nextDeadline`, on the loop's clock), until nothing is left in it.
public final class ChartHistories {
    private let charts: [ChartConfig]
    private let storage: UnsafeMutableRawBufferPointer
    let rings: [ChartRing]
    /// Counts each chart's changes: its look (`ChartLook`) differs when something was recorded.
    private(set) var revisions: [UInt32]
    /// Counts the values each chart took into a bucket before its newest.
    private var olderChanges: [UInt32]
    /// Whether a chart took values since its file was written.
    private var unsaved: [Bool]
    /// The charts whose file is to be written (a bucket that took values closed): written by
    /// `writeDue`, which the engine calls after the touch path's work, never inside it.
    private var writeDue: [Bool]
    private(set) var hasWritesDue = false
    /// When each chart's newest bucket ends, on the loop's clock; nil: nothing to move on.
    private var moveOnAt: [MonotonicInstant?]
    /// Where the files are (the state directory); nil: nothing outlives the process.
    let directory: String?
    private let log: PanelLog?
    /// Files written, for tests.
    private(set) var writes = 0

    /// The rings of `charts`, each read back from `directory` when its file is this chart's
    /// history, moved on to `nowEpochMs` (a gap longer than the window leaves it empty).
    public init(_ charts: [ChartConfig], directory: String?, nowEpochMs: Int64?, log: PanelLog?) {
        self.charts = charts
        self.directory = directory
        self.log = log
        let total = charts.reduce(0) { $0 + $1.ringBytes }
        storage = .allocate(byteCount: max(1, total), alignment: 8)
        var rings: [ChartRing] = []
        var offset = 0
        for chart in charts {
            let slice = UnsafeMutableRawBufferPointer(rebasing: storage[offset..<(offset + chart.ringBytes)])
            rings.append(ChartRing(storage: slice, points: chart.points, bucketMs: chart.bucketMs)!)
            offset += chart.ringBytes
        }
        self.rings = rings
        revisions = Array(repeating: 0, count: charts.count)
        olderChanges = Array(repeating: 0, count: charts.count)
        unsaved = Array(repeating: false, count: charts.count)
        writeDue = Array(repeating: false, count: charts.count)
        moveOnAt = Array(repeating: nil, count: charts.count)
        for index in charts.indices {
            rings[index].reset()
            readBack(index)
            if let nowEpochMs { rings[index].advance(toEpochMs: nowEpochMs) }
        }
    }

    deinit {
        storage.deallocate()
    }

    /// The bytes every ring takes together.
    var byteCount: Int { storage.count }

    /// Chart `index` as the surface draws it.
    public func look(_ index: Int) -> ChartLook {
        ChartLook(ring: rings[index], revision: revisions[index], olderChanges: olderChanges[index])
    }

    /// `chart-NAME.history` in the state directory.
    func path(of index: Int) -> String? {
        guard let directory else { return nil }
        return (directory.hasSuffix("/") ? directory : directory + "/") + "chart-\(charts[index].name).history"
    }

    /// A value for chart `index` at `now` (the loop's clock), `epochMs` on the wall clock:
    /// recorded; its file is due when the value closed a bucket that took values.
    @discardableResult
    func record(_ index: Int, milli: Int32, now: MonotonicInstant, epochMs: Int64) -> ChartRecordOutcome {
        let outcome = rings[index].record(milli, atEpochMs: epochMs)
        guard outcome != .tooOld else { return outcome }
        revisions[index] &+= 1
        if outcome == .addedToOlder { olderChanges[index] &+= 1 }
        if outcome == .opened && unsaved[index] { markWriteDue(index) }
        unsaved[index] = true
        schedule(index, now: now, epochMs: epochMs)
        return outcome
    }

    /// The bucket numbers of chart `index` that hold values: those a backfill leaves alone.
    func filledBuckets(_ index: Int) -> Set<Int64> {
        let ring = rings[index]
        guard let newest = ring.newestBucket else { return [] }
        var filled = Set<Int64>()
        for age in 0..<ring.points where ring.bucket(age: age) != nil { filled.insert(newest - Int64(age)) }
        return filled
    }

    /// A value of Home Assistant's recorded history into chart `index` (the rule of what it
    /// may fill is `ChartBackfill`'s); its deadline and its file wait for `backfilled`. False
    /// when it is older than the ring.
    func recordBackfill(_ index: Int, milli: Int32, epochMs: Int64) -> Bool {
        let outcome = rings[index].record(milli, atEpochMs: epochMs)
        if outcome == .addedToOlder { olderChanges[index] &+= 1 }
        return outcome != .tooOld
    }

    /// Chart `index`'s backfill is over and took values: drawn again, its file due once (not
    /// at every bucket the backfill opened), its end of bucket from `now` at `epochMs`.
    func backfilled(_ index: Int, now: MonotonicInstant, epochMs: Int64) {
        revisions[index] &+= 1
        unsaved[index] = true
        markWriteDue(index)
        rings[index].advance(toEpochMs: epochMs)
        schedule(index, now: now, epochMs: epochMs)
    }

    /// The earliest instant a chart's newest bucket ends: kept, not worked out, since the
    /// touch path's every turn asks for it.
    private(set) var nextDeadline: MonotonicInstant?

    /// Each chart's end of bucket from now on (at the start).
    func scheduleAll(now: MonotonicInstant, epochMs: Int64) {
        for index in charts.indices { schedule(index, now: now, epochMs: epochMs) }
    }

    /// The charts whose newest bucket ended by `now` moved on to `epochMs` (their file due
    /// when the bucket that closed took values): the charts to draw again.
    func moveOn(now: MonotonicInstant, epochMs: Int64) -> [Int] {
        var moved: [Int] = []
        for index in charts.indices {
            guard let at = moveOnAt[index], at <= now else { continue }
            if rings[index].advance(toEpochMs: epochMs) {
                revisions[index] &+= 1
                if unsaved[index] { markWriteDue(index) }
                moved.append(index)
            }
            schedule(index, now: now, epochMs: epochMs)
        }
        return moved
    }

    /// When chart `index`'s newest bucket ends, from `now` at `epochMs`; none for a ring with
    /// nothing in it (an empty chart does not move).
    private func schedule(_ index: Int, now: MonotonicInstant, epochMs: Int64) {
        let ring = rings[index]
        guard let newest = ring.newestBucket, ring.lastMilli != nil || ring.filledCount > 0 else {
            moveOnAt[index] = nil
            nextDeadline = moveOnAt.reduce(nil) { MonotonicInstant.earliest($0, $1) }
            return
        }
        let endMs = (newest + 1) * ring.bucketMs
        moveOnAt[index] = now + .milliseconds(max(0, endMs - epochMs))
        nextDeadline = moveOnAt.reduce(nil) { MonotonicInstant.earliest($0, $1) }
    }

    private func markWriteDue(_ index: Int) {
        writeDue[index] = true
        hasWritesDue = true
    }

    /// The files due, written.
    func writeFilesDue() {
        guard hasWritesDue else { return }
        hasWritesDue = false
        for index in charts.indices where writeDue[index] { write(index) }
    }

    /// The rings that took values since their file was written, written (a stop, a reload).
    func writeAll() {
        for index in charts.indices where unsaved[index] { write(index) }
        hasWritesDue = false
    }

    /// Chart `index`'s ring into its file; a failure is logged and the history stays in memory.
    func write(_ index: Int) {
        writeDue[index] = false
        guard let path = path(of: index) else { return }
        let bytes = Array(UnsafeRawBufferPointer(rings[index].storage))
        if let problem = ReplacedFile.write(bytes, to: path) {
            log?.error("chart \(charts[index].name): \(problem); the history is kept in memory")
            return
        }
        unsaved[index] = false
        writes += 1
    }

    private func readBack(_ index: Int) {
        guard let path = path(of: index) else { return }
        let ring = rings[index]
        let bytes: [UInt8]
        do throws(FileContents.Failure) {
            // Room for the largest history, so that one of other points is named as such.
            bytes = try FileContents.bytes(
                ofFile: path, maxBytes: ChartRing.byteCount(points: ChartConfig.pointsRange.upperBound), what: "a chart history")
        } catch {
            if !error.missing { setAside(index, path: path, why: error.message) }
            return
        }
        let problem = bytes.withUnsafeBytes { ChartFileProblem.check($0, points: ring.points, bucketMs: ring.bucketMs) }
        if let problem {
            setAside(index, path: path, why: problem.reason)
            return
        }
        bytes.withUnsafeBytes { ring.storage.copyMemory(from: $0) }
    }

    private func setAside(_ index: Int, path: String, why: String) {
        let name = charts[index].name
        if let error = ReplacedFile.rename(path, to: path + ".bad") {
            log?.warning("chart \(name): \(path): \(why); starting empty (cannot set it aside as \(path).bad: \(error.message))")
        } else {
            log?.warning("chart \(name): \(path): \(why); set aside as \(path).bad, starting empty")
        }
    }
}

extension ChartFileProblem {
    /// Why, for the log line (TouchCore holds no strings).
    var reason: String {
        switch self {
        case .wrongSize(let bytes, let expected): "\(bytes) bytes, expected \(expected)"
        case .wrongMagic: "not a chart history (no TPCH magic)"
        case .wrongVersion(let version): "version \(version), expected \(ChartRing.version)"
        case .otherPoints(let points): "a history of \(points) points"
        case .otherBucketMs(let bucketMs): "a history of \(bucketMs) ms buckets"
        }
    }
}

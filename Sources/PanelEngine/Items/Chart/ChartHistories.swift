import LinuxSystem
import PanelConfig
import TouchCore

/// The charts' histories: one ring per chart (`ChartRing`), all in one block allocated at
/// load from each chart's `points`, so a value never allocates. Each ring is kept in the state
/// directory as `chart-NAME.history`, the ring's own bytes: read back at load, written whole
/// and atomically (`ReplacedFile`) when a bucket closes and at a stop or reload, never per
/// value, so an SD card is written once a bucket (every 5 minutes by default). A file that is
/// not this chart's history is set aside as `.bad` with a log line: never a refused start.
public final class ChartHistories {
    private let charts: [ChartConfig]
    private let storage: UnsafeMutableRawBufferPointer
    let rings: [ChartRing]
    /// Counts each chart's changes: its look (`ChartLook`) differs when something was recorded.
    private(set) var revisions: [UInt32]
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
        ChartLook(ring: rings[index], revision: revisions[index])
    }

    /// `chart-NAME.history` in the state directory.
    func path(of index: Int) -> String? {
        guard let directory else { return nil }
        return (directory.hasSuffix("/") ? directory : directory + "/") + "chart-\(charts[index].name).history"
    }

    /// A value for chart `index` at `epochMs` (wall clock): recorded, and the file written
    /// when it closed a bucket.
    @discardableResult
    func record(_ index: Int, milli: Int32, atEpochMs epochMs: Int64) -> ChartRecordOutcome {
        let outcome = rings[index].record(milli, atEpochMs: epochMs)
        guard outcome != .tooOld else { return outcome }
        revisions[index] &+= 1
        if outcome == .opened { write(index) }
        return outcome
    }

    /// Every ring written (a stop, a reload).
    func writeAll() {
        for index in charts.indices where rings[index].newestBucket != nil { write(index) }
    }

    /// Chart `index`'s ring into its file; a failure is logged and the history stays in memory.
    func write(_ index: Int) {
        guard let path = path(of: index) else { return }
        let bytes = Array(UnsafeRawBufferPointer(rings[index].storage))
        if let problem = ReplacedFile.write(bytes, to: path) {
            log?.error("chart \(charts[index].name): \(problem); the history is kept in memory")
            return
        }
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

/// A chart's history: `points` buckets of `bucketMs` each, one ring in a buffer the caller
/// owns (sized once, at load: `byteCount(points:)`), so a new value never allocates. The
/// buffer is also the history file, byte for byte (`ChartFile`): a header, then the buckets.
/// Values are whole thousandths (`valueMilli`, 21.5 is 21500), held to Int32: the file and the
/// drawing need no floating point. Times are wall-clock milliseconds since the epoch, so a
/// reboot keeps the buckets aligned; the caller gives them (TouchCore reads no clock).
///
/// A bucket keeps its lowest and highest value, and the sum and count of its values: the
/// mean is the sum divided by the count, rounded half away from zero.
public struct ChartRing: @unchecked Sendable {
    /// The header: magic "TPCH", version, points, bucket length, newest bucket number, last
    /// value and whether there is one. Little-endian throughout.
    public static let headerBytes = 32
    /// A bucket: min Int32, max Int32, count UInt32, sum Int64.
    public static let bucketBytes = 20
    public static let magic: UInt32 = 0x4843_5054  // "TPCH" read little-endian
    public static let version: UInt32 = 1
    /// No bucket yet (the newest bucket number of an empty ring).
    static let noBucket = Int64.min

    /// The bytes a ring of `points` buckets takes (its file's size too).
    public static func byteCount(points: Int) -> Int {
        headerBytes + points * bucketBytes
    }

    public let storage: UnsafeMutableRawBufferPointer
    /// `storage`'s first byte: stores go through the pointer, not the buffer (the buffer's
    /// `storeBytes` allocates in the armv7 Embedded build, for its bounds check's message).
    private var base: UnsafeMutableRawPointer { storage.baseAddress.unsafelyUnwrapped }
    public let points: Int
    public let bucketMs: Int64

    /// A view of `storage` as a ring of `points` buckets of `bucketMs`; nil when the buffer is
    /// too small or the numbers are not positive. The buffer's contents are taken as they are:
    /// `reset()` makes an empty ring.
    public init?(storage: UnsafeMutableRawBufferPointer, points: Int, bucketMs: Int64) {
        guard points > 0, bucketMs > 0, storage.count >= ChartRing.byteCount(points: points), storage.baseAddress != nil else { return nil }
        self.storage = storage
        self.points = points
        self.bucketMs = bucketMs
    }

    /// An empty ring: the header written, every bucket empty.
    public func reset() {
        for offset in 0..<ChartRing.byteCount(points: points) { storage[offset] = 0 }
        store(ChartRing.magic, at: 0)
        store(ChartRing.version, at: 4)
        store(UInt32(truncatingIfNeeded: points), at: 8)
        store(UInt32(truncatingIfNeeded: bucketMs), at: 12)
        storeNewest(ChartRing.noBucket)
    }

    // MARK: - Reading

    /// The number of the newest bucket (epoch ms / bucketMs); nil while the ring is empty.
    public var newestBucket: Int64? {
        let value = loadInt64(at: 16)
        return value == ChartRing.noBucket ? nil : value
    }

    /// The newest value recorded, in thousandths; nil before the first.
    public var lastMilli: Int32? {
        guard UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: 28, as: UInt32.self)) & 1 != 0 else { return nil }
        return Int32(littleEndian: storage.loadUnaligned(fromByteOffset: 24, as: Int32.self))
    }

    /// The bucket `age` buckets before the newest (0: the newest); nil when it is empty or
    /// outside the ring.
    public func bucket(age: Int) -> ChartBucket? {
        slot(ofAge: age).flatMap { bucket(inSlot: $0) }
    }

    /// The slot (0 ..< points) of the bucket `age` buckets before the newest; nil when there is
    /// no newest bucket or `age` is outside the ring. The next younger bucket is in the next
    /// slot, the first after the last: a paint walking the buckets steps the slot, with no
    /// division per bucket.
    public func slot(ofAge age: Int) -> Int? {
        guard let newest = newestBucket, age >= 0, age < points else { return nil }
        return (slotOffset(newest - widen(age)) - ChartRing.headerBytes) / ChartRing.bucketBytes
    }

    /// The bucket in `slot` (0 ..< points, from `slot(ofAge:)`); nil when it is empty.
    @inline(__always)
    public func bucket(inSlot slot: Int) -> ChartBucket? {
        let offset = ChartRing.headerBytes &+ slot &* ChartRing.bucketBytes
        let count = UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt32.self))
        guard count > 0 else { return nil }
        return ChartBucket(
            minMilli: Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset, as: Int32.self)),
            maxMilli: Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset &+ 4, as: Int32.self)),
            count: count, sumMilli: loadInt64(at: offset &+ 12))
    }

    /// The lowest min and the highest max of the buckets that hold values; nil when none does.
    /// Every slot is in the window (`advance` empties those it skips), so the slots are read in
    /// memory order, without a bucket's place worked out for each.
    public var extremes: (low: Int32, high: Int32)? {
        guard newestBucket != nil else { return nil }
        var low = Int32.max, high = Int32.min, any = false
        var offset = ChartRing.headerBytes
        for _ in 0..<points {
            if storage.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self) != 0 {
                low = min(low, Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
                high = max(high, Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self)))
                any = true
            }
            offset += ChartRing.bucketBytes
        }
        return any ? (low, high) : nil
    }

    /// How many buckets hold at least one value.
    public var filledCount: Int {
        guard newestBucket != nil else { return 0 }
        var filled = 0
        for slot in 0..<points where storage.loadUnaligned(fromByteOffset: ChartRing.headerBytes + slot * ChartRing.bucketBytes + 8, as: UInt32.self) != 0 {
            filled += 1
        }
        return filled
    }

    /// The bucket number of wall-clock `epochMs` (rounded down, also before 1970).
    public func bucketNumber(atEpochMs epochMs: Int64) -> Int64 {
        epochMs >= 0 ? epochMs / bucketMs : -((-epochMs + bucketMs - 1) / bucketMs)
    }

    // MARK: - Writing

    /// Adds `valueMilli` measured at `epochMs`: into its bucket when that is the newest or an
    /// older one still in the ring, else a new newest bucket (the buckets skipped left empty;
    /// after a gap of the whole window or more, the ring starts empty). A value older than the
    /// ring's oldest bucket is dropped.
    @discardableResult
    public func record(_ valueMilli: Int32, atEpochMs epochMs: Int64) -> ChartRecordOutcome {
        let number = bucketNumber(atEpochMs: epochMs)
        var outcome = ChartRecordOutcome.added
        if let newest = newestBucket, number <= newest {
            guard newest - number < widen(points) else { return .tooOld }
            if number < newest { outcome = .addedToOlder }
        } else {
            outcome = newestBucket == nil ? .added : .opened
            advance(toBucket: number)
        }
        add(valueMilli, toBucket: number)
        if number == newestBucket {
            base.storeBytes(of: valueMilli.littleEndian, toByteOffset: 24, as: Int32.self)
            store(1, at: 28)
        }
        return outcome
    }

    /// Moves the ring on to `epochMs` without a value: the buckets after the newest up to
    /// that time's are emptied (all of them after a gap of the window or more). True when the
    /// newest bucket changed. An empty ring stays empty.
    @discardableResult
    public func advance(toEpochMs epochMs: Int64) -> Bool {
        guard let newest = newestBucket else { return false }
        let number = bucketNumber(atEpochMs: epochMs)
        guard number > newest else { return false }
        advance(toBucket: number)
        return true
    }

    private func advance(toBucket number: Int64) {
        if let newest = newestBucket, number - newest < widen(points) {
            var cleared = newest + 1
            while cleared <= number {
                clearSlot(cleared)
                cleared += 1
            }
        } else {
            // A gap of the whole window or more: nothing in the ring is shown, not even the last value.
            for slot in 0..<points { clear(offset: ChartRing.headerBytes + slot * ChartRing.bucketBytes) }
            store(0, at: 24)
            store(0, at: 28)
        }
        storeNewest(number)
    }

    private func add(_ value: Int32, toBucket number: Int64) {
        let offset = slotOffset(number)
        let count = UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: offset + 8, as: UInt32.self))
        var low = value, high = value, sum = widen(value)
        if count > 0 {
            low = min(low, Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset, as: Int32.self)))
            high = max(high, Int32(littleEndian: storage.loadUnaligned(fromByteOffset: offset + 4, as: Int32.self)))
            sum = loadInt64(at: offset + 12) &+ sum
        }
        base.storeBytes(of: low.littleEndian, toByteOffset: offset, as: Int32.self)
        base.storeBytes(of: high.littleEndian, toByteOffset: offset + 4, as: Int32.self)
        base.storeBytes(of: (count == .max ? count : count + 1).littleEndian, toByteOffset: offset + 8, as: UInt32.self)
        storeInt64(sum, at: offset + 12)
    }

    private func slotOffset(_ number: Int64) -> Int {
        // 0 ..< points: fits any Int (truncatingIfNeeded: the checked conversion from Int64
        // to a 32-bit Int goes through the generic path, which allocates on armv7).
        let slot = Int(truncatingIfNeeded: ((number % widen(points)) + widen(points)) % widen(points))
        return ChartRing.headerBytes + slot * ChartRing.bucketBytes
    }

    private func clearSlot(_ number: Int64) {
        clear(offset: slotOffset(number))
    }

    private func clear(offset: Int) {
        for byte in offset..<(offset + ChartRing.bucketBytes) { storage[byte] = 0 }
    }

    private func store(_ value: UInt32, at offset: Int) {
        base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// An Int64 as two 32-bit halves, low first: a whole unaligned Int64 load or store
    /// allocates in the armv7 Embedded build (its generic path).
    private func loadInt64(at offset: Int) -> Int64 {
        let low = UInt64(bitPattern: widen(UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: offset, as: UInt32.self))))
        let high = UInt64(bitPattern: widen(UInt32(littleEndian: storage.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self))))
        return Int64(bitPattern: high &<< 32 | low)
    }

    private func storeInt64(_ value: Int64, at offset: Int) {
        let bits = UInt64(bitPattern: value)
        store(UInt32(truncatingIfNeeded: bits), at: offset)
        store(UInt32(truncatingIfNeeded: bits &>> 32), at: offset + 4)
    }

    private func storeNewest(_ number: Int64) {
        storeInt64(number, at: 16)
    }
}

/// One bucket's values, in thousandths.
public struct ChartBucket: Equatable, Sendable {
    public var minMilli: Int32
    public var maxMilli: Int32
    public var count: UInt32
    public var sumMilli: Int64

    public init(minMilli: Int32, maxMilli: Int32, count: UInt32, sumMilli: Int64) {
        self.minMilli = minMilli
        self.maxMilli = maxMilli
        self.count = count
        self.sumMilli = sumMilli
    }

    /// The mean, rounded half away from zero.
    public var meanMilli: Int32 {
        guard count > 0 else { return 0 }
        let divisor = widen(count)
        let mean = sumMilli >= 0 ? (sumMilli + divisor / 2) / divisor : -((-sumMilli + divisor / 2) / divisor)
        // Clamped by hand, and every Int64 here from `widen`: the standard library's generic
        // conversions allocate in the armv7 Embedded build (Time/Widening.swift).
        return mean > widen(Int32.max) ? Int32.max : mean < widen(Int32.min) ? Int32.min : Int32(truncatingIfNeeded: mean)
    }
}

/// What `ChartRing.record` did with a value.
public enum ChartRecordOutcome: Equatable, Sendable {
    /// Into a bucket that was there (or the first of an empty ring).
    case added
    /// Into a new newest bucket: the one before it is closed (the time to write the file).
    case opened
    /// Into a bucket before the newest (a value that came late): a paint shows it only whole.
    case addedToOlder
    /// Older than the ring's oldest bucket: dropped.
    case tooOld
}

import LinuxSystem
import PanelEngine

/// The machine as Linux shows it, for `P/health`: the process's anonymous memory from
/// /proc/self/smaps_rollup (exact; /proc/self/status's `RssAnon` is a per-CPU counter that
/// can be off by hundreds of kB, so it is only the fall-back), and the CPU's temperature from
/// thermal zone 0, which a Raspberry Pi's SoC sensor is. Read once a minute, off the touch path.
public final class ProcMachineReadings: MachineReadings {
    let smapsRollupPath: String
    let statusPath: String
    let thermalPath: String

    public init(
        smapsRollupPath: String = "/proc/self/smaps_rollup", statusPath: String = "/proc/self/status",
        thermalPath: String = "/sys/class/thermal/thermal_zone0/temp"
    ) {
        self.smapsRollupPath = smapsRollupPath
        self.statusPath = statusPath
        self.thermalPath = thermalPath
    }

    public func anonymousKB() -> Int? {
        if let bytes = ProcMachineReadings.read(smapsRollupPath), let kB = ProcMachineReadings.field("Anonymous:", in: bytes) { return kB }
        guard let bytes = ProcMachineReadings.read(statusPath) else { return nil }
        return ProcMachineReadings.field("RssAnon:", in: bytes)
    }

    public func cpuMillidegrees() -> Int? {
        guard let bytes = ProcMachineReadings.read(thermalPath) else { return nil }
        return ProcMachineReadings.integer(bytes[...])
    }

    private static func read(_ path: String) -> [UInt8]? {
        try? FileContents.bytes(ofFile: path, maxBytes: 64 * 1_024, what: path)
    }

    /// The number after `name` at the start of a line (`Anonymous:   1234 kB`); nil when no
    /// line has it.
    static func field(_ name: String, in bytes: [UInt8]) -> Int? {
        let key = Array(name.utf8)
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end - start > key.count, Array(bytes[start..<start + key.count]) == key {
                var first = start + key.count
                while first < end, bytes[first] == UInt8(ascii: " ") || bytes[first] == UInt8(ascii: "\t") { first += 1 }
                var last = first
                while last < end, bytes[last] >= UInt8(ascii: "0"), bytes[last] <= UInt8(ascii: "9") { last += 1 }
                return integer(bytes[first..<last])
            }
            start = end + 1
        }
        return nil
    }

    /// A whole number, maybe negative, with a line end after it (`47200\n`, `-5000`); nil for
    /// anything else.
    static func integer(_ bytes: ArraySlice<UInt8>) -> Int? {
        var digits = bytes
        while let last = digits.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { digits = digits.dropLast() }
        var negative = false
        if digits.first == UInt8(ascii: "-") {
            negative = true
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 12 else { return nil }
        var value = 0
        for byte in digits {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return negative ? -value : value
    }
}

import LinuxSystem
import TouchCore

/// What `P/health` says about a panel of a fleet (issue 48), retained, so a dashboard of many
/// panels sees each one's state without asking it:
///
/// `{"version":"1.2.3","config_hash":"","uptime_s":3600,"touches":120,"touch_p99_ms":1.25,
/// "dropped":0,"anon_kb":2048,"cpu_temp_c":47.2,"last_error":null}`
///
/// Figures the panel cannot read (no thermal zone, no /proc) are `null`, not 0: a temperature
/// of 0 would be a reading.
public struct PanelHealth: Equatable, Sendable {
    public var version: String
    /// The config's hash as `P/config` says it ("" until one is known).
    public var configHash: String
    public var uptimeSeconds: Int64
    /// Touch reports that gave events (the edge-to-event histogram's count).
    public var touches: Int64
    /// The touch path's 99th percentile, edge to event line.
    public var touchP99Microseconds: Int64
    /// Events dropped on the way to the broker since the link began.
    public var dropped: Int
    public var anonymousKB: Int?
    public var cpuMillidegrees: Int?
    /// The last line logged as an error; nil when there was none.
    public var lastError: String?

    public init(
        version: String, configHash: String, uptimeSeconds: Int64, touches: Int64, touchP99Microseconds: Int64, dropped: Int,
        anonymousKB: Int?, cpuMillidegrees: Int?, lastError: String?
    ) {
        self.version = version
        self.configHash = configHash
        self.uptimeSeconds = uptimeSeconds
        self.touches = touches
        self.touchP99Microseconds = touchP99Microseconds
        self.dropped = dropped
        self.anonymousKB = anonymousKB
        self.cpuMillidegrees = cpuMillidegrees
        self.lastError = lastError
    }

    /// The JSON object, keys in a fixed order; milliseconds with two decimals, degrees with
    /// one (integer arithmetic: the firmware prints no floating point). Written as bytes, as
    /// event lines are: string interpolation would cost the firmware kilobytes here.
    public var payload: [UInt8] {
        var json: [UInt8] = []
        json.reserveCapacity(256)
        EventLineWriter.append("{\"version\":", to: &json)
        json += JSONText.quotedBytes(version)
        EventLineWriter.append(",\"config_hash\":", to: &json)
        json += JSONText.quotedBytes(configHash)
        EventLineWriter.append(",\"uptime_s\":", to: &json)
        EventLineWriter.appendDecimal(uptimeSeconds, to: &json)
        EventLineWriter.append(",\"touches\":", to: &json)
        EventLineWriter.appendDecimal(touches, to: &json)
        EventLineWriter.append(",\"touch_p99_ms\":", to: &json)
        PanelHealth.appendDecimal(touchP99Microseconds, scale: 1_000, places: 2, to: &json)
        EventLineWriter.append(",\"dropped\":", to: &json)
        EventLineWriter.appendDecimal(Int64(dropped), to: &json)
        EventLineWriter.append(",\"anon_kb\":", to: &json)
        if let anonymousKB { EventLineWriter.appendDecimal(Int64(anonymousKB), to: &json) } else { EventLineWriter.append("null", to: &json) }
        EventLineWriter.append(",\"cpu_temp_c\":", to: &json)
        if let cpuMillidegrees {
            PanelHealth.appendDecimal(Int64(cpuMillidegrees), scale: 1_000, places: 1, to: &json)
        } else {
            EventLineWriter.append("null", to: &json)
        }
        EventLineWriter.append(",\"last_error\":", to: &json)
        if let lastError { json += JSONText.quotedBytes(lastError) } else { EventLineWriter.append("null", to: &json) }
        json.append(UInt8(ascii: "}"))
        return json
    }

    /// `value / scale` rounded half away from zero to `places` decimals: 1250 / 1000 -> `1.25`,
    /// 47250 / 1000 at 1 place -> `47.3`, -5400 -> `-5.4`.
    static func decimal(_ value: Int64, scale: Int64, places: Int) -> String {
        var bytes: [UInt8] = []
        appendDecimal(value, scale: scale, places: places, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func appendDecimal(_ value: Int64, scale: Int64, places: Int, to bytes: inout [UInt8]) {
        var unit: Int64 = 1
        for _ in 0..<places { unit *= 10 }
        let step = scale / unit
        let rounded = (Int64(value.magnitude) + step / 2) / step
        if value < 0 && rounded > 0 { bytes.append(UInt8(ascii: "-")) }
        EventLineWriter.appendDecimal(rounded / unit, to: &bytes)
        bytes.append(UInt8(ascii: "."))
        var fraction = rounded % unit
        var divisor = unit / 10
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }
}

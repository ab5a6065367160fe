import LinuxSystem
import PanelDrivers
import PanelEngine
import TouchCore

/// The namespace of the device tests: `swift test --filter Devices` runs them all.
enum Devices {
    /// A frame of `count` points with distinct IDs and coordinates, as the controller would
    /// report them.
    static func frame(points count: Int) -> TouchFrame {
        var frame = TouchFrame()
        for index in 0..<count {
            frame.append(TouchPoint(
                id: UInt8(index), position: Point(x: Int32(10 + 70 * index), y: Int32(20 + 40 * index)),
                event: .contact, weight: UInt8(index), area: 0x20))
        }
        return frame
    }

    /// The register bytes of such a frame (header and points).
    static func reportBytes(points count: Int) -> [UInt8] {
        let report = FT5x06Codec.encode(frame(points: count))
        return (0..<report.count).map { report[$0] }
    }

    static func bytes(of report: FT5x06Report) -> [UInt8] {
        (0..<report.count).map { report[$0] }
    }
}

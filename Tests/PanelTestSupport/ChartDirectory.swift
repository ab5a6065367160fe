import Foundation

/// A state directory of the test's own for chart histories, removed at the end.
func withChartDirectory<R>(_ body: (String) throws -> R) throws -> R {
    let directory = NSTemporaryDirectory() + "touchpanel-chart-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    return try body(directory)
}

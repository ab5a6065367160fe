import Foundation

/// A directory of its own for sockets and files (`touchpanel-NAME-…` in the temporary
/// directory), removed after `body`.
func inTemporaryDirectory(named name: String, _ body: (String) throws -> Void) throws {
    let directory = NSTemporaryDirectory() + "touchpanel-\(name)-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    try body(directory)
}

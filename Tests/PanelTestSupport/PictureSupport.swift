import Foundation
import LinuxSystem
import PanelDrivers
import TouchCore

/// The `touchpanel` built beside this test bundle: the child `PictureWorker` starts.
func builtTouchpanel() throws -> String {
    let bundle = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
    let path = URL(fileURLWithPath: bundle).deletingLastPathComponent().appendingPathComponent("touchpanel").path
    guard FileManager.default.isExecutableFile(atPath: path) else {
        throw PictureTestError("\(path) is not built: swift build --build-tests builds it")
    }
    return path
}

struct PictureTestError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Turns `worker` as the loop would (waiting on its pipes) until it has nothing left; what
/// finished, in order. Gives up after 120 s (a debug build's child on a busy machine is slow).
func finish(_ worker: PictureWorker) -> [PictureWorker.Finished] {
    var finished: [PictureWorker.Finished] = []
    let end = MonotonicClock.now() + .milliseconds(120_000)
    while worker.isBusy, MonotonicClock.now() < end {
        _ = Poller.wait(worker.pollInterests, timeoutNs: 100_000_000)
        finished += worker.turn(now: MonotonicClock.now())
    }
    return finished
}


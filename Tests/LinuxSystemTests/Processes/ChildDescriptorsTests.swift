import CLinux
import Foundation
import LinuxSystem
import Testing

extension Devices {
    /// What an exec child holds open. (The other child-process tests are in
    /// PanelEngineTests/Actions/ChildProcessesTests.swift, next to the exec supervisor.)
    @Suite("Child descriptors")
    struct ChildDescriptorsTests {
        /// Waits (in the test only) until `pid` has exited. It reaps only that child, so it
        /// takes nothing from the suites that call `reap()`; if one of them reaped it first,
        /// waitpid fails with ECHILD, which also means it has exited.
        func waitUntilExited(_ pid: Int32) {
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && clinux_errno() == EINTR {}
        }

        @Test func aChildStartsWithStdinStdoutAndStderrOnly() throws {
            try #require([0, 1, 2].map { fcntl($0, F_GETFD) >= 0 } == [true, true, true])
            // Descriptors a careless library would leave to children: neither is close-on-exec.
            var leakyPipe: [Int32] = [0, 0]
            try #require(pipe(&leakyPipe) == 0)
            let leakyCopy = dup(0)
            defer {
                close(leakyPipe[0])
                close(leakyPipe[1])
                close(leakyCopy)
            }
            #expect([leakyPipe[0], leakyPipe[1], leakyCopy].map { fcntl($0, F_GETFD) } == [0, 0, 0])
            let output = try #require(tmpfile())  // not close-on-exec either
            defer { fclose(output) }

            let children = ChildProcesses(outputDescriptor: fileno(output))
            // The shell expands the glob itself, so the list is the shell's own descriptors: 0,
            // 1 and 2, and 3, the directory it has open while reading it (the lowest free
            // number). Any inherited descriptor would be listed as well.
            let pid = try children.spawnShell(command: "cd /proc/self/fd && echo *")
            waitUntilExited(pid)
            rewind(output)
            var bytes = [UInt8](repeating: 0, count: 256)
            let count = fread(&bytes, 1, bytes.count, output)
            #expect(String(decoding: bytes[0..<count], as: UTF8.self) == "0 1 2 3\n")
        }
    }
}

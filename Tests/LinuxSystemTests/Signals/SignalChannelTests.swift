import CLinux
import LinuxSystem
import Testing

extension Devices {
    /// Signal masks are per thread: each test blocks, raises and reads on its own thread
    /// without suspending, so the raised signal is pending exactly there. (A SIGCHLD from a
    /// child another suite reaps may show up as well, so the tests look for SIGUSR1 only.)
    @Suite("Signal channel", .serialized)
    struct SignalChannelTests {
        func isBlocked(_ signal: Int32) -> Bool {
            var current = sigset_t()
            sigprocmask(SIG_BLOCK, nil, &current)
            return sigismember(&current, signal) == 1
        }

        @Test func aRaisedSignalArrivesThroughTheDescriptor() throws {
            let channel = try SignalChannel()
            defer { channel.close() }
            #expect(channel.pollDescriptor.rawValue >= 0)
            #expect(!channel.readSignals().contains(.user1))
            raise(SIGUSR1)
            let received = channel.readSignals()
            #expect(received.contains(.user1))
            #expect(!received.contains(.terminate))
            #expect(!channel.readSignals().contains(.user1))
        }

        @Test func theDescriptorPollsReadable() throws {
            let channel = try SignalChannel()
            defer { channel.close() }
            raise(SIGUSR1)
            var entry = pollfd(fd: channel.pollDescriptor.rawValue, events: Int16(POLLIN), revents: 0)
            #expect(poll(&entry, 1, 0) == 1)
            #expect(channel.readSignals().contains(.user1))
        }

        @Test func closeRestoresTheMask() throws {
            let wasBlocked = isBlocked(SIGUSR1)
            let channel = try SignalChannel()
            for signal in Signal.all { #expect(isBlocked(signal.number)) }
            channel.close()
            #expect(isBlocked(SIGUSR1) == wasBlocked)
            channel.close()  // twice is harmless
            #expect(channel.readSignals().isEmpty)
        }

        @Test func signalSetHoldsEachSignalOnce() {
            var set = SignalSet()
            set.insert(.child)
            set.insert(.child)
            #expect(set == SignalSet([.child]))
            #expect(set.contains(.child))
            #expect(!set.contains(.hangup))
            for signal in Signal.all {
                #expect(Signal(number: signal.number) == signal)
            }
            #expect(Signal(number: SIGUSR2) == nil)
        }
    }
}

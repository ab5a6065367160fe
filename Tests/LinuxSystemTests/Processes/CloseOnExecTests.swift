import CLinux
import Foundation
import LinuxSystem
import Testing

extension Devices {
    /// Every descriptor the panel opens is close-on-exec, so that an exec child (which may
    /// outlive the panel) holds none of them. Each helper's descriptor is asked with F_GETFD:
    /// FD_CLOEXEC (1) is the only descriptor flag, so 1 is exactly "close-on-exec", 0 is
    /// "inherited", and -1 is "not opened".
    @Suite("Close-on-exec descriptors")
    struct CloseOnExecTests {
        /// F_GETFD of `descriptor`, then closes it.
        func flagsClosing(_ descriptor: Int32) -> Int32 {
            let flags = fcntl(descriptor, F_GETFD)
            if descriptor >= 0 { close(descriptor) }
            return flags
        }

        @Test func theOpenHelpers() throws {
            try inTemporaryDirectory(named: "cloexec") { directory in
                let opened = [
                    clinux_open_readonly("/dev/null"),
                    clinux_open_file_to_read("/dev/null"),
                    clinux_open_readwrite("/dev/null"),
                    clinux_open_writeonly("/dev/null"),
                    clinux_open_console("/dev/null"),
                    clinux_open_input("/dev/null"),
                    clinux_create_file(directory + "/created"),
                    clinux_inotify_open(),
                ]
                #expect(opened.map(flagsClosing) == [1, 1, 1, 1, 1, 1, 1, 1])
            }
        }

        @Test func theEventStreamsOwnDescriptorForAPipe() {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            defer { close(ends[0]); close(ends[1]) }
            var kind: Int32 = 0
            let own = tp_event_descriptor_open(ends[1], &kind)
            #expect(kind == Int32(TP_EVENT_NONBLOCKING))
            #expect(own != ends[1])
            #expect(flagsClosing(own) == 1)
        }

        @Test func theControlSocketsListenerServedClientAndClient() throws {
            try inTemporaryDirectory(named: "cloexec") { directory in
                let path = directory + "/control.sock"
                let listener = tp_control_listen(path, 0o600)
                let client = tp_control_connect(path)
                let served = tp_control_accept(listener)
                #expect([listener, client, served].map(flagsClosing) == [1, 1, 1])
            }
        }

        @Test func theSignalChannelsDescriptor() throws {
            let channel = try SignalChannel()
            defer { channel.close() }
            #expect(fcntl(channel.pollDescriptor.rawValue, F_GETFD) == 1)
        }

        /// libmosquitto makes its socket without close-on-exec; tp_mqtt_connect marks it. The
        /// broker here is a listening Unix socket (libmosquitto takes port 0 as a socket path):
        /// the connect completes at once, and nothing is ever sent.
        @Test(.enabled(if: tp_mqtt_available() != 0)) func theMQTTClientsSocketAfterEachConnect() throws {
            try inTemporaryDirectory(named: "cloexec") { directory in
                let path = directory + "/broker.sock"
                let listener = tp_control_listen(path, 0o600)
                defer { close(listener) }
                var error: Int32 = 0
                let client = try #require(tp_mqtt_new("cloexec-test", &error))
                defer { tp_mqtt_free(client) }
                var flags: [Int32] = []
                for _ in 0..<2 {  // a reconnect makes a new socket
                    #expect(tp_mqtt_connect(client, path, 0, 60) == 0)
                    flags.append(fcntl(tp_mqtt_socket(client), F_GETFD))
                }
                #expect(flags == [1, 1])
            }
        }
    }
}

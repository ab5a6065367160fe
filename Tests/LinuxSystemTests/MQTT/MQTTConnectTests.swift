import CLinux
import Foundation
import Testing

extension Devices {
    /// What the MQTT client's CONNECT says, read off a listening Unix socket that plays the
    /// broker (libmosquitto takes port 0 as a socket path): MQTT 5 with the maximum packet size
    /// that keeps messages over max_message_kb at the broker, at every connect; and 3.1.1
    /// after a broker that speaks only that refused version 5.
    @Suite("MQTT CONNECT")
    struct MQTTConnectTests {
        /// The fields of a CONNECT that the panel chooses.
        struct Connect {
            var level: UInt8
            var flags: UInt8
            var keepalive: Int
            /// MQTT 5's properties by id; empty for 3.1.1, which has none.
            var properties: [UInt8: UInt32]
            var clientID: String
        }

        struct Malformed: Error, CustomStringConvertible {
            var description: String
        }

        /// Everything in a PUBLISH besides the payload that mqtt.c leaves room for.
        static let publishOverhead: UInt32 = 5 + 2 + 65_535 + 2 + 4 + 4_096

        /// A Unix socket listening where a broker would, and a client of mqtt.c named
        /// `clientID`, both gone after `body`.
        func withBrokerSocket(
            clientID: String, _ body: (_ path: String, _ listener: Int32, _ client: OpaquePointer) throws -> Void
        ) throws {
            try inTemporaryDirectory(named: "mqtt") { directory in
                let path = directory + "/broker.sock"
                let listener = tp_control_listen(path, 0o600)
                defer { close(listener) }
                var error: Int32 = 0
                let client = try #require(tp_mqtt_new(clientID, &error))
                defer { tp_mqtt_free(client) }
                try body(path, listener, client)
            }
        }

        /// Waits up to 2 s for `descriptor` to be readable.
        func waitReadable(_ descriptor: Int32) -> Bool {
            var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            return poll(&entry, 1, 2_000) == 1
        }

        func acceptClient(_ listener: Int32) throws -> Int32 {
            guard waitReadable(listener) else { throw Malformed(description: "no connection within 2 s") }
            let served = tp_control_accept(listener)
            guard served >= 0 else { throw Malformed(description: "accept failed: errno \(errno)") }
            return served
        }

        /// One whole packet from `descriptor`: its first byte and what follows the length.
        func readPacket(_ descriptor: Int32) throws -> (command: UInt8, body: [UInt8]) {
            var bytes: [UInt8] = []
            while true {
                if bytes.count >= 2 {
                    var length = 0
                    var multiplier = 1
                    var index = 1
                    while index < bytes.count, index <= 4 {
                        length += Int(bytes[index] & 0x7F) * multiplier
                        multiplier *= 128
                        if bytes[index] & 0x80 == 0 { break }
                        index += 1
                    }
                    if index < bytes.count, bytes[index] & 0x80 == 0, bytes.count >= index + 1 + length {
                        return (bytes[0], Array(bytes[(index + 1)..<(index + 1 + length)]))
                    }
                }
                guard waitReadable(descriptor) else { throw Malformed(description: "a packet cut short: \(bytes)") }
                var chunk = [UInt8](repeating: 0, count: 4_096)
                let count = chunk.withUnsafeMutableBytes { tp_control_receive(descriptor, $0.baseAddress, $0.count) }
                guard count > 0 else { throw Malformed(description: "the client closed after \(bytes.count) bytes") }
                bytes += chunk[0..<count]
            }
        }

        func readConnect(_ descriptor: Int32) throws -> Connect {
            let (command, body) = try readPacket(descriptor)
            guard command == 0x10 else { throw Malformed(description: "not a CONNECT: \(command)") }
            var position = 0
            func take(_ count: Int) throws -> ArraySlice<UInt8> {
                guard position + count <= body.count else { throw Malformed(description: "a CONNECT cut short: \(body)") }
                defer { position += count }
                return body[position..<(position + count)]
            }
            func integer(_ count: Int) throws -> UInt32 { try take(count).reduce(0) { $0 << 8 | UInt32($1) } }
            func varint() throws -> Int {
                var value = 0
                var multiplier = 1
                while true {
                    let byte = try take(1).first!
                    value += Int(byte & 0x7F) * multiplier
                    multiplier *= 128
                    if byte & 0x80 == 0 { return value }
                }
            }
            guard Array(try take(6)) == [0, 4] + Array("MQTT".utf8) else { throw Malformed(description: "not MQTT: \(body)") }
            let level = try take(1).first!
            let flags = try take(1).first!
            let keepalive = Int(try integer(2))
            var properties: [UInt8: UInt32] = [:]
            if level == 5 {
                let end = try varint() + position
                while position < end {
                    let id = try take(1).first!
                    switch id {
                    case 0x11, 0x27: properties[id] = try integer(4)  // session expiry, maximum packet size
                    case 0x21, 0x22: properties[id] = try integer(2)  // receive maximum, topic alias maximum
                    case 0x17, 0x19: properties[id] = try integer(1)  // request problem / response information
                    default: throw Malformed(description: "property \(id) not expected")
                    }
                }
            }
            let idLength = Int(try integer(2))
            let clientID = String(decoding: try take(idLength), as: UTF8.self)
            return Connect(level: level, flags: flags, keepalive: keepalive, properties: properties, clientID: clientID)
        }

        /// Connects `client` to the socket at `path` and returns the served end.
        func connect(_ client: OpaquePointer, to path: String, listener: Int32) throws -> Int32 {
            #expect(tp_mqtt_connect(client, path, 0, 60) == 0)
            _ = tp_mqtt_loop_write(client)
            return try acceptClient(listener)
        }

        /// The events of `client` after its socket had something to read.
        func eventsAfterReading(_ client: OpaquePointer) -> [(kind: Int32, code: Int32)] {
            _ = waitReadable(tp_mqtt_socket(client))
            _ = tp_mqtt_loop_read(client)
            var events: [(kind: Int32, code: Int32)] = []
            var event = tp_mqtt_event()
            while tp_mqtt_next_event(client, &event) != 0 {
                events.append((event.kind, event.code))
                tp_mqtt_event_free(&event)
            }
            return events
        }

        @Test(.enabled(if: tp_mqtt_available() != 0)) func mqtt5AsksForTheLimitAndRoomForTopicAndPropertiesAtEveryConnect() throws {
            try withBrokerSocket(clientID: "packet-size-test") { path, listener, client in
                tp_mqtt_set_max_message(client, 64 * 1_024)
                for _ in 0..<2 {  // a reconnect sends it again
                    let served = try connect(client, to: path, listener: listener)
                    defer { close(served) }
                    let connect = try readConnect(served)
                    #expect(connect.level == 5)
                    #expect(connect.clientID == "packet-size-test")
                    #expect(connect.keepalive == 60)
                    #expect(connect.flags & 0x02 != 0, "Clean Start")
                    // No Session Expiry Interval: the session ends with the connection, as 3.1.1's
                    // clean session did.
                    #expect(connect.properties[0x11] == nil)
                    #expect(connect.properties[0x27] == 64 * 1_024 + MQTTConnectTests.publishOverhead)
                }
            }
        }

        @Test(.enabled(if: tp_mqtt_available() != 0)) func withoutALimitTheConnectAsksForNone() throws {
            try withBrokerSocket(clientID: "no-limit-test") { path, listener, client in
                let served = try connect(client, to: path, listener: listener)
                defer { close(served) }
                let connect = try readConnect(served)
                #expect(connect.level == 5)
                #expect(connect.properties[0x27] == nil)
            }
        }

        /// A 3.1.1 broker answers version 5 with its own CONNACK, "unacceptable protocol
        /// version" (1), which libmosquitto reports as 132; the next connect is 3.1.1 and carries
        /// no properties, which libmosquitto would refuse to connect with.
        @Test(.enabled(if: tp_mqtt_available() != 0)) func aBrokerOf311IsAskedAgainIn311() throws {
            try withBrokerSocket(clientID: "fallback-test") { path, listener, client in
                tp_mqtt_set_max_message(client, 64 * 1_024)

                let first = try connect(client, to: path, listener: listener)
                defer { close(first) }
                #expect(try readConnect(first).level == 5)
                #expect(tp_control_send(first, [0x20, 0x02, 0x00, 0x01] as [UInt8], 4) == 4)
                // The refusal, then the connection that libmosquitto closed (MOSQ_ERR_PROTOCOL).
                let refused = eventsAfterReading(client)
                #expect(refused.map(\.kind) == [Int32(TP_MQTT_CONNECTED.rawValue), Int32(TP_MQTT_DISCONNECTED.rawValue)])
                #expect(refused.map(\.code) == [132, 2])
                #expect(String(cString: tp_mqtt_connack_text(132)) == "Unsupported Protocol Version")

                let second = try connect(client, to: path, listener: listener)
                defer { close(second) }
                let connect = try readConnect(second)
                #expect(connect.level == 4)
                #expect(connect.properties.isEmpty)
                #expect(connect.clientID == "fallback-test")
                #expect(tp_control_send(second, [0x20, 0x02, 0x00, 0x00] as [UInt8], 4) == 4)
                let accepted = eventsAfterReading(client)
                #expect(accepted.map(\.kind) == [Int32(TP_MQTT_CONNECTED.rawValue)])
                #expect(accepted.map(\.code) == [0])
            }
        }

        /// A DISCONNECT from an MQTT 5 broker reports its reason code through the same callback
        /// as libmosquitto's own errors: the text is the reason's.
        @Test(.enabled(if: tp_mqtt_available() != 0)) func reasonCodesReadAsReasons() {
            #expect(String(cString: tp_mqtt_error_text(142)) == "Session taken over")
            #expect(String(cString: tp_mqtt_error_text(7)) == "The connection was lost.")
            #expect(String(cString: tp_mqtt_connack_text(135)) == "Not authorized")
            #expect(String(cString: tp_mqtt_connack_text(5)) == "Connection Refused: not authorised.")
        }
    }
}

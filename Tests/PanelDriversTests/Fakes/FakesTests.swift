import CLinux
import LinuxSystem
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

/// The fakes' own checks (`swift test --filter Fakes`): tests of the loop rely on them.
enum Fakes {
    @Suite("Fakes")
    struct FakesTests {
        @Test func interruptSourceWakesPollAndReportsTheLatestEdge() throws {
            let source = FakeInterruptSource()
            var entry = pollfd(fd: try #require(source.pollDescriptor).rawValue, events: Int16(POLLIN), revents: 0)
            #expect(poll(&entry, 1, 0) == 0)
            source.pushEdge(at: .milliseconds(5))
            source.pushEdge(at: .milliseconds(9))
            #expect(poll(&entry, 1, 0) == 1)
            #expect(try source.readEdges() == .milliseconds(9))
            entry.revents = 0
            #expect(poll(&entry, 1, 0) == 0)
            #expect(try source.readEdges() == nil)
            #expect(source.reads == 2)
        }

        @Test func interruptSourceWithoutDescriptor() throws {
            let source = FakeInterruptSource(pollable: false)
            #expect(source.pollDescriptor == nil)
            source.pushEdge(at: .milliseconds(1))
            source.failNextRead = .failed(operation: "reading edges", Errno(EIO))
            #expect(throws: GPIOError.failed(operation: "reading edges", Errno(EIO))) {
                _ = try source.readEdges()
            }
            #expect(try source.readEdges() == .milliseconds(1))
        }

        @Test func outputLineRecordsEverySet() throws {
            let line = RecordingOutputLine()
            try line.set(true)
            try line.set(false)
            line.failNextSet = .lineBusy(chip: "gpiochip0", line: "17", consumer: nil)
            #expect(throws: GPIOError.self) { try line.set(true) }
            try line.set(true)
            #expect(line.values == [true, false, true])
            #expect(line.isHigh == true)
        }

        @Test func recordingTransportAnswersFromItsScript() throws {
            let transport = RecordingI2CTransport()
            transport.respond(to: 0xA3, with: [0x54])
            transport.respond(to: 0x00, with: [0x00, 0x00, 0x01])
            transport.respond(to: 0x00, with: [0x00, 0x00, 0x00])
            #expect(try transport.readByte(register: 0xA3) == 0x54)
            #expect(try transport.readByte(register: 0xA3) == 0x54)  // the last answer stays
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 4, alignment: 1)
            defer { buffer.deallocate() }
            try transport.readBlock(register: 0x00, into: buffer)
            #expect(Array(buffer) == [0x00, 0x00, 0x01, 0xFF])
            try transport.readBlock(register: 0x00, into: buffer)
            #expect(Array(buffer) == [0x00, 0x00, 0x00, 0xFF])
            transport.inject(.errno(EINTR))
            transport.inject(.shortRead(got: 2))
            #expect(throws: I2CError.shortRead(got: 2, wanted: 4)) {
                try transport.readBlock(register: 0x00, into: buffer)
            }
            #expect(transport.transactions == [
                .byteRead(0xA3), .byteRead(0xA3), .blockRead(0x00, 4), .blockRead(0x00, 4),
                .blockRead(0x00, 4), .blockRead(0x00, 4),
            ])
            #expect(transport.pendingFaults == 0)
        }
    }
}

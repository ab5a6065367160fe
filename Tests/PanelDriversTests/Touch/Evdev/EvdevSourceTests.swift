import LinuxSystem
import PanelConfig
import PanelDrivers
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("evdev source")
struct EvdevSourceTests {
    let device = SimulatedEvdevDevice(axes: EvdevAxes(xMinimum: 0, xMaximum: 4095, yMinimum: 0, yMaximum: 4095, multiTouch: true))
    let sink = RecordingSink()

    func source(device: SimulatedEvdevDevice?, opens: @escaping () -> Void = {}) -> EvdevSource {
        let device = self.device
        return EvdevSource(
            description: "test device", device: device == nil ? nil : device, range: ControllerRange(width: 800, height: 480),
            rangeGiven: false, watch: nil, startedAt: at(0), log: RecordingLog(),
            open: { () throws(EvdevError) -> EvdevDevice in
                opens()
                guard device.isPlugged else { throw EvdevError.missing(path: "/dev/input/event3") }
                return device
            })
    }

    func queue(_ events: [(UInt16, UInt16, Int32)], at ms: Int64) {
        for (type, code, value) in events {
            device.queue(EvdevEvent(type: type, code: code, value: value), at: at(ms))
        }
    }

    static let abs = EvdevCode.evAbs
    static let syn = EvdevCode.evSyn

    @Test func framesComeAtTheirSynReportsTimestampsInTheDevicesRange() {
        let source = source(device: device)
        #expect(source.range == ControllerRange(width: 4096, height: 4096))
        queue([(Self.abs, EvdevCode.absMTTrackingID, 7), (Self.abs, EvdevCode.absMTPositionX, 1000),
               (Self.abs, EvdevCode.absMTPositionY, 2000), (Self.syn, EvdevCode.synReport, 0)], at: 40)
        queue([(Self.abs, EvdevCode.absMTPositionX, 1010), (Self.syn, EvdevCode.synReport, 0)], at: 48)
        source.service(now: at(50), readiness: .readable, into: sink)
        #expect(sink.calls == ["frame 40: 0@1000,2000", "frame 48: 0@1010,2000"])
    }

    /// A panel restarted after touches: the kernel sends only what changes, so a touch that
    /// repeats the last one's x sends no x. Found in the system VM, where the watchdog's restart
    /// then put a touch at (100, 240) at (0, 240), outside every button.
    @Test func aDeviceOpenedAfterTouchesStartsFromWhereTheLastContactWas() {
        queue([(Self.abs, EvdevCode.absMTSlot, 1), (Self.abs, EvdevCode.absMTTrackingID, 3), (Self.abs, EvdevCode.absMTPositionX, 100),
               (Self.abs, EvdevCode.absMTPositionY, 100), (Self.syn, EvdevCode.synReport, 0),
               (Self.abs, EvdevCode.absMTTrackingID, -1), (Self.syn, EvdevCode.synReport, 0)], at: 10)
        try? device.readEvents { _, _ in }  // read by the panel that ran before
        let source = source(device: device)
        queue([(Self.abs, EvdevCode.absMTTrackingID, 4), (Self.abs, EvdevCode.absMTPositionY, 240),
               (Self.syn, EvdevCode.synReport, 0)], at: 40)
        source.service(now: at(40), readiness: .readable, into: sink)
        #expect(sink.calls == ["frame 40: 1@100,240"])
    }

    @Test func anUnpluggedDeviceCancelsTouchesAndIsReopenedWhenItComesBack() {
        var opens = 0
        let source = source(device: device, opens: { opens += 1 })
        queue([(Self.abs, EvdevCode.absMTTrackingID, 7), (Self.syn, EvdevCode.synReport, 0)], at: 10)
        source.service(now: at(10), readiness: .readable, into: sink)
        device.unplug()
        source.service(now: at(30), readiness: .failed, into: sink)
        #expect(sink.calls == ["frame 10: 0@0,0", "failed 30"])
        // Absent: a re-check a second later (or sooner, when /dev/input changes).
        #expect(source.nextWakeup == at(1030))
        source.service(now: at(1030), readiness: .quiet, into: sink)
        #expect(opens == 1)
        #expect(source.nextWakeup == at(2030))
        device.plug()
        source.service(now: at(1500), readiness: .readable, into: sink)
        #expect(opens == 2)
        #expect(sink.calls.last == "recovered: test device is there: \"TouchPanel simulated touchscreen\"")
        #expect(source.nextWakeup == nil)
        queue([(Self.abs, EvdevCode.absMTTrackingID, 8), (Self.abs, EvdevCode.absMTPositionX, 5),
               (Self.syn, EvdevCode.synReport, 0)], at: 1600)
        source.service(now: at(1600), readiness: .readable, into: sink)
        #expect(sink.calls.last == "frame 1600: 0@5,0")
    }

    @Test func itsPresenceIsLoggedAsTransitions() {
        let source = source(device: device)
        let log = RecordingLog()
        source.debug(to: TransitionLog(machines: [.source], origin: at(0), log: log))
        device.unplug()
        source.service(now: at(30), readiness: .failed, into: sink)
        source.service(now: at(1030), readiness: .quiet, into: sink)
        device.plug()
        source.service(now: at(1500), readiness: .readable, into: sink)
        #expect(log.lines == [
            "source 30 ms test device: present + lost -> absent(recheck at 1030 ms)",
            "source 1030 ms test device: absent(recheck at 1030 ms) + recheck -> absent(recheck at 2030 ms)",
            "source 1500 ms test device: absent(recheck at 2030 ms) + recheck -> present",
        ])
    }

    @Test func synDroppedIsRecoveredFromTheDevicesSlots() {
        let source = source(device: device)
        queue([(Self.abs, EvdevCode.absMTTrackingID, 7), (Self.abs, EvdevCode.absMTPositionX, 100),
               (Self.syn, EvdevCode.synReport, 0)], at: 10)
        source.service(now: at(10), readiness: .readable, into: sink)
        // The buffer overflowed: the lift in slot 0 and a new contact in slot 1 were lost
        // from the stream, but the device's slot state (EVIOCGMTSLOTS) has them.
        queue([(Self.syn, EvdevCode.synDropped, 0)], at: 20)
        queue([(Self.abs, EvdevCode.absMTTrackingID, -1), (Self.abs, EvdevCode.absMTSlot, 1),
               (Self.abs, EvdevCode.absMTTrackingID, 9), (Self.abs, EvdevCode.absMTPositionX, 300),
               (Self.syn, EvdevCode.synReport, 0)], at: 25)
        source.service(now: at(30), readiness: .readable, into: sink)
        #expect(sink.calls == ["frame 10: 0@100,0", "frame 25: 0@100,0 1@300,0"])
    }

    @Test func aDeviceAbsentAtStartBringsItsOwnRangeWhenItAppears() {
        var plugged = false
        let device = SimulatedEvdevDevice(axes: EvdevAxes(xMinimum: 0, xMaximum: 1023, yMinimum: 0, yMaximum: 599, multiTouch: true))
        let source = EvdevSource(
            description: "usb panel", device: nil, range: ControllerRange(width: 800, height: 480), rangeGiven: false,
            watch: nil, startedAt: at(0), log: RecordingLog(),
            open: { () throws(EvdevError) -> EvdevDevice in
                guard plugged else { throw EvdevError.noDeviceNamed("usb panel") }
                return device
            })
        #expect(source.range == ControllerRange(width: 800, height: 480))
        #expect(source.waitDescriptor == nil)
        #expect(source.nextWakeup == at(1000))
        source.service(now: at(1000), readiness: .quiet, into: sink)
        #expect(sink.calls == [])
        plugged = true
        source.service(now: at(2000), readiness: .quiet, into: sink)
        #expect(sink.calls == ["recovered: usb panel is there: \"TouchPanel simulated touchscreen\""])
        #expect(source.range == ControllerRange(width: 1024, height: 600))
    }

    @Test func theEngineScalesFromTheRangeOfADeviceThatAppearedLater() throws {
        var plugged = false
        let device = SimulatedEvdevDevice(axes: EvdevAxes(xMinimum: 0, xMaximum: 1599, yMinimum: 0, yMaximum: 959, multiTouch: true))
        let log = RecordingLog()
        let source = EvdevSource(
            description: "usb panel", device: nil, range: ControllerRange(width: 800, height: 480), rangeGiven: false,
            watch: nil, startedAt: at(0), log: log,
            open: { () throws(EvdevError) -> EvdevDevice in
                guard plugged else { throw EvdevError.noDeviceNamed("usb panel") }
                return device
            })
        let config = try PanelConfigLoader.parse(text: engineTestConfig.replacingOccurrences(
            of: "model = ft5406", with: "model = evdev\nname = usb panel"), file: "engine.ini")
        let output = CapturedOutput()
        let engine = PanelEngine(
            config: config, source: source,
            actions: ActionRunner(buttons: config.buttons, exec: recordingExec(), outputs: [:], log: log),
            output: output.buffer, surface: nil, log: log, startedAt: at(0))
        plugged = true
        engine.step(now: at(1000), readiness: .quiet)
        // (900, 100) of a 1600x960 device is (450, 50) on the 800x480 display: button "right".
        for (code, value) in [(EvdevCode.absMTTrackingID, Int32(1)), (EvdevCode.absMTPositionX, 900), (EvdevCode.absMTPositionY, 100)] {
            device.queue(EvdevEvent(type: EvdevCode.evAbs, code: code, value: value), at: at(1100))
        }
        device.queue(EvdevEvent(type: EvdevCode.evSyn, code: EvdevCode.synReport, value: 0), at: at(1100))
        engine.step(now: at(1100), readiness: .readable)
        #expect(output.lines == [#"{"t_ms":1100,"button":"right","event":"pressed"}"#])
    }
}

import LinuxSystem
import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("--debug: every state machine's transitions in one format")
struct TransitionLogTests {
    @Test func theListNamesMachinesOrAll() {
        #expect(StateMachineName.parseList("mqtt,gestures,mqtt") == .success([.mqtt, .gestures]))
        #expect(StateMachineName.parseList("all") == .success(StateMachineName.allCases))
        #expect(StateMachineName.allCases.count == 12)
        guard case .failure(let error) = StateMachineName.parseList("gestures,gesture") else {
            Issue.record("a word that is no machine was taken")
            return
        }
        #expect(error.message == "--debug: no state machine \"gesture\"; give all or a list of gestures,holds,power,mqtt,homeassistant,exec,flips,watchdog,source,bindings,mirror,feedback")
    }

    @Test func aLineIsMachineTimeSubjectAndTransition() {
        let log = RecordingLog()
        let transitions = TransitionLog(machines: [.holds], origin: at(1_000), log: log)
        transitions.record(.holds, at: at(2_500), of: "jog", from: "idle", input: "pressed", to: "held")
        transitions.record(.mqtt, at: at(2_600), of: "127.0.0.1:1883", from: "online", input: "lost", to: "waiting")
        #expect(log.lines == ["hold 1500 ms jog: idle + pressed -> held"])
    }

    @Test func holdsAndPowerAreLoggedWhereTheyChange() throws {
        let rig = try EngineRig(config: """
            [display]
            width = 800
            height = 480

            [controller]
            model = ft5406

            [backlight]
            device = simulated
            dim_after_s = 10

            [button jog]
            rect = 0, 0, 200, 100
            on_press = gpio gpiochip0 17 on
            on_release = gpio gpiochip0 17 off
            """)
        let log = RecordingLog()
        rig.engine.actions.transitions = TransitionLog(machines: [.holds], origin: at(0), log: log)
        rig.interrupt(100, report([(0, 50, 50, .down)]))
        rig.interrupt(160, report([(0, 300, 50, .contact)]))
        rig.interrupt(200, report([(0, 300, 50, .up)]))
        #expect(log.lines == [
            "hold 100 ms jog: idle + pressed -> held",
            "hold 160 ms jog: held + exit -> idle",
            "hold 200 ms jog: idle + cancelled -> idle",
        ])
    }

    @Test func statesReadAsTheyAre() {
        #expect(TransitionText.power(.dimmed) == "dimmed")
        #expect(TransitionText.power(.idleTimeout) == "idle_timeout")
        #expect(TransitionText.hold(.held(command: 42)) == "held(command 42)")
        #expect(TransitionText.hold(.commandFailed(pid: 42)) == "command_failed(42)")
        #expect(TransitionText.link(MQTTLink.waiting(retryAt: at(3_000), failures: 2), origin: at(1_000)) == "waiting(retry at 2000 ms, failures 2)")
        #expect(TransitionText.link(MQTTLink.connecting(since: at(0), failures: 0), origin: at(0)) == "connecting(failures 0)")
        #expect(TransitionText.link(HomeAssistantLink.online(pingAt: at(30_000), pongBy: at(12_000)), origin: at(2_000)) == "online(pong by 10000 ms)")
        #expect(TransitionText.link(HomeAssistantLink.Input.authInvalid) == "auth_invalid")
        #expect(TransitionText.exec(.terminating(killAt: at(5))) == "terminating")
        #expect(TransitionText.flips(.flipping(pending: 1, backLacks: Damage(buttons: ButtonSet(mask: 0b101)), waiting: .none))
            == "flipping(to 1, back lacks 0,2, waiting none)")
        #expect(TransitionText.flips(.changed(.everything)) == "changed(all)")
    }
}

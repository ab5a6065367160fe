import PanelEngine
import Testing

private let hash = String(repeating: "d", count: 64)

@Suite struct FleetPushTests {
    @Test func everyNodeFileIsAPanelAndTheCanaryGoesFirst() {
        let names = ["p002.ini", "common.ini", "README", "p001.ini", "p010.ini"]
        let plan = FleetPushPlan.make(folder: "site", fileNames: names, canary: "p010")
        #expect(plan == .success(FleetPushPlan(
            panels: [.init(node: "p010", file: "site/p010.ini"), .init(node: "p001", file: "site/p001.ini"), .init(node: "p002", file: "site/p002.ini")],
            canary: "p010")))
        #expect(FleetPushPlan.make(folder: "site/", fileNames: names, canary: nil).map { $0.panels.map(\.file) }
            == .success(["site/p001.ini", "site/p002.ini", "site/p010.ini"]))
        #expect(FleetPushPlan.make(folder: "site", fileNames: names, canary: "p003")
            == .failure(FleetCommandProblem("--canary p003: site has no p003.ini")))
        #expect(FleetPushPlan.make(folder: "site", fileNames: ["common.ini"], canary: nil)
            == .failure(FleetCommandProblem("site: no NODE.ini to push (common.ini is not a panel)")))
        #expect(FleetPushPlan.make(folder: "site", fileNames: ["a+b.ini"], canary: nil)
            == .failure(FleetCommandProblem("site/a+b.ini: \"a+b\" cannot be a node's name (no spaces, +, # or hidden files)")))
    }

    @Test func theSequenceIsTheTimeUnlessTheTopicHoldsOneAsNew() {
        #expect(FleetPushPlan.sequence(nowS: 1_796_025_455, retained: nil) == 1_796_025_455)
        #expect(FleetPushPlan.sequence(nowS: 1_796_025_455, retained: 1_796_025_400) == 1_796_025_455)
        #expect(FleetPushPlan.sequence(nowS: 1_796_025_455, retained: 1_796_025_455) == 1_796_025_456)
        #expect(FleetPushPlan.sequence(nowS: 1_796_025_455, retained: 1_900_000_000) == 1_900_000_001)
    }

    @Test func theCanaryAppliedPushesTheRestThenAllAnsweredFinishes() {
        var push = CanaryPush(hasCanary: true)
        #expect(push == .waitingForCanary)
        #expect(push.step(.allAnswered) == .none)
        #expect(push == .waitingForCanary)
        #expect(push.step(.canaryApplied) == .pushRest)
        #expect(push == .waitingForAll)
        #expect(push.step(.canaryApplied) == .none)
        #expect(push.step(.allAnswered) == .none)
        #expect(push == .finished)
        #expect(push.isOver)
    }

    @Test func aCanaryThatRefusesOrSaysNothingStopsThePush() {
        var refused = CanaryPush(hasCanary: true)
        #expect(refused.step(.canaryRefused(error: "pushed.ini:3: [mqtt] differs from the local file")) == .none)
        #expect(refused == .stopped("the canary refused it: pushed.ini:3: [mqtt] differs from the local file"))
        #expect(refused.step(.canaryApplied) == .none)
        #expect(refused.isOver)
        var silent = CanaryPush(hasCanary: true)
        #expect(silent.step(.timedOut) == .none)
        #expect(silent == .stopped("the canary did not say it applied it in time"))
        var all = CanaryPush(hasCanary: false)
        #expect(all == .waitingForAll)
        #expect(all.step(.timedOut) == .none)
        #expect(all == .finished)
    }

    @Test func onlyAReportOfThisPushAnswersIt() {
        let applied = ConfigReport(
            hash: hash, source: .pushed, sequence: 7, since: "", groups: [], version: "1.2.3",
            push: .init(topic: "touchpanel/config/p001", sequence: 7, hash: hash, result: .applied, at: "2026-11-30T08:00:00Z"))
        #expect(PushAnswer.of(applied, hash: hash, sequence: 7) == .applied)
        #expect(PushAnswer.of(applied, hash: hash, sequence: 8) == .waiting)
        #expect(PushAnswer.of(nil, hash: hash, sequence: 7) == .waiting)
        let refused = ConfigReport(
            hash: "e", source: .local, since: "", groups: [], version: "1.2.3",
            push: .init(topic: "touchpanel/config/p001", sequence: 8, hash: hash, result: .refused, error: "pushed.ini:2: bad", at: ""))
        #expect(PushAnswer.of(refused, hash: hash, sequence: 8) == .refused("pushed.ini:2: bad"))
        // Running it at that sequence answers too, when the report of the push itself was lost.
        let running = ConfigReport(hash: hash, source: .pushed, sequence: 9, since: "", groups: [], version: "1.2.3")
        #expect(PushAnswer.of(running, hash: hash, sequence: 9) == .applied)
        let local = ConfigReport(hash: hash, source: .local, sequence: 9, since: "", groups: [], version: "1.2.3")
        #expect(PushAnswer.of(local, hash: hash, sequence: 9) == .waiting)
    }
}

import LinuxSystem
@testable import PanelEngine
@testable import PanelTestSupport
import Testing
import TouchCore

@Suite("The Home Assistant link: opening steps each within 10 s, a ping every 30 s, back-off, a refused token retried slowly")
struct HomeAssistantLinkTests {
    private func next(_ state: HomeAssistantLink, _ input: HomeAssistantLink.Input, _ ms: Int64) -> (HomeAssistantLink, HomeAssistantLink.Effect) {
        HomeAssistantLink.next(state, input, now: at(ms), jitter: 1.0)
    }

    @Test func theOpeningGoesConnectUpgradeAuthSubscribeOnline() {
        var (link, effect) = next(.waiting(retryAt: at(0), failures: 0), .due, 0)
        #expect(link == .connecting(since: at(0), failures: 0))
        #expect(effect == .connect)
        (link, effect) = next(link, .upgraded, 40)
        #expect(link == .authenticating(since: at(40), failures: 0))
        #expect(effect == HomeAssistantLink.Effect.none)
        (link, effect) = next(link, .authRequired, 41)
        #expect(link == .authenticating(since: at(40), failures: 0))
        #expect(effect == .sendAuth)
        (link, effect) = next(link, .authOK, 60)
        #expect(link == .subscribing(since: at(60), failures: 0))
        #expect(effect == .subscribe)
        (link, effect) = next(link, .subscribed, 70)
        #expect(link == .online(pingAt: at(30_070), pongBy: nil))
        #expect(effect == .cameOnline)
        #expect(link.deadline == at(30_070))
    }

    @Test func eachOpeningStepHasTenSecondsThenTheLinkGivesUpWithBackOff() {
        for state in [HomeAssistantLink.connecting(since: at(0), failures: 2), .authenticating(since: at(0), failures: 2),
                      .subscribing(since: at(0), failures: 2)] {
            #expect(state.deadline == at(10_000))
            #expect(next(state, .due, 9_999) == (state, .none))
            #expect(next(state, .due, 10_000) == (.waiting(retryAt: at(14_000), failures: 3), .giveUp(retryIn: .milliseconds(4_000))))
        }
    }

    @Test func aPingWhosePongIsLateDropsTheConnection() {
        let online = HomeAssistantLink.online(pingAt: at(30_000), pongBy: nil)
        #expect(next(online, .due, 29_999) == (online, .none))
        let (pinged, effect) = next(online, .due, 30_000)
        #expect(pinged == .online(pingAt: at(60_000), pongBy: at(40_000)))
        #expect(effect == .ping)
        #expect(pinged.deadline == at(40_000))
        #expect(next(pinged, .pong, 30_050) == (.online(pingAt: at(60_000), pongBy: nil), .none))
        #expect(next(pinged, .due, 40_000) == (.waiting(retryAt: at(41_000), failures: 1), .giveUp(retryIn: .milliseconds(1_000))))
    }

    @Test func aRefusedTokenWaitsFiveMinutesAndALostLinkRetriesAtOnce() {
        #expect(next(.authenticating(since: at(0), failures: 0), .authInvalid, 100)
            == (.waiting(retryAt: at(300_100), failures: 1), .tokenRefused(retryIn: .milliseconds(300_000))))
        #expect(next(.online(pingAt: at(30_000), pongBy: nil), .lost, 5_000)
            == (.waiting(retryAt: at(6_000), failures: 1), .retry(in: .milliseconds(1_000))))
        #expect(next(.connecting(since: at(0), failures: 3), .lost, 50)
            == (.waiting(retryAt: at(8_050), failures: 4), .retry(in: .milliseconds(8_000))))
        #expect(next(.subscribing(since: at(0), failures: 0), .subscribeFailed, 50)
            == (.waiting(retryAt: at(1_050), failures: 1), .giveUp(retryIn: .milliseconds(1_000))))
    }

    @Test func stopEndsEverythingAndNothingLeavesStopped() {
        #expect(next(.online(pingAt: at(1), pongBy: nil), .stop, 0) == (.stopped, .disconnect))
        #expect(next(.stopped, .due, 0) == (.stopped, .none))
        #expect(next(.stopped, .authOK, 0) == (.stopped, .none))
        #expect(HomeAssistantLink.stopped.deadline == nil)
    }
}

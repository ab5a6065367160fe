import LinuxSystem
import TouchCore
@testable import PanelEngine
import Testing

@Suite("JSONField: one value out of a device's JSON by a dotted path")
struct JSONFieldTests {
    private func value(_ path: [String], _ json: String) -> Result<JSONField.Scalar, JSONField.Problem> {
        JSONField.value(at: path, in: Array(json.utf8))
    }

    @Test func pathsReachIntoObjectsAndArrays() {
        let z2m = #"{"state":"ON","brightness":254,"update":{"state":"idle","installed_version":-1},"color":[1,2.5e3,true,null]}"#
        #expect(value(["state"], z2m) == .success(.text("ON")))
        #expect(value(["brightness"], z2m) == .success(.number("254")))
        #expect(value(["update", "state"], z2m) == .success(.text("idle")))
        #expect(value(["update", "installed_version"], z2m) == .success(.number("-1")))
        #expect(value(["color", "1"], z2m) == .success(.number("2.5e3")))
        #expect(value(["color", "2"], z2m) == .success(.boolean(true)))
        #expect(value(["color", "3"], z2m) == .success(.null))
        #expect(value([], " 21.5 ") == .success(.number("21.5")))
        #expect(value([], #""ON""#) == .success(.text("ON")))
    }

    @Test func escapesAreUndone() {
        #expect(value(["t"], #"{"t":"a\"b\\c\/d\n\u00e4\ud83d\ude00"}"#) == .success(.text("a\"b\\c/d\n\u{E4}\u{1F600}")))
    }

    @Test func whatIsMissingOrNotAValueSaysSo() {
        #expect(value(["x"], #"{"state":"ON"}"#) == .failure(.missing))
        #expect(value(["state", "x"], #"{"state":"ON"}"#) == .failure(.missing))
        #expect(value(["color", "9"], #"{"color":[1]}"#) == .failure(.missing))
        #expect(value(["update"], #"{"update":{"state":"idle"}}"#) == .failure(.notScalar))
        #expect(value([], #"[1]"#) == .failure(.notScalar))
    }

    @Test func notJSONNamesWhereReadingStopped() {
        #expect(value(["state"], "ON") == .failure(.notJSON(offset: 0)))
        #expect(value(["state"], #"{"state":"ON""#) == .failure(.notJSON(offset: 13)))
        #expect(value(["state"], #"{"state":"ON"} x"#) == .failure(.notJSON(offset: 15)))
        #expect(value(["a"], #"{"a":01}"#) == .failure(.notJSON(offset: 5)))
        #expect(value(["a"], "{\"a\":\"\u{1}\"}") == .failure(.notJSON(offset: 6)))
        #expect(value(["a"], #"{"a":tru}"#) == .failure(.notJSON(offset: 8)))
        // The whole document is read: an error after the field still refuses it.
        #expect(value(["a"], #"{"a":1,"b":[}"#) == .failure(.notJSON(offset: 12)))
    }

    @Test func deepNestingIsRefusedNotRecursedInto() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(value(["0"], deep) == .failure(.notJSON(offset: 33)))
    }
}

@Suite("BoundState: one transition function, every case")
struct BoundStateTests {
    @Test func everyTransition() {
        let wait = MonotonicDuration.milliseconds(1000)
        #expect(BoundState.next(.unknown, .reported(on: true)) == (.reported(on: true), .none))
        #expect(BoundState.next(.pending(until: .milliseconds(900), last: nil), .reported(on: false)) == (.reported(on: false), .none))
        #expect(BoundState.next(.reported(on: true), .notKnown) == (.unknown, .none))
        #expect(BoundState.next(.pending(until: .milliseconds(900), last: true), .notKnown) == (.unknown, .none))
        #expect(BoundState.next(.unknown, .tapped(at: .milliseconds(100), pendingFor: wait)) == (.pending(until: .milliseconds(1100), last: nil), .none))
        #expect(BoundState.next(.reported(on: false), .tapped(at: .milliseconds(100), pendingFor: wait))
            == (.pending(until: .milliseconds(1100), last: false), .none))
        #expect(BoundState.next(.pending(until: .milliseconds(1100), last: false), .tapped(at: .milliseconds(500), pendingFor: wait))
            == (.pending(until: .milliseconds(1500), last: false), .none))
        #expect(BoundState.next(.pending(until: .milliseconds(1100), last: false), .due(now: .milliseconds(1099)))
            == (.pending(until: .milliseconds(1100), last: false), .none))
        #expect(BoundState.next(.pending(until: .milliseconds(1100), last: false), .due(now: .milliseconds(1100))) == (.reported(on: false), .gaveUp))
        #expect(BoundState.next(.pending(until: .milliseconds(1100), last: nil), .due(now: .milliseconds(1200))) == (.unknown, .gaveUp))
        #expect(BoundState.next(.reported(on: true), .due(now: .milliseconds(5))) == (.reported(on: true), .none))
        #expect(BoundState.next(.unknown, .due(now: .milliseconds(5))) == (.unknown, .none))
    }
}

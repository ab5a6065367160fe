import Testing
import TouchCore

/// The night's rule at exact local minutes: a night across midnight, one within a day, and
/// local clocks that skip or repeat an hour.
@Suite("Night: the window's rule at local minutes")
struct NightWindowTests {
    static func minute(_ hours: Int, _ minutes: Int) -> Int { hours * 60 + minutes }

    /// The states a check at each local minute in `minutes` gives, starting from `wasNight`.
    static func walk(_ window: NightWindow, _ minutes: [Int], from wasNight: Bool?) -> [Bool] {
        var state = wasNight
        return minutes.map { minute in
            let next = window.isNight(at: minute, wasNight: state)
            state = next
            return next
        }
    }

    @Test func equalOrOutOfDayEndsAreNoWindow() {
        #expect(NightWindow(startMinute: 600, endMinute: 600) == nil)
        #expect(NightWindow(startMinute: -1, endMinute: 600) == nil)
        #expect(NightWindow(startMinute: 0, endMinute: 1_440) == nil)
        #expect(NightWindow(startMinute: 0, endMinute: 1_439)?.lengthMinutes == 1_439)
    }

    @Test func aNightAcrossMidnight() {
        let night = NightWindow(startMinute: Self.minute(22, 0), endMinute: Self.minute(6, 30))!
        #expect(night.lengthMinutes == 510)
        #expect(!night.contains(Self.minute(21, 59)))
        #expect(night.contains(Self.minute(22, 0)))
        #expect(night.contains(Self.minute(23, 59)))
        #expect(night.contains(0))
        #expect(night.contains(Self.minute(6, 29)))
        #expect(!night.contains(Self.minute(6, 30)))
        #expect(!night.contains(Self.minute(12, 0)))
        // Minute by minute through a whole day from 12:00: night from 22:00 to 06:30 only.
        let minutes = (0..<1_440).map { (Self.minute(12, 0) + $0) % 1_440 }
        let states = Self.walk(night, minutes, from: nil)
        #expect(states.firstIndex(of: true) == 600)
        #expect(states.lastIndex(of: true) == 600 + 509)
        #expect(states.filter { $0 }.count == 510)
    }

    @Test func aNightWithinADay() {
        let nap = NightWindow(startMinute: Self.minute(13, 0), endMinute: Self.minute(14, 0))!
        #expect(nap.lengthMinutes == 60)
        #expect(!nap.contains(Self.minute(12, 59)))
        #expect(nap.contains(Self.minute(13, 0)))
        #expect(nap.contains(Self.minute(13, 59)))
        #expect(!nap.contains(Self.minute(14, 0)))
        #expect(!nap.contains(Self.minute(2, 0)))
        // Forward time, minute by minute: the hold (the hour before 14:00) never delays 13:00.
        let states = Self.walk(nap, Array(Self.minute(12, 58)...Self.minute(14, 1)), from: false)
        #expect(states == [false, false] + Array(repeating: true, count: 60) + [false, false])
        // Started at 13:30: night at once.
        #expect(nap.isNight(at: Self.minute(13, 30), wasNight: nil))
    }

    /// Berlin, 2026-03-29: at 02:00 CET the clocks go to 03:00 CEST. A night of 02:30-06:00
    /// starts at 03:00 CEST, the first local minute after the jump that lies inside it.
    @Test func springSkipsTheHourBeforeTheNight() {
        let night = NightWindow(startMinute: Self.minute(2, 30), endMinute: Self.minute(6, 0))!
        let minutes = [Self.minute(1, 58), Self.minute(1, 59), Self.minute(3, 0), Self.minute(3, 1)]
        #expect(Self.walk(night, minutes, from: false) == [false, false, true, true])
        // A night of 02:15-02:45 lies wholly in the skipped hour: no night that day.
        let skipped = NightWindow(startMinute: Self.minute(2, 15), endMinute: Self.minute(2, 45))!
        #expect(Self.walk(skipped, minutes, from: false) == [false, false, false, false])
    }

    /// Berlin, 2026-10-25: at 03:00 CEST the clocks go back to 02:00 CET. A night of
    /// 02:30-06:00 began at 02:30 CEST and stays night through the repeated 02:00-02:30 CET;
    /// it ends once, at 06:00 CET.
    @Test func autumnRepeatsAnHourOfTheNight() {
        let night = NightWindow(startMinute: Self.minute(2, 30), endMinute: Self.minute(6, 0))!
        let summer = Array(Self.minute(2, 29)...Self.minute(2, 59))
        let winter = Array(Self.minute(2, 0)...Self.minute(6, 0))
        let states = Self.walk(night, summer + winter, from: false)
        #expect(states.first == false)
        #expect(states.dropFirst().dropLast().allSatisfy { $0 })
        #expect(states.last == false)
        // A night that ends at 02:30: it ends at 02:30 CEST, and the repeated 02:00-02:30 CET
        // stays day.
        let early = NightWindow(startMinute: Self.minute(22, 0), endMinute: Self.minute(2, 30))!
        let again = Self.walk(early, summer + Array(Self.minute(2, 0)...Self.minute(2, 31)), from: true)
        #expect(again.first == true)
        #expect(again.dropFirst().allSatisfy { !$0 })
    }

    /// A clock set back by more than the hour (someone sets the time): the window decides.
    @Test func aClockSetFarBackFollowsTheWindow() {
        let night = NightWindow(startMinute: Self.minute(22, 0), endMinute: Self.minute(6, 30))!
        #expect(night.isNight(at: Self.minute(12, 0), wasNight: true) == false)
        #expect(night.isNight(at: Self.minute(21, 30), wasNight: true) == true)
        #expect(night.isNight(at: Self.minute(23, 0), wasNight: false) == true)
        #expect(night.isNight(at: Self.minute(6, 0), wasNight: false) == false)
    }
}

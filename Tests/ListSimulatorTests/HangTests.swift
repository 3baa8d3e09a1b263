import ListSimulator
import Testing

/// Hangs: main-thread work back to back for Apple's 250 ms or longer (``HangStats``).
@Suite("Hangs")
struct HangTests {
    private func clock() -> SimClock { SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 2) }

    /// One 400 ms block on main is one hang of 400 ms; a 100 ms block later is none.
    @Test func aLongBlockOnMainIsOneHang() {
        let clock = clock()
        clock.async(.main) { clock.charge(Sim.ms(400)) }
        clock.async(.main, after: Sim.ms(1_000)) { clock.charge(Sim.ms(100)) }
        while clock.step() {}
        let stats = clock.hangStats
        #expect(stats.hangs == 1)
        #expect(stats.hangTime == Sim.ms(400) && stats.longestHang == Sim.ms(400))
    }

    /// Two 150 ms blocks queued together run back to back: main never idles
    /// between them, so they are one busy stretch of 300 ms, one hang.
    @Test func blocksBackToBackAreOneStretch() {
        let clock = clock()
        clock.async(.main) { clock.charge(Sim.ms(150)) }
        clock.async(.main) { clock.charge(Sim.ms(150)) }
        while clock.step() {}
        let stats = clock.hangStats
        #expect(stats.hangs == 1 && stats.hangTime == Sim.ms(300) && stats.longestHang == Sim.ms(300))
    }

    /// The same two blocks with an idle millisecond between them: two
    /// stretches of 150 ms, no hang (however late their frames would be).
    @Test func anIdleMomentEndsAStretch() {
        let clock = clock()
        clock.async(.main) { clock.charge(Sim.ms(150)) }
        clock.async(.main, after: Sim.ms(151)) { clock.charge(Sim.ms(150)) }
        while clock.step() {}
        #expect(clock.hangStats.hangs == 0 && clock.hangStats.hangTime == 0 && clock.hangStats.longestHang == 0)
    }

    /// Exactly the threshold counts; a nanosecond less does not.
    @Test func theThresholdIsInclusive() {
        for (length, hangs) in [(HangStats.threshold, 1), (HangStats.threshold - 1, 0)] {
            let clock = clock()
            clock.async(.main) { clock.charge(length) }
            while clock.step() {}
            #expect(clock.hangStats.hangs == hangs, "\(length)")
        }
    }
}

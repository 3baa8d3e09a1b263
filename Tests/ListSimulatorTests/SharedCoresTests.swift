import Foundation
@testable import ListSimulator
import Testing

/// The main thread and the workers share the device's cores as XNU's clutch
/// scheduler shares them (``SimClock``'s notes).
@Suite("Shared cores")
struct SharedCoresTests {
    /// One second of scrolling: every frame does `frameWorkMs` on main, while
    /// `loops` background loops of class `qos` stay busy in 5 ms chunks.
    static func scroll(cores: Int, loops: Int, qos: QoS, frameWorkMs: Double = 12) -> SimClock {
        let clock = SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 2, cores: cores)
        let end = Sim.ms(1_000)
        clock.frameHandler = { _ in
            clock.charge(Sim.ms(frameWorkMs))
            if clock.now < end { clock.setNeedsDisplay() }
        }
        func loop() {
            clock.charge(Sim.ms(5))
            if clock.now < end { clock.async(.background(qos), loop) }
        }
        for _ in 0..<loops { clock.async(.background(qos), loop) }
        clock.setNeedsDisplay()
        clock.run(until: Sim.ms(1_200))
        return clock
    }

    @Test func userInteractiveLoopsLengthenMainsFramesOnTwoCores() {
        let alone = Self.scroll(cores: 2, loops: 0, qos: .userInteractive)
        let contended = Self.scroll(cores: 2, loops: 2, qos: .userInteractive)
        // Main and two loops in the top bucket share two cores: 12 ms of work take 18 ms.
        #expect(alone.frameStats.hitches == 0)
        #expect(alone.mainWaiting == 0)
        #expect(contended.frameStats.hitches > 0)
        #expect(contended.frameStats.worstFrame > alone.frameStats.worstFrame)
        #expect(contended.mainWaiting > 0)
        // Waiting is not work: main did the same work per frame.
        #expect(contended.mainBusy / Int64(contended.frameStats.frames) == alone.mainBusy / Int64(alone.frameStats.frames))
    }

    @Test func utilityLoopsLeaveMainAloneOnTwoCores() {
        let alone = Self.scroll(cores: 2, loops: 0, qos: .utility)
        let contended = Self.scroll(cores: 2, loops: 2, qos: .utility)
        #expect(contended.frameStats == alone.frameStats)
        #expect(contended.mainWaiting == 0)
        // The loops share the core main leaves them: each runs at half speed.
        #expect(contended.backgroundBusy > 0)
    }

    /// XNU keeps user-initiated work (the IN bucket) behind the main thread
    /// (FG) while it has a core of its own: on two cores, two such loops share
    /// the second core; with one core they take their starvation share.
    @Test func userInitiatedLoopsTakeOnlyTheirStarvationShare() {
        let twoCores = Self.scroll(cores: 2, loops: 2, qos: .userInitiated)
        #expect(twoCores.mainWaiting == 0)
        let oneCoreAlone = Self.scroll(cores: 1, loops: 0, qos: .userInitiated)
        let oneCore = Self.scroll(cores: 1, loops: 2, qos: .userInitiated)
        let utilityOneCore = Self.scroll(cores: 1, loops: 2, qos: .utility)
        #expect(oneCore.mainWaiting > 0)
        #expect(oneCore.frameStats.worstFrame >= oneCoreAlone.frameStats.worstFrame)
        // Utility's starvation share (4 ms per 154 ms) is smaller than user-initiated's (8 per 45.5).
        #expect(utilityOneCore.mainWaiting < oneCore.mainWaiting)
    }

    @Test func sharesFollowTheBuckets() {
        // Main alone: a whole core.
        #expect(SimClock.share(of: .userInteractive, among: [], cores: 1) == 1)
        // Three top-bucket threads on two cores: two thirds each.
        #expect(abs(SimClock.share(of: .userInteractive, among: [.userInteractive, .userInteractive], cores: 2) - 2.0 / 3) < 1e-12)
        // Main and a utility thread on one core: utility gets 4/154, main the rest.
        let utility = SimClock.share(of: .utility, among: [.userInteractive], cores: 1)
        #expect(abs(utility - 4.0 / 154) < 1e-12)
        #expect(abs(SimClock.share(of: .userInteractive, among: [.utility], cores: 1) - (1 - 4.0 / 154)) < 1e-12)
        // `.default` (DispatchQueue.global()) sits between user-initiated and utility.
        #expect(QoS.userInitiated < QoS.default && QoS.default < QoS.utility)
    }
}

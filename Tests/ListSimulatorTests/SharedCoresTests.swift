import Foundation
@testable import ListSimulator
import Testing

/// The main thread and the workers share the device's cores as XNU's clutch
/// scheduler shares them (``SimClock``'s notes).
@Suite("Shared cores")
struct SharedCoresTests {
    /// One second of scrolling: every frame does `frameWorkMs` on main, while
    /// `loops` background loops of class `qos` stay busy in 5 ms chunks.
    static func scroll(cores: Int, loops: Int, qos: QoS, scheduler: CPUScheduler = .clutch, frameWorkMs: Double = 12) -> SimClock {
        let clock = SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 2, cores: cores, scheduler: scheduler)
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

    /// The done-when of issue 15, on the kernel of the only 2-core profile that
    /// runs iOS 12 (the iPhone 6): user-initiated loops time-share the cores
    /// with main, utility loops run only on what main leaves.
    @Test func onIOS12UserInitiatedLoopsLengthenMainsFramesAndUtilityLoopsDoNot() throws {
        let iPhone6 = try DeviceProfile.shipped(named: "iphone-6")
        #expect(Int(iPhone6.cpuCores.value) == 2 && CPUScheduler(iOS: iPhone6.iOSVersion) == .decayBand)
        let alone = Self.scroll(cores: 2, loops: 0, qos: .userInitiated, scheduler: .decayBand)
        let userInitiated = Self.scroll(cores: 2, loops: 2, qos: .userInitiated, scheduler: .decayBand)
        let utility = Self.scroll(cores: 2, loops: 2, qos: .utility, scheduler: .decayBand)
        #expect(alone.frameStats.hitches == 0 && alone.mainWaiting == 0)
        #expect(userInitiated.frameStats.hitches > 0)
        #expect(userInitiated.frameStats.worstFrame > alone.frameStats.worstFrame)
        #expect(userInitiated.mainWaiting > 0)
        #expect(utility.frameStats == alone.frameStats)
        #expect(utility.mainWaiting == 0)
        // A simulation on the iPhone 6 uses that kernel.
        #expect(Simulation(device: iPhone6).clock.scheduler == .decayBand)
        #expect(Simulation(device: try DeviceProfile.shipped(named: "iphone-7")).clock.scheduler == .clutch)
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

    /// From iOS 13, XNU's clutch scheduler keeps user-initiated work (the IN
    /// bucket) behind the main thread (FG) while it has a core of its own: on
    /// two cores, two such loops share the second core; with one core they
    /// take their starvation share.
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

    /// A utility task that queues user-initiated work on iOS 12's kernel with one
    /// core would have no share at all beside work whose length is not known
    /// yet: it runs on beside the started work alone, and the clock moves on.
    /// (The atomic model's approximation: the later task does not hold back
    /// the earlier one, so here one core does 10 ms of work in 5 ms; only a
    /// custom one-core profile can reach this.)
    @Test func workStarvedByUnstartedWorkStillEnds() {
        let clock = SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 2, cores: 1, scheduler: .decayBand)
        var finished: [String] = []
        clock.async(.background(.utility)) {
            clock.async(.background(.userInitiated)) {
                clock.charge(Sim.ms(5))
                finished.append("userInitiated")
            }
            clock.charge(Sim.ms(5))
            finished.append("utility@\(clock.now)")
        }
        clock.run(until: Sim.ms(100))
        #expect(finished.count == 2 && finished.last == "userInitiated")
        #expect(clock.now == Sim.ms(100))
    }

    @Test func sharesFollowTheBuckets() {
        // Main alone: a whole core.
        #expect(CPUScheduler.clutch.share(of: .userInteractive, among: [], cores: 1) == 1)
        // Three top-bucket threads on two cores: two thirds each.
        #expect(abs(CPUScheduler.clutch.share(of: .userInteractive, among: [.userInteractive, .userInteractive], cores: 2) - 2.0 / 3) < 1e-12)
        // Main and a utility thread on one core: utility gets 4/154, main the rest.
        let utility = CPUScheduler.clutch.share(of: .utility, among: [.userInteractive], cores: 1)
        #expect(abs(utility - 4.0 / 154) < 1e-12)
        #expect(abs(CPUScheduler.clutch.share(of: .userInteractive, among: [.utility], cores: 1) - (1 - 4.0 / 154)) < 1e-12)
        // iOS 12: main, user-initiated and default work share alike; utility waits.
        #expect(abs(CPUScheduler.decayBand.share(of: .userInteractive, among: [.userInitiated, .default], cores: 2) - 2.0 / 3) < 1e-12)
        #expect(CPUScheduler.decayBand.share(of: .utility, among: [.userInteractive, .userInitiated], cores: 2) == 0)
        // `.default` (DispatchQueue.global()) sits between user-initiated and utility.
        #expect(QoS.userInitiated < QoS.default && QoS.default < QoS.utility)
    }
}

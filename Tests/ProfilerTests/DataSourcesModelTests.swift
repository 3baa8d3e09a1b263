import ListData
import ListDiff
import ListSimulator
@testable import Strategies
import Testing

/// Ten posts, ids 0 … 9, in one section.
private func feed() -> [DataSection] {
    [DataSection(id: "feed", items: (0..<10).map { Item(id: $0, textLength: 100) })]
}

/// Post 0 moves below post 5 and post 3, which the move shifted up one place, changes: one arrival.
private let movedAndUpdated: [DataChange] = [
    .move(id: 0, fromSection: 0, fromIndex: 0, section: 0, index: 5),
    .update(id: 3, section: 0, index: 2, version: 1, textLength: 300),
]

/// Runs `spec` on its own clock: the feed at 0 ms, `changes` at 500 ms, until 2 s.
private func run(_ spec: String, _ changes: [DataChange]) throws -> Simulation {
    let simulation = Simulation(device: try DeviceProfile.shipped(named: "iphone-15"))
    let strategy = try StrategyCatalog.builtIn.named(spec).make(AppContext(simulation: simulation))
    strategy.load(feed())
    simulation.clock.async(.main, after: Sim.ms(500)) { strategy.receive(changes) }
    simulation.clock.run(until: Sim.ms(2_000))
    return simulation
}

@Suite("identifier-diff: DataSources as shipped")
struct DataSourcesModelTests {
    /// The library's batch reloads post 3 at its old index and, since its
    /// offset changed, moves it from there too: UIKit rejects the batch.
    @Test func aMovedUpdateCrashesWithUIKitsMessage() throws {
        let simulation = try run("identifier-diff", movedAndUpdated)
        let crash = try #require(simulation.inconsistencies.first)
        #expect(simulation.inconsistencies.count == 1)
        #expect(crash.kind == .invalidBatchUpdate)
        #expect(crash.message == "attempt to perform a delete and a move from the same index path "
            + "(<NSIndexPath: 0xc000000000600016> {length = 2, path = 0 - 3})")
        // The throttle performed the change 100 ms after it arrived.
        #expect(crash.time >= Sim.ms(600) && crash.time < Sim.ms(601))
        // Without the throttle, at once.
        let immediate = try #require(try run("identifier-diff:throttle=none", movedAndUpdated).inconsistencies.first)
        #expect(immediate.message == crash.message)
        #expect(immediate.time < Sim.ms(501))
    }

    /// The minimal diff moves post 0 alone and reloads post 3 after the batch: UIKit accepts it.
    @Test func theMinimalVariantCompletes() throws {
        for spec in ["identifier-diff:diff=minimal", "identifier-diff:diff=minimal,throttle=none"] {
            let simulation = try run(spec, movedAndUpdated)
            #expect(simulation.inconsistencies.isEmpty, "\(spec): \(simulation.inconsistencies)")
        }
    }

    /// The same changes arriving apart, each alone, are each a valid batch:
    /// a move alone, then an update alone.
    @Test func theDefaultAcceptsAMoveAndAnUpdateInSeparateBatches() throws {
        let simulation = Simulation(device: try DeviceProfile.shipped(named: "iphone-15"))
        let strategy = try StrategyCatalog.builtIn.named("identifier-diff").make(AppContext(simulation: simulation))
        strategy.load(feed())
        simulation.clock.async(.main, after: Sim.ms(500)) { strategy.receive([movedAndUpdated[0]]) }
        simulation.clock.async(.main, after: Sim.ms(1_000)) { strategy.receive([movedAndUpdated[1]]) }
        simulation.clock.run(until: Sim.ms(2_000))
        #expect(simulation.inconsistencies.isEmpty, "\(simulation.inconsistencies)")
    }

    /// Arrivals 30 ms apart make one update, 100 ms after the last one, with the latest items.
    @Test func theThrottleCoalescesArrivalsWithin100ms() throws {
        let clock = SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 1)
        let throttle = UpdateThrottle(clock: clock, interval: Sim.ms(100))
        var latest = 0
        var performed: [(at: SimTime, value: Int)] = []
        for (index, at) in [1_000.0, 1_030, 1_060].enumerated() {
            clock.async(.main, after: Sim.ms(at)) {
                latest = index + 1
                throttle.on { performed.append((clock.now, latest)) }
            }
        }
        clock.run(until: Sim.ms(2_000))
        #expect(performed.map(\.at) == [Sim.ms(1_160)])
        #expect(performed.map(\.value) == [3])
    }

    /// Arrivals that keep coming run the update at most every 100 ms (when
    /// one arrives 100 ms or more after the last run), then once more
    /// 100 ms after the last arrival.
    @Test func aSteadyStreamRunsEvery100msAndAfterTheLast() throws {
        let clock = SimClock(frameInterval: Sim.ms(1_000.0 / 60), workers: 1)
        let throttle = UpdateThrottle(clock: clock, interval: Sim.ms(100))
        var performed: [SimTime] = []
        for at in stride(from: 0.0, through: 400, by: 40) {
            clock.async(.main, after: Sim.ms(at)) { throttle.on { performed.append(clock.now) } }
        }
        clock.run(until: Sim.ms(1_000))
        #expect(performed == [120.0, 240, 360, 500].map(Sim.ms))
    }

    /// Every update goes through the throttle: three arrivals in 60 ms are diffed once.
    @Test func coalescedArrivalsAreDiffedOnce() throws {
        func diffed(_ spec: String) throws -> Int {
            let simulation = Simulation(device: try DeviceProfile.shipped(named: "iphone-15"))
            let strategy = try StrategyCatalog.builtIn.named(spec).make(AppContext(simulation: simulation))
            strategy.load(feed())
            for (index, at) in [500.0, 530, 560].enumerated() {
                simulation.clock.async(.main, after: Sim.ms(at)) {
                    strategy.receive([.update(id: index, section: 0, index: index, version: 1, textLength: 200)])
                }
            }
            simulation.clock.run(until: Sim.ms(2_000))
            #expect(simulation.inconsistencies.isEmpty)
            return simulation.counters.diffedItems
        }
        // The first data (0 → 10 items), then one diff of 10 → 10 items.
        #expect(try diffed("identifier-diff") == 10 + 20)
        #expect(try diffed("identifier-diff:throttle=none") == 10 + 3 * 20)
    }
}

import ListDiff
@testable import ListSimulator
import Testing

/// APIs follow the device's iOS version, as an app's `#available` checks do.
@Suite("iOS versions")
struct IOSVersionTests {
    static func simulation(iOS version: Int) throws -> Simulation {
        Simulation(device: try DeviceProfile.shipped(named: "iphone-7").running(iOS: version))
    }

    @Test func reconfigureFallsBackToReloadBelowIOS15() throws {
        for version in [14, 15] {
            let sim = try Self.simulation(iOS: version)
            let source = ListSource(rows: 30)
            let table = makeTable(sim, source)
            let cell = try #require(table.cell(at: ItemPath(section: 0, item: 2)))
            source.sections[0][2].version = 1
            table.reconfigureOrReloadRows(at: [ItemPath(section: 0, item: 2)])
            sim.clock.run(until: sim.clock.now + sim.clock.frameInterval * 3)
            let after = try #require(table.cell(at: ItemPath(section: 0, item: 2)))
            // iOS 15 reconfigures the same cell; iOS 14 reloads the row into another cell.
            #expect((after === cell) == (version == 15), "iOS \(version)")
            #expect(after.content?.key.version == 1)
            #expect(sim.inconsistencies.isEmpty)
        }
    }

    @Test func reconfigureRowsWithoutAnAvailabilityCheckCrashesBelowIOS15() throws {
        let sim = try Self.simulation(iOS: 14)
        let source = ListSource(rows: 10)
        let table = makeTable(sim, source)
        table.reconfigureRows(at: [ItemPath(section: 0, item: 0)])
        #expect(sim.inconsistencies.map(\.message) == ["-[UITableView reconfigureRowsAtIndexPaths:]: unrecognized selector sent to instance"])
    }

    /// Up to iOS 14 a non-animated apply is a `reloadData`: every visible cell
    /// is torn down and rebuilt; from iOS 15 only the difference is performed.
    @Test func aNonAnimatedApplyIsReloadDataUpToIOS14() throws {
        var rebuilt: [Int: Int] = [:]
        for version in [14, 15] {
            let sim = try Self.simulation(iOS: version)
            let (table, source) = makeDiffableTable(sim, count: 50)
            var next = source.snapshot()
            next.appendItems([100])
            source.apply(next, animatingDifferences: false)
            sim.clock.run(until: Sim.ms(100))
            #expect(table.numberOfRows == 51)
            #expect(sim.inconsistencies.isEmpty)
            rebuilt[version] = sim.counters.unchangedCellsReloaded
        }
        #expect(rebuilt[15] == 0)
        #expect((rebuilt[14] ?? 0) >= 10)
    }
}

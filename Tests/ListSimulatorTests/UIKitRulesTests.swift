import ListDiff
@testable import ListSimulator
import Testing

/// Where the simulator once had a silent default, UIKit's own behaviour.
@Suite("UIKit's rules where a default was silent")
struct UIKitRulesTests {
    @Test func dequeuingAnUnregisteredIdentifierIsTheAppsCrash() throws {
        let sim = try makeSimulation()
        let source = ListSource(rows: 20)
        let table = TableView(simulation: sim, rowHeight: .fixed(44), width: 375, viewportHeight: 440)
        table.register("another", views: 2)
        table.dataSource = source
        table.layoutIfNeeded()
        let first = try #require(sim.inconsistencies.first)
        #expect(first.kind == .unregisteredReuseIdentifier)
        #expect(first.message == "unable to dequeue a cell with identifier row - must register a nib or a class for the "
            + "identifier or connect a prototype cell in a storyboard")
        #expect(sim.hasFailed)
    }

    @Test func aRegisteredIdentifierDequeuesWithoutACrash() throws {
        let sim = try makeSimulation()
        let table = makeTable(sim, ListSource(rows: 20))
        #expect(sim.inconsistencies.isEmpty)
        #expect(table.visibleCells.count == 10)
    }
}

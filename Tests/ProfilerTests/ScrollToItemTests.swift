import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

/// A feed of 200 generated posts, all loaded at once, and one jump to `target` of the first section.
private func feed(to target: String, version: Int = 1) throws -> Scenario {
    let text = """
        {"version": \(version), "name": "jump", "description": "a feed and one jump", "reproduces": "none", "seed": 11,
         "data": {"sections": [{"id": "feed", "generate": 200}]},
         "steps": [{"kind": "wait", "ms": 300}, {"kind": "scroll", \(target), "durationMs": 0}, {"kind": "wait", "ms": 300}]}
        """
    return try Scenario.decode(Array(text.utf8))
}

/// The items on screen when the run ends, with the item the data holds at `index`.
private func landing(_ strategy: String, _ scenario: Scenario, index: Int) throws -> (top: Int?, target: Int) {
    let generated = try scenario.generate()
    let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.standard(),
                                strategy: try StrategyCatalog.builtIn.named(strategy))
    #expect(runner.run().status == .completed)
    return (runner.visibleItems.first, generated.sections[0].items[index].id)
}

/// `scroll to: item` names an item of the data; each strategy scrolls to the
/// row it shows that item in, so every strategy lands on the same content.
/// `scroll to: row` counts the table's rows, which `viewmodel-cells` (a
/// post split into several rows) does not share with one-row-per-item strategies.
@Suite("Scrolling to an item")
struct ScrollToItemTests {
    @Test func everyStrategyLandsOnTheSameItem() throws {
        let scenario = try feed(to: #""to": "item", "item": 60"#)
        for strategy in ["identifier-diff", "viewmodel-cells", "reload", "texture"] {
            let landed = try landing(strategy, scenario, index: 60)
            #expect(landed.top == landed.target, "\(strategy)")
        }
    }

    @Test func aRowIsTheTablesRowNotTheItem() throws {
        let scenario = try feed(to: #""to": "row", "row": 60"#)
        let oneRowPerItem = try landing("identifier-diff", scenario, index: 60)
        #expect(oneRowPerItem.top == oneRowPerItem.target)
        let rowsPerPost = try landing("viewmodel-cells", scenario, index: 60)
        #expect(rowsPerPost.top != rowsPerPost.target)
    }

    /// By identifier (version 2): generated posts are numbered from 1, so
    /// id 61 is the item at index 60, wherever it is when the scroll starts.
    @Test func anItemByIDLandsOnThatItemForEveryStrategy() throws {
        let scenario = try feed(to: #""to": "item", "id": 61"#, version: 2)
        for strategy in ["identifier-diff", "viewmodel-cells"] {
            let landed = try landing(strategy, scenario, index: 60)
            #expect(landed.target == 61)
            #expect(landed.top == 61, "\(strategy)")
        }
    }

    @Test func anItemByIDIsCheckedAgainstTheData() throws {
        let refusals: [(String, Int, String)] = [
            (#""to": "item", "id": 201"#, 2, "no item has id 201 (the data's ids: 1...200, generated)"),
            (#""to": "item", "id": 5, "item": 4"#, 2, "give either item (an index in the section) or id (an item's identifier), not both"),
            (#""to": "item", "id": 5, "section": "feed""#, 2, "an item's id names it wherever it is"),
            (#""to": "item", "id": 5"#, 1, #"at version (line 1, column 13): version 1 has no 'steps[1].id'; a file that uses it says "version": 2"#),
        ]
        for (target, version, message) in refusals {
            #expect(throws: (any Error).self) { _ = try feed(to: target, version: version) }
            do {
                _ = try feed(to: target, version: version)
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }

    @Test func anItemPastTheDataIsRefusedWithItsPath() throws {
        #expect {
            _ = try feed(to: #""to": "item", "item": 200"#)
        } throws: { error in
            "\(error)".contains("item 200 is past the end of section 'feed', which never has more than 200 items (items count from 0)")
        }
    }
}

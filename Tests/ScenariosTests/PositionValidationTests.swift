import Foundation
@testable import Scenarios
import Testing

/// A scenario naming a row, an index or a count the data cannot have.
struct HostilePosition: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    /// The JSON path the error must name.
    var path: String
    var fragment: String
    var testDescription: String { label }
}

/// A feed with section "feed" (10 items) and section "b" (2 items), and these world events.
private func events(_ json: String, steps: String = "[]") -> String {
    document(["data": #"{"sections": [{"id": "feed", "generate": 10}, {"id": "b", "generate": 2}, {"id": "empty"}]}"#],
             extra: [("world", json), ("steps", steps)])
}

/// The restaurant detail page, with these world events and steps.
private func detail(world: String = "[]", steps: String) -> String {
    document(["data": #"{"template": "restaurant-detail", "state": {"restaurant": true}}"#],
             extra: [("world", world), ("steps", steps)])
}

let hostilePositions: [HostilePosition] = [
    HostilePosition(label: "insert past the count", text: events(#"[{"kind": "change", "op": "insert", "at": 11, "section": "feed"}]"#),
                    path: "world[0].at", fragment: "index 11 is past the end of section 'feed', which has 10 items at that point (world time 0 ms); an insert's index may be at most the count"),
    HostilePosition(label: "delete at the count", text: events(#"[{"kind": "change", "op": "delete", "at": 10}]"#),
                    path: "world[0].at", fragment: "index 10 is past the end of section 'feed', which has 10 items"),
    HostilePosition(label: "deletes running off the end", text: events(#"[{"kind": "change", "op": "delete", "at": 8, "count": 3}]"#),
                    path: "world[0].at", fragment: "index 8 is past the end of section 'feed' for 3 deletes there: it has 10 items at that point (world time 0 ms), and each delete removes one"),
    HostilePosition(label: "update past the end", text: events(#"[{"kind": "change", "op": "update", "at": 2, "section": "b"}]"#),
                    path: "world[0].at", fragment: "index 2 is past the end of section 'b', which has 2 items"),
    HostilePosition(label: "move past the end", text: events(#"[{"kind": "change", "op": "move", "at": 1000000}]"#),
                    path: "world[0].at", fragment: "index 1000000 is past the end of section 'feed'"),
    HostilePosition(label: "more deletes than items", text: events(#"[{"kind": "change", "op": "delete", "count": 11, "at": "top"}]"#),
                    path: "world[0].count", fragment: "11 deletes would go past the data: section 'feed' has 10 items at that point (world time 0 ms)"),
    HostilePosition(label: "update in an empty section", text: events(#"[{"kind": "change", "op": "update", "count": 2, "section": "empty"}]"#),
                    path: "world[0].count", fragment: "nothing to update: section 'empty' has no items"),
    HostilePosition(label: "default count in an empty section", text: events(#"[{"kind": "change", "op": "delete", "section": "empty"}]"#),
                    path: "world[0]", fragment: "1 delete would go past the data: section 'empty' has 0 items"),
    HostilePosition(label: "move in a section of one", text: events(#"[{"kind": "change", "op": "delete", "section": "b"}, {"kind": "change", "op": "move", "atMs": 5, "section": "b"}]"#),
                    path: "world[1]", fragment: "nothing to move: section 'b' has 1 item at that point (world time 5 ms); a move needs two"),
    HostilePosition(label: "index after earlier deletes", text: events(#"[{"kind": "change", "op": "update", "atMs": 1000, "at": 6}, {"kind": "change", "op": "delete", "atMs": 500, "count": 5}]"#),
                    path: "world[0].at", fragment: "index 6 is past the end of section 'feed', which has 5 items at that point (world time 1000 ms)"),
    HostilePosition(label: "index a burst may have deleted", text: events(#"[{"kind": "burst", "everyMs": 10, "forMs": 20, "ops": {"delete": 1}}, {"kind": "change", "op": "update", "atMs": 100, "at": 7}]"#),
                    path: "world[1].at", fragment: "index 7 is past the end of section 'feed', which may have as few as 7 items at that point (world time 100 ms) (earlier bursts change its count)"),
    HostilePosition(label: "deletes in a repeat", text: events(#"[{"kind": "repeat", "times": 3, "everyMs": 100, "events": [{"kind": "change", "op": "delete", "count": 4, "at": "top"}]}]"#),
                    path: "world[0].events[0].count", fragment: "4 deletes would go past the data: section 'feed' has 2 items at that point (world time 200 ms)"),
    HostilePosition(label: "scroll past the last row", text: events("[]", steps: #"[{"kind": "scroll", "to": "row", "row": 10}]"#),
                    path: "steps[0].row", fragment: "row 10 is past the end of section 'feed', which never has more than 10 rows (rows count from 0)"),
    HostilePosition(label: "scroll in a repeat", text: events("[]", steps: #"[{"kind": "wait", "ms": 1}, {"kind": "repeat", "times": 2, "steps": [{"kind": "scroll", "to": "row", "section": "b", "row": 5}]}]"#),
                    path: "steps[1].steps[0].row", fragment: "row 5 is past the end of section 'b', which never has more than 2 rows"),
    HostilePosition(label: "scroll to an empty section", text: events("[]", steps: #"[{"kind": "scroll", "to": "row", "section": "empty", "row": 0}]"#),
                    path: "steps[0].row", fragment: "row 0 does not exist: section 'empty' never has any rows"),
    HostilePosition(label: "detail row never loaded", text: detail(steps: #"[{"kind": "scroll", "to": "row", "section": "reports", "row": 0}]"#),
                    path: "steps[0].row", fragment: "row 0 does not exist: section 'reports' never has any rows"),
    HostilePosition(label: "detail row past every state", text: detail(world: #"[{"kind": "state", "atMs": 10, "state": {"reports": 2}}, {"kind": "state", "atMs": 20, "state": {"reports": 1}}]"#, steps: #"[{"kind": "scroll", "to": "row", "section": "reports", "row": 3}]"#),
                    path: "steps[0].row", fragment: "row 3 is past the end of section 'reports', which never has more than 3 rows"),
    HostilePosition(label: "detail update after the state removed the row", text: detail(world: #"[{"kind": "state", "atMs": 10, "state": {"restaurant": false}}, {"kind": "change", "op": "update", "atMs": 20, "section": "name", "at": 0}]"#, steps: "[]"),
                    path: "world[1].at", fragment: "index 0 is past the end of section 'name', which has 0 items at that point (world time 20 ms)"),
]

/// Values at the edges that the data has.
let acceptedPositions: [(label: String, text: String)] = [
    ("insert at the count", events(#"[{"kind": "change", "op": "insert", "at": 10}]"#)),
    ("deletes ending at the last item", events(#"[{"kind": "change", "op": "delete", "at": 7, "count": 3}]"#)),
    ("every item deleted", events(#"[{"kind": "change", "op": "delete", "count": 10, "at": "top"}]"#)),
    ("an index inserts made room for, listed first", events(#"[{"kind": "change", "op": "update", "atMs": 100, "at": 12}, {"kind": "change", "op": "insert", "count": 3}]"#)),
    ("a burst's deletes may empty the section before a random change", events(#"[{"kind": "burst", "everyMs": 1, "forMs": 100, "ops": {"delete": 1}}, {"kind": "change", "op": "update", "atMs": 200}]"#)),
    ("the last row", events("[]", steps: #"[{"kind": "scroll", "to": "row", "row": 9}]"#)),
    ("a row inserts add", events(#"[{"kind": "change", "op": "insert", "count": 5}]"#, steps: #"[{"kind": "scroll", "to": "row", "row": 14}]"#)),
    ("a detail row a later state loads", detail(world: #"[{"kind": "state", "atMs": 10, "state": {"reports": 2}}]"#, steps: #"[{"kind": "scroll", "to": "row", "section": "reports", "row": 2}]"#)),
]

@Suite("Rows, indexes and counts past the data")
struct PositionValidationTests {
    @Test("each names its JSON path, line and column", arguments: hostilePositions)
    func rejected(_ input: HostilePosition) {
        do {
            _ = try Scenario.decode(Array(input.text.utf8))
            Issue.record("accepted: \(input.label)")
        } catch {
            guard case let .invalid(path, line, column, problem) = error else {
                Issue.record("\(input.label): not an invalid value: \(error)")
                return
            }
            #expect(path == input.path, "\(input.label): \(error.description)")
            #expect(problem.description.contains(input.fragment), "\(input.label): \(error.description)")
            // The line and column are those of the value (or element) the path names.
            let lines = input.text.split(separator: "\n", omittingEmptySubsequences: false)
            #expect(lines.indices.contains(line - 1) && column >= 1, "\(input.label): line \(line), column \(column)")
            if lines.indices.contains(line - 1), path.hasSuffix(".at") || path.hasSuffix(".row") || path.hasSuffix(".count") {
                let key = String(path.split(separator: ".").last ?? "")
                let before = lines[line - 1].prefix(column - 1)
                #expect(before.hasSuffix("\"\(key)\": "), "\(input.label): column \(column) of \(lines[line - 1])")
            }
        }
    }

    @Test("values at the edges are accepted", arguments: acceptedPositions.indices)
    func accepted(_ row: Int) throws {
        let (label, text) = acceptedPositions[row]
        do {
            _ = try Scenario.decode(Array(text.utf8))
        } catch {
            Issue.record("\(label): \(error)")
        }
    }

    @Test func aSweepThatLeavesAnIndexPastTheDataIsRefused() throws {
        let scenario = try Scenario.decode(Array(document(extra: [("world", #"[{"kind": "change", "op": "update", "at": 8}]"#)]).utf8))
        let violation = PositionViolation(array: "world", indexes: [0], key: "at",
                                          problem: .indexPastEnd(index: 8, section: "feed", items: SectionItems(fewest: 5, most: 5, atMs: 0)))
        #expect(throws: ScenarioParameterError.position(.posts, "5", violation)) { try scenario.setting(.posts, to: "5") }
        #expect(ScenarioParameterError.position(.posts, "5", violation).description
            == "posts=5: at world[0].at: index 8 is past the end of section 'feed', which has 5 items at that point (world time 0 ms)")
        #expect(try scenario.setting(.posts, to: "9").positionViolation() == nil)
    }
}

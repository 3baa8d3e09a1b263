import Foundation
@testable import Scenarios
import Testing

/// The generator refuses what it cannot generate: a section the data does
/// not have, an index past the data. A file never gets that far (decoding
/// refuses it with its line and column, with the same words); a scenario
/// built or edited in code is refused with the value's JSON path, where the
/// generator once took the first section or clamped the index.
@Suite("Generator refusals")
struct GeneratorRefusalTests {
    private func feed() throws -> Scenario {
        try Scenario.decode(Array(document().utf8))
    }

    @Test func anUnknownSectionInAChangeIsRefusedWithItsPath() throws {
        var scenario = try feed()
        scenario.world = [
            WorldEvent(atMs: 0, kind: .change(.insert, count: 1, at: .top, section: "feed")),
            WorldEvent(atMs: 10, kind: .repetition(times: 2, everyMs: 5, events: [
                WorldEvent(atMs: 0, kind: .change(.update, count: 1, at: .random, section: "fed")),
            ])),
        ]
        let expected = PositionViolation(array: "world", indexes: [1, 0], key: "section", problem: .unknownSection("fed", sections: ["feed"]))
        #expect(scenario.positionViolation() == expected)
        #expect(throws: expected) { try scenario.generate() }
        #expect(expected.description == "at world[1].events[0].section: 'fed' is not one of: feed; did you mean 'feed'?")
    }

    @Test func anUnknownSectionInABurstOrAScrollIsRefused() throws {
        var burst = try feed()
        burst.world = [WorldEvent(atMs: 0, kind: .burst(everyMs: 100, forMs: 1_000, changes: 1, weights: [.insert: 1], section: "news"))]
        #expect(throws: PositionViolation(array: "world", indexes: [0], key: "section", problem: .unknownSection("news", sections: ["feed"]))) {
            try burst.generate()
        }
        var scroll = try feed()
        scroll.steps = [.wait(ms: 10), .scroll(to: .row(section: "news", row: 0), pace: .velocity(1_000), untilAllLoaded: false)]
        #expect(throws: PositionViolation(array: "steps", indexes: [1], key: "section", problem: .unknownSection("news", sections: ["feed"]))) {
            try scroll.generate()
        }
    }

    /// An index past the section (ten items) was clamped to the last; it is refused.
    @Test func anIndexPastTheDataIsRefusedNotClamped() throws {
        var scenario = try feed()
        scenario.world = [WorldEvent(atMs: 250, kind: .change(.delete, count: 1, at: .index(12), section: nil))]
        let items = SectionItems(fewest: 10, most: 10, atMs: 250)
        #expect(throws: PositionViolation(array: "world", indexes: [0], key: "at", problem: .indexPastEnd(index: 12, section: "feed", items: items))) {
            try scenario.generate()
        }
        #expect(throws: (any Error).self) { try scenario.setting(.seed, to: "2") }
        scenario.world = [WorldEvent(atMs: 250, kind: .change(.insert, count: 1, at: .index(10), section: nil))]
        guard case let .insert(section, index, _)? = try scenario.generate().changes.first?.change else {
            Issue.record("no insert")
            return
        }
        #expect(section == 0 && index == 10)
    }

    /// The file with the same unknown section is refused by decoding, at the same path, with its line and column.
    @Test func theSameSectionInAFileIsRefusedByDecoding() throws {
        let text = world(#"[{"kind": "change", "op": "update", "section": "fed"}]"#)
        #expect(throws: ScenarioError.invalid(path: "world[0].section", line: 8, column: 57, problem: .notOneOf("fed", choices: ["feed"]))) {
            try Scenario.decode(Array(text.utf8))
        }
    }

    /// Without sections (a feed built in code), a change names nothing to act on and is skipped, as before.
    @Test func aFeedWithoutSectionsGeneratesNoChanges() throws {
        var scenario = try feed()
        scenario.data = .feed(sections: [], shape: PostShapeSpec())
        scenario.world = [WorldEvent(atMs: 0, kind: .change(.insert, count: 3, at: .top, section: nil))]
        #expect(try scenario.generate().changes.isEmpty)
    }
}

/// Scenario errors are typed: each value's problem is a case, and its words
/// are the message the command prints.
@Suite("Scenario problems")
struct ScenarioProblemTests {
    @Test func decodingThrowsTypedProblems() throws {
        let cases: [(String, String, ScenarioProblem)] = [
            (document(["seed": "-1"]), "seed", .wholeOutOfRange(-1, allowed: 0...Int(Int32.max))),
            (document(["seed": "1.5"]), "seed", .notWhole(1.5)),
            (document(["name": "3"]), "name", .expected(.string, found: .number)),
            (document(["version": "3"]), "version", .unsupportedVersion(3)),
            (steps(#"[{"kind": "scroll", "to": "end", "velocity": 10, "durationMs": 5}]"#), "steps[0]", .velocityAndDuration),
            (world(#"[{"kind": "change", "op": "delete", "count": 11}]"#), "world[0].count",
             .position(.deletesPastData(deletes: 11, section: "feed", items: SectionItems(fewest: 10, most: 10, atMs: 0)))),
        ]
        for (text, path, problem) in cases {
            do {
                _ = try Scenario.decode(Array(text.utf8))
                Issue.record("accepted: \(text)")
            } catch {
                guard case let .invalid(foundPath, _, _, found) = error else {
                    Issue.record("not an invalid value: \(error)")
                    continue
                }
                #expect(foundPath == path && found == problem, "\(error)")
            }
        }
    }

    @Test func eachProblemSaysWhatItAlwaysSaid() {
        let items = SectionItems(fewest: 3, most: 7, atMs: 1_500)
        let texts: [(ScenarioProblem, String)] = [
            (.expected(.photoWeights, found: .array), #"expected an object of photo count to weight, e.g. {"0": 5, "1": 3}, found an array"#),
            (.unknownKey("veloctiy", allowed: ["kind", "velocity", "deceleration"]),
             "unknown key 'veloctiy'; did you mean 'velocity'? (allowed here: deceleration, kind, velocity)"),
            (.missingChoice("kind", choices: ["a", "b"]), "missing required key 'kind' (one of: a, b)"),
            (.outOfRange(1.5, allowed: 0...1), "1.5 is out of range; allowed 0...1"),
            (.wholeOutOfRange(1e18, allowed: 0...10), "1e+18 is out of range; allowed 0...10"),
            (.tooManySteps(expanded: 1e20, limit: 100_000), "the steps expand (with repeats) to 1e+20 steps; the limit is 100000"),
            (.triggerScreensWithTrigger(.lastRowWillDisplay),
             "triggerScreens applies only with trigger 'screens' (this paging's trigger is 'lastRowWillDisplay')"),
            (.position(.insertPastEnd(index: 9, section: "feed", items: items)),
             "index 9 is past the end of section 'feed', which may have as few as 3 items at that point (world time 1500 ms) "
                + "(earlier bursts change its count); an insert's index may be at most the count"),
            (.position(.nothingToMove(section: "feed", items: SectionItems(fewest: 1, most: 1, atMs: 0))),
             "nothing to move: section 'feed' has 1 item at that point (world time 0 ms); a move needs two"),
            (.position(.rowPastEnd(row: 5, section: "feed", most: 1)),
             "row 5 is past the end of section 'feed', which never has more than 1 row (rows count from 0)"),
        ]
        for (problem, text) in texts { #expect(problem.description == text) }
    }
}

/// Version 2's bursts act at a position, as changes do; an index must hold
/// for every change the burst may make.
@Suite("Burst positions")
struct BurstPositionTests {
    private func scenario(_ burst: String, version: Int = 2, explicit: String = "") throws -> Scenario {
        let text = """
            {"version": \(version), "name": "b", "description": "d", "seed": 4,
             "data": {"sections": [{"id": "feed", "generate": 10\(explicit)}]},
             "world": [{"kind": "burst", "atMs": 100, "everyMs": 100, "forMs": 400, \(burst)}],
             "steps": [{"kind": "wait", "ms": 10}]}
            """
        return try Scenario.decode(Array(text.utf8))
    }

    @Test func insertsAtTheBottomGoAtTheEnd() throws {
        let generated = try scenario(#""ops": {"insert": 1}, "at": "bottom""#).generate()
        let indexes = generated.changes.map { change -> Int in
            guard case let .insert(_, index, _) = change.change else { return -1 }
            return index
        }
        #expect(indexes == [10, 11, 12, 13, 14])
    }

    @Test func updatesAtAnIndexActThere() throws {
        let generated = try scenario(#""ops": {"update": 1}, "at": 3, "changes": 2"#).generate()
        #expect(generated.changes.count == 10)
        #expect(generated.changes.allSatisfy { if case let .update(id, _, 3, _, _) = $0.change { id == 4 } else { false } })
    }

    @Test func anIndexPastTheFewestItemsIsRefused() throws {
        #expect {
            _ = try scenario(#""ops": {"delete": 1, "update": 1}, "at": 5"#)
        } throws: { error in
            "\(error)".contains("at world[0].at (line 3, column") && "\(error)".contains(
                "index 5 is past the end of section 'feed' during the burst from world time 100 ms: it may have as few as 5 items then (its own deletes and earlier bursts' included), so at most 4 is allowed")
        }
        #expect(throws: Never.self) { _ = try scenario(#""ops": {"delete": 1}, "at": 4"#) }
        #expect(throws: Never.self) { _ = try scenario(#""ops": {"insert": 1}, "at": 10"#) }
    }

    @Test func version1HasNoBurstPosition() throws {
        #expect {
            _ = try scenario(#""at": "top""#, version: 1)
        } throws: { error in
            "\(error)".contains(#"version 1 has no 'world[0].at'; a file that uses it says "version": 2"#)
        }
        #expect(try scenario(#""changes": 1"#, version: 1).world.count == 1)
    }

    /// A generated item never shares its identifier with an explicit one:
    /// generated items are numbered past the largest explicit identifier.
    @Test func generatedItemsAreNumberedPastExplicitOnes() throws {
        let generated = try scenario(#""ops": {"update": 1}"#, explicit: #", "items": [{"id": 3}]"#).generate()
        let ids = generated.sections[0].items.map(\.id)
        #expect(ids == [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 3])
        #expect(Set(ids).count == ids.count)
    }
}

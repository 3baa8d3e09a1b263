import Foundation
import Scenarios
import Testing

private let feed = """
    {"version": 1, "name": "feed", "description": "a feed", "seed": 3,
     "data": {"sections": [{"id": "feed", "generate": 20}]},
     "world": [{"kind": "burst", "atMs": 0, "everyMs": 40, "forMs": 400, "changes": 1, "ops": {"update": 1}}],
     "steps": [{"kind": "wait", "ms": 1000}]}
    """

/// `sweep --set` with a JSON path: the value at the path replaced, the file
/// then decoded and validated as any file is.
@Suite("Scenario paths")
struct ScenarioPathTests {
    @Test func pathsParseAndPrintBack() throws {
        for text in ["world[0].everyMs", "paging.latencyMs", "data.sections[1].generate", "seed", "steps[2].ms"] {
            #expect(ScenarioPath(parsing: text)?.description == text)
        }
        // A strategy's option, a key the file has not, and broken syntax are not paths.
        for text in ["identifier-diff.updates", "posts", "world[x].everyMs", "world[0]everyMs", "world.", "[0]", "world[-1]", ""] {
            #expect(ScenarioPath(parsing: text) == nil, "\(text)")
        }
    }

    @Test func aValueIsSetAtItsPath() throws {
        let path = try #require(ScenarioPath(parsing: "world[0].everyMs"))
        let scenario = try Scenario.decode(Array(feed.utf8), setting: path, to: "100")
        guard case let .burst(everyMs, _, _, _, _, _)? = scenario.world.first?.kind else {
            Issue.record("not a burst: \(scenario.world)")
            return
        }
        #expect(everyMs == 100)
        let renamed = try Scenario.decode(Array(feed.utf8), setting: #require(ScenarioPath(parsing: "name")), to: "other")
        #expect(renamed.name == "other")
    }

    @Test func aMissingPathOrABadValueIsNamed() throws {
        let missing = try #require(ScenarioPath(parsing: "world[3].everyMs"))
        #expect(throws: ScenarioPathError.noValue(missing, reason: "world has 1 element")) {
            try Scenario.decode(Array(feed.utf8), setting: missing, to: "5")
        }
        let path = try #require(ScenarioPath(parsing: "world[0].everyMs"))
        #expect {
            try Scenario.decode(Array(feed.utf8), setting: path, to: "0")
        } throws: { error in
            "\(error)".hasPrefix("world[0].everyMs=0: at world[0].everyMs (line 3, column") && "\(error)".contains("0 is out of range")
        }
    }
}

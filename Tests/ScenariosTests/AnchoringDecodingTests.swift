import Foundation
@testable import Scenarios
import Testing

/// A version `version` document with a chat's data (`anchor`, if any), `paging` and `steps`.
private func chatDocument(version: Int = 2, anchor: String? = "\"bottom\"", paging: String? = nil, steps: String = "[]") -> String {
    let anchorMember = anchor.map { "\"anchor\": \($0), " } ?? ""
    var members = [
        "\"version\": \(version)", "\"name\": \"c\"", "\"description\": \"d\"", "\"seed\": 1",
        "\"data\": {\(anchorMember)\"sections\": [{\"id\": \"messages\", \"generate\": 20}]}",
    ]
    if let paging { members.append("\"paging\": \(paging)") }
    members.append("\"steps\": \(steps)")
    return "{\n" + members.joined(separator: ",\n") + "\n}"
}

private func problem(_ text: String) -> String {
    do {
        _ = try Scenario.decode(Array(text.utf8))
        return "decoded"
    } catch {
        return "\(error)"
    }
}

@Suite("Anchoring and steps both ways: decoding")
struct AnchoringDecodingTests {
    @Test func theVocabularyDecodes() throws {
        let text = chatDocument(paging: #"{"pageSize": 5, "at": "top"}"#, steps: """
            [{"kind": "flick", "velocity": -3000}, {"kind": "scan", "direction": "up", "untilAllLoaded": true},
             {"kind": "read", "direction": "down"}, {"kind": "pageDown", "screens": 2, "direction": "up"},
             {"kind": "scroll", "to": "start", "untilAllLoaded": true}]
            """)
        let scenario = try Scenario.decode(Array(text.utf8))
        #expect(scenario.anchor == .bottom && scenario.paging?.at == .top)
        #expect(scenario.steps == [
            .flick(velocity: -3000, deceleration: 0.998, until: .once), .scan(ScanPace(screens: -1), until: .allLoaded),
            .read(ReadingPace(screens: 1), until: .once), .pageDown(screens: -2, until: .once),
            .scroll(to: .start, pace: .velocity(2_000), untilAllLoaded: true),
        ])
        #expect(scenario.versionTwoKeys == ["data.anchor", "paging.at", "steps[0].velocity", "steps[1].direction",
                                            "steps[3].direction", "steps[4].to"])
    }

    @Test(arguments: [
        (chatDocument(anchor: "\"middle\""), "at data.anchor (line 6, column 20): 'middle' is not one of: top, bottom"),
        (chatDocument(anchor: nil, paging: #"{"pageSize": 5, "at": "top"}"#),
         "at paging.at (line 7, column 33): pages at the top need a list that opens at its bottom"),
        (chatDocument(paging: #"{"pageSize": 5, "at": "left"}"#), "at paging.at (line 7, column 33): 'left' is not one of: top, bottom"),
        (chatDocument(steps: #"[{"kind": "flick", "velocity": 0.5}]"#),
         "at steps[0].velocity (line 7, column 41): 0.5 is out of range; allowed 1...100000, or -100000...-1 up the list"),
        (chatDocument(steps: #"[{"kind": "flick", "velocity": -200000}]"#), "at steps[0].velocity (line 7, column 41): -200000 is out of range; allowed -100000...100000"),
        (chatDocument(steps: #"[{"kind": "scan", "direction": "sideways"}]"#),
         "at steps[0].direction (line 7, column 41): 'sideways' is not one of: down, up"),
        (chatDocument(steps: #"[{"kind": "scroll", "to": "begin"}]"#), "at steps[0].to (line 7, column 36): 'begin' is not one of: end, offset, row, item, start"),
    ])
    func badValuesAreRefusedWithTheirPath(text: String, message: String) {
        let found = problem(text)
        #expect(found.contains(message), "\(found)")
    }

    /// A version 1 file that uses a version 2 key is refused at `version`, naming the key.
    @Test(arguments: [
        (chatDocument(version: 1), "data.anchor"),
        (chatDocument(version: 1, anchor: nil, steps: #"[{"kind": "flick", "velocity": -3000}]"#), "steps[0].velocity"),
        (chatDocument(version: 1, anchor: nil, steps: #"[{"kind": "wait", "ms": 1}, {"kind": "read", "direction": "up"}]"#),
         "steps[1].direction"),
        (chatDocument(version: 1, anchor: nil, steps: #"[{"kind": "repeat", "times": 2, "steps": [{"kind": "scroll", "to": "start"}]}]"#),
         "steps[0].steps[0].to"),
    ])
    func versionOneRefusesTheNewKeys(text: String, key: String) {
        let found = problem(text)
        #expect(found.contains("at version (line 2, column 12): version 1 has no '\(key)'; a file that uses it says \"version\": 2"), "\(found)")
    }

    @Test func versionOneReadsDownwardStepsAsBefore() throws {
        let text = chatDocument(version: 1, anchor: nil, steps: #"[{"kind": "scan", "direction": "down"}, {"kind": "flick", "velocity": 3000}]"#)
        #expect(try Scenario.decode(Array(text.utf8)).versionTwoKeys.isEmpty)
    }
}

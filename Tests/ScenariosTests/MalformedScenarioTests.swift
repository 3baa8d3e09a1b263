import Foundation
@testable import Scenarios
import Testing

/// A scenario document: a valid base with some top-level values replaced
/// (a nil value removes the key).
func document(_ overrides: [String: String?] = [:], extra: [(String, String)] = []) -> String {
    let base: [(String, String)] = [
        ("version", "1"), ("name", "\"t\""), ("description", "\"d\""), ("reproduces", "\"r\""), ("seed", "1"),
        ("data", #"{"sections": [{"id": "feed", "generate": 10}]}"#),
    ]
    var members: [String] = []
    for (key, value) in base {
        if let override = overrides[key] {
            if let override { members.append("\"\(key)\": \(override)") }
        } else {
            members.append("\"\(key)\": \(value)")
        }
    }
    for (key, value) in extra { members.append("\"\(key)\": \(value)") }
    return "{\n" + members.joined(separator: ",\n") + "\n}"
}

func steps(_ json: String) -> String { document(extra: [("steps", json)]) }
func world(_ json: String) -> String { document(extra: [("world", json)]) }

struct Malformed: CustomTestStringConvertible, Sendable {
    var label: String
    var text: String
    var fragment: String
    var testDescription: String { label }
}

let malformed: [Malformed] = [
    Malformed(label: "empty", text: "", fragment: "the file is empty"),
    Malformed(label: "whitespace only", text: "  \n\t", fragment: "the file is empty"),
    Malformed(label: "truncated", text: "{", fragment: "JSON syntax error at line 1, column 2: unexpected end of file"),
    Malformed(label: "double comma", text: "{\"version\": 1,,}", fragment: "line 1, column 15: expected a key in double quotes"),
    Malformed(label: "second line", text: "{\n  \"version\": 1\n  \"name\": \"x\"}", fragment: "line 3, column 3: expected ',' or '}'"),
    Malformed(label: "array at top", text: "[1, 2]", fragment: "at the top level (line 1, column 1): expected an object, found an array"),
    Malformed(label: "no version", text: document(["version": nil]), fragment: "missing required key 'version'"),
    Malformed(label: "future version", text: document(["version": "3"]), fragment: "version 3 is not supported; this build reads versions 1...2"),
    Malformed(label: "version as string", text: document(["version": "\"1\""]), fragment: "at version (line 2, column 12): expected a whole number, found a string"),
    Malformed(label: "unknown top key", text: document(extra: [("stepz", "[]")]), fragment: "unknown key 'stepz'; did you mean 'steps'?"),
    Malformed(label: "unknown device", text: document(extra: [("device", "\"iphone-16\"")]), fragment: "unknown device 'iphone-16'; shipped: iphone-15, iphone-15-pro, iphone-6, iphone-7, iphone-x; did you mean"),
    Malformed(label: "negative seed", text: document(["seed": "-1"]), fragment: "at seed (line 6, column 9): -1 is out of range; allowed 0...2147483647"),
    Malformed(label: "fractional seed", text: document(["seed": "1.5"]), fragment: "expected a whole number, found 1.5"),
    Malformed(label: "no data", text: document(["data": nil]), fragment: "missing required key 'data'"),
    Malformed(label: "no sections", text: document(["data": #"{"sections": []}"#]), fragment: "at data.sections"),
    Malformed(label: "negative generate", text: document(["data": #"{"sections": [{"id": "feed", "generate": -5}]}"#]), fragment: "at data.sections[0].generate (line 7, column 50): -5 is out of range; allowed 0...2000000"),
    Malformed(label: "too many items", text: document(["data": #"{"sections": [{"id": "feed", "generate": 2000001}]}"#]), fragment: "2000001 is out of range; allowed 0...2000000"),
    Malformed(label: "duplicate section", text: document(["data": #"{"sections": [{"id": "feed"}, {"id": "feed"}]}"#]), fragment: "duplicate section id 'feed'"),
    Malformed(label: "probability above one", text: document(["data": #"{"sections": [{"id": "feed"}], "shape": {"linkCard": 1.5}}"#]), fragment: "at data.shape.linkCard (line 7, column 62): 1.5 is out of range; allowed 0...1"),
    Malformed(label: "min above max", text: document(["data": #"{"sections": [{"id": "feed"}], "shape": {"textLength": {"min": 50, "max": 10}}}"#]), fragment: "min (50) must not exceed max (10)"),
    Malformed(label: "bad photo count", text: document(["data": #"{"sections": [{"id": "feed"}], "shape": {"photos": {"x": 1}}}"#]), fragment: "at data.shape.photos.x"),
    Malformed(label: "unknown shape key", text: document(["data": #"{"sections": [{"id": "feed"}], "shape": {"videos": 0.1}}"#]), fragment: "unknown key 'videos'; did you mean 'video'?"),
    Malformed(label: "unknown template", text: document(["data": #"{"template": "restaurant"}"#]), fragment: "'restaurant' is not one of: feed, restaurant-detail; did you mean 'restaurant-detail'?"),
    Malformed(label: "duplicate explicit id", text: document(["data": #"{"sections": [{"id": "a", "items": [{"id": 7}, {"id": 7}]}]}"#]), fragment: "duplicate item id 7"),
    Malformed(label: "misspelled step kind", text: steps(#"[{"kind": "scrol", "to": "end"}]"#), fragment: "at steps[0].kind (line 8, column 20): 'scrol' is not one of: wait, waitForWorld, scroll, flick, pageDown, read, scan, scrollToTop, repeat; did you mean 'scroll'?"),
    Malformed(label: "velocity as string", text: steps(#"[{"kind": "wait", "ms": 1}, {"kind": "scroll", "to": "end", "velocity": "fast"}]"#), fragment: "at steps[1].velocity"),
    Malformed(label: "page down by nothing", text: steps(#"[{"kind": "pageDown", "screens": 0}]"#), fragment: "at steps[0].screens (line 8, column 43): 0 is out of range; allowed 0.1...100"),
    Malformed(label: "world wait before time", text: steps(#"[{"kind": "waitForWorld", "throughMs": -1}]"#), fragment: "at steps[0].throughMs (line 8, column 49): -1 is out of range"),
    Malformed(label: "flick until loaded not boolean", text: steps(#"[{"kind": "flick", "velocity": 100, "untilAllLoaded": "yes"}]"#), fragment: "at steps[0].untilAllLoaded"),
    Malformed(label: "zero velocity", text: steps(#"[{"kind": "flick", "velocity": 0}]"#), fragment: "at steps[0].velocity (line 8, column 41): 0 is out of range; allowed 1...100000"),
    Malformed(label: "velocity and duration", text: steps(#"[{"kind": "scroll", "to": "end", "velocity": 10, "durationMs": 5}]"#), fragment: "give either velocity or durationMs, not both"),
    Malformed(label: "deceleration", text: steps(#"[{"kind": "flick", "velocity": 100, "deceleration": 1.5}]"#), fragment: "1.5 is out of range; allowed 0.9...0.9999"),
    Malformed(label: "repeat zero times", text: steps(#"[{"kind": "repeat", "times": 0, "steps": []}]"#), fragment: "at steps[0].times"),
    Malformed(label: "repeats past the limit", text: steps(#"[{"kind": "repeat", "times": 10000, "steps": [{"kind": "repeat", "times": 10000, "steps": [{"kind": "wait", "ms": 1}]}]}]"#), fragment: "the steps expand (with repeats) to 100000000 steps; the limit is 100000"),
    Malformed(label: "scroll to a missing section", text: steps(#"[{"kind": "scroll", "to": "row", "section": "fed", "row": 1}]"#), fragment: "'fed' is not one of: feed; did you mean 'feed'?"),
    Malformed(label: "enormous wait", text: steps(#"[{"kind": "wait", "ms": 1e18}]"#), fragment: "1e+18 is out of range; allowed 0...86400000"),
    Malformed(label: "burst every zero", text: world(#"[{"kind": "burst", "everyMs": 0, "forMs": 10}]"#), fragment: "at world[0].everyMs"),
    Malformed(label: "burst past the limit", text: world(#"[{"kind": "burst", "everyMs": 0.1, "forMs": 86400000, "changes": 100}]"#), fragment: "the limit is 1000000"),
    Malformed(label: "change in a missing section", text: world(#"[{"kind": "change", "op": "insert", "section": "news"}]"#), fragment: "'news' is not one of: feed"),
    Malformed(label: "unknown change op", text: world(#"[{"kind": "change", "op": "upsert"}]"#), fragment: "'upsert' is not one of: insert, delete, move, update; did you mean 'insert'?"),
    Malformed(label: "state in a feed", text: world(#"[{"kind": "state", "state": {"reports": 1}}]"#), fragment: "state events need data.template 'restaurant-detail'"),
    Malformed(label: "unknown state key", text: document(["data": #"{"template": "restaurant-detail", "state": {"reviews": 3}}"#]), fragment: "unknown state key 'reviews'"),
    Malformed(label: "page size zero", text: document(extra: [("paging", #"{"pageSize": 0}"#)]), fragment: "at paging.pageSize"),
    Malformed(label: "unknown paging trigger", text: document(extra: [("paging", #"{"pageSize": 20, "trigger": "lastRow"}"#)]),
              fragment: "at paging.trigger"),
    Malformed(label: "trigger screens with another trigger",
              text: document(extra: [("paging", #"{"pageSize": 20, "trigger": "lastRowWillDisplay", "triggerScreens": 2}"#)]),
              fragment: "at paging.triggerScreens (line"),
    Malformed(label: "duplicate key", text: "{\"seed\": 1, \"seed\": 2}", fragment: "line 1, column 13: duplicate key 'seed'"),
    Malformed(label: "leading zero", text: document(["seed": "01"]), fragment: "a number cannot have leading zeros"),
    Malformed(label: "trailing text", text: document() + " x", fragment: "unexpected text after the JSON value"),
    Malformed(label: "deep nesting", text: String(repeating: "[", count: 100), fragment: "nesting deeper than 64 levels"),
    Malformed(label: "bad escape", text: "{\"name\": \"a\\x\"}", fragment: "invalid escape"),
    Malformed(label: "number overflow", text: document(["seed": "1e400"]), fragment: "number out of range"),
    Malformed(label: "name not a string", text: document(["name": "3"]), fragment: "at name (line 3, column 9): expected a string, found a number"),
]

@Suite("Malformed scenarios")
struct MalformedScenarioTests {
    @Test("each gets one clear message", arguments: malformed)
    func rejected(_ input: Malformed) {
        do {
            _ = try Scenario.decode(Array(input.text.utf8))
            Issue.record("accepted: \(input.label)")
        } catch {
            #expect(error.description.contains(input.fragment), "\(input.label): \(error.description)")
        }
    }

    @Test func thereAreAtLeastThirty() { #expect(malformed.count >= 30) }

    @Test func binaryMissingDirectoryAndEmptyFilesEachHaveTheirMessage() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listbench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let binary = folder.appendingPathComponent("binary.json")
        try Data([0x7B, 0x00, 0xFF, 0x12]).write(to: binary)
        let empty = folder.appendingPathComponent("empty.json")
        try Data().write(to: empty)
        #expect(throws: ScenarioError.notText(line: 1, column: 2, path: nil, problem: "a NUL byte (00)")) { try ScenarioFile.load(path: binary.path) }
        #expect(throws: ScenarioError.emptyFile) { try ScenarioFile.load(path: empty.path) }
        #expect(throws: ScenarioError.missingFile) { try ScenarioFile.load(path: folder.appendingPathComponent("none.json").path) }
        #expect(throws: ScenarioError.isDirectory) { try ScenarioFile.load(path: folder.path) }
    }

    /// Bytes that are not text are named at their line and column (in
    /// bytes, as syntax errors are), with the JSON path of the value they
    /// are in when the rest of the file is JSON.
    @Test func bytesThatAreNotTextAreNamedWhereTheyAre() throws {
        func decoded(_ text: String, replacing marker: String, with bytes: [UInt8]) -> String {
            let parts = text.components(separatedBy: marker)
            let joined = parts.map { Array($0.utf8) }.joined(separator: bytes)
            do {
                _ = try Scenario.decode(Array(joined))
                return "valid"
            } catch {
                return error.description
            }
        }
        // description is on line 4: `"description": "d` puts the byte in column 18.
        let inDescription = document(["description": "\"d@x\""])
        #expect(decoded(inDescription, replacing: "@", with: [0xC3, 0x28])
            == "at description (line 4, column 18): not a text file: byte C3 is not UTF-8 (the bytes there: C3 28); a scenario is JSON in UTF-8")
        #expect(decoded(inDescription, replacing: "@", with: [0xFF])
            == "at description (line 4, column 18): not a text file: byte FF is not UTF-8 (the bytes there: FF 78); a scenario is JSON in UTF-8")
        #expect(decoded(inDescription, replacing: "@", with: [0x00])
            == "at description (line 4, column 18): not a text file: a NUL byte (00); a scenario is JSON in UTF-8")
        // Deeper: an element of a list inside an object.
        let inSection = document(["data": #"{"sections": [{"id": "fe@ed", "generate": 10}]}"#])
        #expect(decoded(inSection, replacing: "@", with: [0xE2, 0x82])
            .hasPrefix("at data.sections[0].id (line 7, column 33): not a text file: byte E2 is not UTF-8"))
        // Outside any string, and a file that is not JSON at all: the place alone.
        #expect(decoded("{@}", replacing: "@", with: [0xFF]).hasPrefix("at line 1, column 2: not a text file: byte FF is not UTF-8"))
        #expect(decoded("@PNG", replacing: "@", with: [0x89])
            == "at line 1, column 1: not a text file: byte 89 is not UTF-8 (the bytes there: 89 50); a scenario is JSON in UTF-8")
    }

    /// Over the expansion limit, the message points at the array that expands past it, not at the top-level object.
    @Test func anExpansionPastItsLimitIsNamedAtItsArray() throws {
        let repeated = steps(#"[{"kind": "repeat", "times": 1000, "steps": [{"kind": "repeat", "times": 1000, "steps": [{"kind": "wait", "ms": 1}]}]}]"#)
        do {
            _ = try Scenario.decode(Array(repeated.utf8))
            Issue.record("1,000,000 steps were accepted")
        } catch {
            #expect(error.description.hasPrefix("at steps (line 8, column 10): the steps expand"), "\(error.description)")
        }
        let changes = world(#"[{"kind": "repeat", "times": 1000, "everyMs": 1, "events": [{"kind": "change", "op": "insert", "count": 2000, "at": "bottom"}]}]"#)
        do {
            _ = try Scenario.decode(Array(changes.utf8))
            Issue.record("a world of 2,000,000 changes was accepted")
        } catch {
            #expect(error.description.hasPrefix("at world (line 8, column 10): "), "\(error.description)")
        }
    }

    @Test func theBaseDocumentIsValid() throws {
        let scenario = try Scenario.decode(Array(document().utf8))
        #expect(try scenario.generate().itemCount == 10)
    }
}

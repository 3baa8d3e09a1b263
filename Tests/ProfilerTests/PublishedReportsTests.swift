import Foundation
import ListSimulator
import Profiler
import PublishedReports
import Scenarios
import Strategies
import Testing

@Suite("Published reports")
struct PublishedReportsTests {
    /// The committed `Reports/` must be exactly what the code generates now
    /// (every figure in them is modeled), so the published reports never
    /// drift from the code. After a change to the model, run
    /// `swift run -c release listbench report` and commit the result.
    @Test func committedReportsMatchAFreshGeneration() throws {
        var scenarios: [String: Scenario] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path) where file.hasSuffix(".json") {
            let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
            scenarios[scenario.name] = scenario
        }
        let reports = scenariosFolder.deletingLastPathComponent().appendingPathComponent("Reports")
        // Runs of a shipped scenario as shipped on its own device are the shared fixture's.
        let ownDevices = scenarios.mapValues { $0.device ?? DeviceProfile.defaultName }
        let generated = try ReportGenerator.generate(scenarios: scenarios, catalog: .builtIn, jobs: 2) { scenario, device, strategy in
            guard device.iOS == nil, ownDevices[scenario] == device.name, StrategyCatalog.builtIn.names.contains(strategy) else { return nil }
            do {
                return try ShippedRuns.shared.run(strategy, "\(scenario).json").metrics
            } catch {
                Issue.record("the shared fixture could not run \(strategy) on \(scenario): \(error)")
                return nil
            }
        }
        let committed = try FileManager.default.contentsOfDirectory(atPath: reports.path).sorted()
        #expect(committed == generated.map(\.name), "Reports/ holds other files than listbench report writes")
        #expect(ReportGenerator.fileNames == generated.map(\.name), "ReportGenerator.fileNames (what report --output checks first) is not what it writes")
        // validation.md says what the timeline table cannot isolate and splits the Texture level into its causes.
        let validation = try #require(generated.first { $0.name == "validation.md" }).contents
        #expect(validation.contains("**What this comparison cannot isolate.** The table compares two app versions"))
        #expect(validation.contains("**The level's causes, each with its share.**"))
        for file in generated {
            let onDisk = try String(contentsOf: reports.appendingPathComponent(file.name), encoding: .utf8)
            #expect(onDisk == file.contents, "Reports/\(file.name) differs from a fresh generation: run 'swift run -c release listbench report' and commit")
        }
    }
}

extension PublishedReportsTests {
    @Suite("Report prose")
    struct ProsePassages {
        /// A shipped passage asked for without one of its figures fails with the
        /// typed error naming the passage and the placeholder, never a blank.
        @Test func aShippedPassageWithAMissingValueFailsNamingIt() throws {
            let prose = try Prose.shipped()
            #expect(throws: ProseError.missingValue(passage: "timeline.intro", placeholder: "dwellSeconds")) {
                try prose.text("timeline.intro", ["swipeMs": "300"])
            }
        }

        @Test func placeholdersAreFilledAndLinesJoined() throws {
            let prose = try Prose(files: [(name: "demo", text: """
                <!-- A comment before the first passage. -->

                <!-- passage: demo.finding -->
                A swipe over {swipeMs} ms,
                  then {dwellSeconds} s; `map { $0 }` keeps its braces.

                <!-- passage: demo.title -->
                Demo
                """)])
            #expect(prose.names == ["demo.finding", "demo.title"])
            #expect(try prose.text("demo.finding", ["swipeMs": "300", "dwellSeconds": "{1.7}"])
                    == "A swipe over 300 ms, then {1.7} s; `map { $0 }` keeps its braces.")
            #expect(try prose.text("demo.title") == "Demo")
        }

        @Test func everyOtherMistakeIsATypedErrorNamingThePassage() throws {
            let prose = try Prose(files: [(name: "demo", text: "<!-- passage: demo.line -->\nOn the {device}.\n")])
            #expect(throws: ProseError.missingPassage("demo.other")) { try prose.text("demo.other") }
            #expect(throws: ProseError.missingValue(passage: "demo.line", placeholder: "device")) { try prose.text("demo.line") }
            #expect(throws: ProseError.unusedValue(passage: "demo.line", name: "peak")) {
                try prose.text("demo.line", ["device": "iphone-6", "peak": "12.0"])
            }
        }

        @Test(arguments: [
            ("stray text\n<!-- passage: demo.a -->\nA\n", 1, "text before the first passage marker"),
            ("<!-- passage: other.a -->\nA\n", 1, "the passage 'other.a' must be named 'demo.…' in this file"),
            ("<!-- passage: demo.a -->\nA\n<!-- passage: demo.a -->\nB\n", 3, "a second passage named 'demo.a'"),
            ("<!-- passage: demo.a -->\nA\n\nB\n", 3, "a blank line inside the passage 'demo.a'"),
            ("<!-- passage: demo.a -->\n\n<!-- passage: demo.b -->\nB\n", 1, "the passage 'demo.a' is empty"),
        ])
        func malformedFilesAreRejected(text: String, line: Int, reason: String) {
            #expect(throws: ProseError.malformed(file: "demo", line: line, reason: reason)) {
                try Prose(files: [(name: "demo", text: text)])
            }
        }

        /// The reports compare built-in strategies by name; a catalog without
        /// them is a setup failure that says which, before anything runs.
        @Test func aCatalogWithoutTheReportsStrategiesIsASetupFailure() throws {
            var scenarios: [String: Scenario] = [:]
            for file in try FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path) where file.hasSuffix(".json") {
                let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
                scenarios[scenario.name] = scenario
            }
            let error = #expect(throws: ReportGenerator.Failure.self) {
                try ReportGenerator.generate(scenarios: scenarios, catalog: StrategyCatalog())
            }
            guard case .setup(let message) = error else {
                Issue.record("expected a setup failure, got \(String(describing: error))")
                return
            }
            #expect(message.contains("'monolithic-cells'"))
        }
    }
}

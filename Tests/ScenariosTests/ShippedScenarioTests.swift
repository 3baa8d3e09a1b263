import Foundation
@testable import Scenarios
import ListData
import Testing

/// The repository's `Scenarios/` folder.
let scenariosFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Scenarios")

let shippedFiles: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: scenariosFolder.path)) ?? [])
    .filter { $0.hasSuffix(".json") }.sorted()

@Suite("Shipped scenarios")
struct ShippedScenarioTests {
    @Test func theIssueListsEightScenariosAndAllAreShipped() {
        #expect(shippedFiles == [
            "home-170.json", "infinite-paging.json", "large-list.json", "note-1012.json", "realtime-feed.json",
            "restaurant-detail.json", "scroll-to-top.json", "timeline-200.json",
        ])
    }

    @Test("decodes, validates and generates", arguments: shippedFiles)
    func decodesValidatesAndGenerates(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(scenario.name + ".json" == file)
        #expect(!scenario.summary.isEmpty && !scenario.reproduces.isEmpty)
        let generated = scenario.generate()
        #expect(!generated.steps.isEmpty)
        // Identifiers are unique across the data at the start.
        let ids = generated.sections.flatMap { $0.items.map(\.id) }
        #expect(Set(ids).count == ids.count)
        #expect(generated.changes.map(\.atMs) == generated.changes.map(\.atMs).sorted())
    }

    @Test("generating twice gives identical data and events", arguments: shippedFiles)
    func generationIsDeterministic(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(scenario.generate() == scenario.generate())
        #expect(scenario.generate(device: "iphone-6").device == "iphone-6")
    }

    @Test func publishedSizesAreThere() throws {
        for (file, posts) in [("home-170.json", 170), ("timeline-200.json", 200), ("note-1012.json", 1_012)] {
            let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate()
            #expect(generated.itemCount == posts)
            #expect(generated.pageLatenciesMs.count == (posts + 19) / 20)
        }
        let large = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("large-list.json").path).generate()
        #expect(large.itemCount == 100_000)
        #expect(large.changes.count == 5 * 7_000)
    }

    @Test func restaurantReportsGrowThenShrink() throws {
        let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path).generate()
        let states = generated.changes.compactMap { change -> [DataSection]? in
            if case .state(let sections) = change.change { return sections }
            return nil
        }
        #expect(states.first?.count == 17)
        let reportCounts = states.map { $0[12].items.filter { $0.kind == .report }.count }
        #expect(reportCounts == [0, 0, 6, 6, 10, 4])
        // At the page maximum a "more" row appears.
        #expect(states[4][12].items.last?.kind == .reportsMore)
        // A row keeps its identifier across states.
        #expect(states[2][12].items[1].id == states[5][12].items[1].id)
    }
}

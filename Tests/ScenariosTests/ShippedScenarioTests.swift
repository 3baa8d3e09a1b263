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
    @Test func theIssuesScenariosAreAllShipped() {
        #expect(shippedFiles == [
            "catalogue-grid.json", "catalogue.json", "chat.json", "home-170.json", "infinite-paging.json", "large-list.json", "note-1012.json",
            "photo-grid.json", "realtime-feed.json",
            "restaurant-detail-load.json", "restaurant-detail.json", "scroll-to-top.json", "texture-sample.json",
            "timeline-200.json",
        ])
    }

    @Test("decodes, validates and generates", arguments: shippedFiles)
    func decodesValidatesAndGenerates(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(scenario.name + ".json" == file)
        #expect(!scenario.summary.isEmpty && scenario.reproduces.map { !$0.isEmpty } == true)
        let generated = try scenario.generate()
        #expect(!generated.steps.isEmpty)
        // Identifiers are unique across the data at the start.
        let ids = generated.sections.flatMap { $0.items.map(\.id) }
        #expect(Set(ids).count == ids.count)
        #expect(generated.changes.map(\.atMs) == generated.changes.map(\.atMs).sorted())
    }

    @Test("generating twice gives identical data and events", arguments: shippedFiles)
    func generationIsDeterministic(file: String) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        #expect(try scenario.generate() == scenario.generate())
        #expect(try scenario.generate(device: "iphone-6").device == "iphone-6")
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

@Suite("Data store")
struct DataStoreTests {
    @Test func applyingTheGeneratedChangesReproducesTheServersData() throws {
        for file in ["realtime-feed.json", "large-list.json", "restaurant-detail.json"] {
            let generated = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path).generate()
            var store = DataStore(generated.sections)
            var exactHints = 0
            var hinted = 0
            for change in generated.changes {
                switch change.change {
                case let .delete(id, section, index), let .update(id, section, index, _, _),
                     let .move(id, section, index, _, _):
                    hinted += 1
                    if store.sections[section].items[index].id == id { exactHints += 1 }
                default: break
                }
                try store.apply(change.change)
            }
            #expect(exactHints == hinted, "\(file): a position hint was stale")
            let ids = store.sections.flatMap { $0.items.map(\.id) }
            #expect(Set(ids).count == ids.count, "\(file): duplicate identifiers after the changes")
            #expect(store.itemCount == ids.count)
        }
    }

    @Test func hintsLocateItemsAndStaleHintsStillWork() throws {
        var store = DataStore([DataSection(id: "a", items: [Item(id: 1), Item(id: 2), Item(id: 3)])], keepsVersions: true)
        try store.apply(.update(id: 3, section: 0, index: 0, version: 5, textLength: 9))
        #expect(store.sections[0].items[2].version == 5 && store.versions[3] == 5)
        try store.apply(.move(id: 1, fromSection: 0, fromIndex: 0, section: 0, index: 2))
        #expect(store.sections[0].items.map(\.id) == [2, 3, 1])
        try store.apply(.delete(id: 3, section: 0, index: 1))
        #expect(store.sections[0].items.map(\.id) == [2, 1] && store.versions[3] == nil)
    }
}

@Suite("Sweep parameters")
struct ScenarioParameterTests {
    private func load(_ file: String) throws -> Scenario {
        try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
    }

    @Test func postsPagingAndBurstsAreSet() throws {
        let home = try load("home-170.json")
        let bigger = try home.setting(.posts, to: "340")
        #expect(try bigger.generate().sections.reduce(0) { $0 + $1.items.count } == 340)
        #expect(try home.setting(.pageSize, to: "50").paging?.pageSize == 50)
        let feed = try load("realtime-feed.json")
        let faster = try feed.setting(.burstEveryMs, to: "5")
        #expect(try faster.generate().changes.count > feed.generate().changes.count)
    }

    @Test(arguments: [
        (ScenarioParameter.posts, "0", "expected a whole number in 1...2000000"),
        (.posts, "ten", "expected a whole number"),
        (.pageSize, "-1", "expected a whole number in 1..."),
        (.latencyMs, "1e18", "expected a number in 0.0...86400000.0"),
        (.burstEveryMs, "nan", "expected a number"),
        (.seed, "-3", "expected a whole number in 0..."),
    ])
    func badValuesAreNamed(parameter: ScenarioParameter, value: String, fragment: String) throws {
        let scenario = try load(parameter == .burstEveryMs ? "realtime-feed.json" : "home-170.json")
        #expect(throws: ScenarioParameterError.self) { try scenario.setting(parameter, to: value) }
        do {
            _ = try scenario.setting(parameter, to: value)
        } catch {
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test func parametersThatDoNotApplyAreRefused() throws {
        let detail = try load("restaurant-detail.json")
        #expect(throws: ScenarioParameterError.self) { try detail.setting(.posts, to: "10") }
        #expect(throws: ScenarioParameterError.self) { try detail.setting(.pageSize, to: "10") }
        #expect(throws: ScenarioParameterError.self) { try load("home-170.json").setting(.burstEveryMs, to: "10") }
    }
}

/// A state event is kept as its state: O(1) memory, its page built only when read.
@Suite("Detail states")
struct DetailStateTests {
    /// `rowCounts` counts what `build` makes, for states over every key.
    @Test func rowCountsAreTheCountsOfTheBuiltPage() {
        var seed: UInt64 = 7
        func next(_ range: ClosedRange<Int>) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return range.lowerBound + Int((seed >> 33) % UInt64(range.count))
        }
        for _ in 0..<300 {
            var values: [String: Int] = [:]
            for key in DetailState.keys where next(0...2) > 0 { values[key] = next(0...3) == 0 ? 0 : next(0...40) }
            let state = DetailState(values: values)
            #expect(state.values == values)
            #expect(DetailTemplate.rowCounts(state) == DetailTemplate.build(state).map(\.items.count), "\(values)")
        }
    }

    /// Merging lays a patch's keys over the state, and leaves the others.
    @Test func mergingLaysThePatchOver() {
        let state = DetailState(values: ["restaurant": 1, "reports": 6, "courses": 3])
        let merged = state.merging(DetailState(values: ["reports": 10, "images": 4]))
        #expect(merged.values == ["restaurant": 1, "reports": 10, "courses": 3, "images": 4])
        #expect(merged["menu"] == nil && merged["reports"] == 10 && merged["nope"] == nil)
    }

    /// A generated detail scenario keeps states; each reads as the page it
    /// makes, equals that page as a change, and survives the binary form.
    @Test func aGeneratedStateReadsAsItsPageAndRoundTrips() throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("restaurant-detail.json").path)
        let generated = try scenario.generate()
        let states = generated.changes.compactMap(\.detailState)
        #expect(states.count == generated.changes.count && !states.isEmpty)
        for change in generated.changes {
            let state = try #require(change.detailState)
            #expect(change.change == .state(DetailTemplate.build(state)))
            #expect(change == TimedChange(atMs: change.atMs, change: .state(DetailTemplate.build(state))))
        }
        #expect(try GeneratedScenario(decoding: generated.encoded()) == generated)
        #expect(try GeneratedScenario(decoding: generated.encoded()).changes.compactMap(\.detailState) == states)
    }
}

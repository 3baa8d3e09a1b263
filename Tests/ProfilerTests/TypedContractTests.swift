import Foundation
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing

@Suite("Typed contracts")
struct TypedContractTests {
    @Test func everyMetricIdentityHasOneDefinitionInReportOrder() {
        #expect(Metric.all.map(\.id) == MetricID.allCases)
        #expect((Metric.modeled + Metric.correctness + Metric.measured).map(\.id) == MetricID.allCases)
        #expect(Metric.named("completionMs")?.id == .completionMs)
        #expect(Metric.named("completion") == nil)
        #expect(MetricID.peakMemoryBytes.unit == .bytes && MetricID.peakMemoryBytes.kind == .modeled)
        #expect(MetricID.staleRows.kind == .correctness && MetricID.wallMs.kind == .measured)
        #expect(MetricID.hitchRatioMsPerS.unit.rawValue == "ms/s")
    }

    /// The metric table is the one place a metric is described: each row is
    /// its own identity's, and unit, kind, direction and the headline
    /// columns come from it.
    @Test func theMetricTableDerivesUnitKindPolarityAndColumns() {
        for id in MetricID.allCases {
            let metric = Metric(id)
            #expect(metric.id == id)
            #expect(id.unit == metric.unit && id.kind == metric.kind, "\(id)")
            #expect(!metric.label.isEmpty && !metric.meaning.isEmpty, "\(id)")
            switch metric.polarity {
            case .prefersSmaller: #expect(metric.lowerIsBetter == true, "\(id)")
            case .prefersLarger: #expect(metric.lowerIsBetter == false, "\(id)")
            case .neutral: #expect(metric.lowerIsBetter == nil, "\(id)")
            }
        }
        #expect(Metric(.frames).polarity == .neutral && Metric(.hitches).polarity == .prefersSmaller)
        #expect(Metric.headline.map(\.id) == [
            .timeToFirstFrameMs, .completionMs, .mainThreadBusyMs, .mainThreadWaitingMs, .backgroundBusyMs, .frames, .hitches,
            .hitchRatioMsPerS, .cellsCreated, .cellsConfigured, .peakMemoryBytes,
            .inconsistencies, .staleRows, .scrollJumpPoints, .unchangedCellsReloaded, .rowsDisplayed, .rowsNeverDisplayed,
            .wallMs, .cpuMs, .peakRSSBytes,
        ])
    }

    /// Every measured metric has its samples and summary in a measured result
    /// (the look-ups switch over identities; a new measured one must be added there).
    @Test func everyMeasuredMetricHasItsSamples() throws {
        let sample = HostSample(wallNanoseconds: 2_000_000, cpuNanoseconds: 1_000_000, allocatedBytes: 4_096, peakRSSBytes: 8_192)
        let measured = try #require(MeasuredFigures([sample, sample]))
        for id in MetricID.allCases {
            #expect((measured.samples(of: id) != nil) == (id.kind == .measured), "\(id)")
            #expect((measured.summary(of: id) != nil) == (id.kind == .measured), "\(id)")
        }
    }

    @Test(arguments: [
        Verdict.better, .worse, .equal, .lower, .higher, .faster, .slower, .smaller, .larger, .noSignificantDifference,
        .noInterval, .notComparable(.oneSideOnly), .notComparable(.skippedRows(strategy: "reload", count: 12)),
        .notComparable(.misSizedRows(strategy: "cellbinder:sizing=published", count: 3)),
    ])
    func verdictsRoundTripThroughTheirText(_ verdict: Verdict) throws {
        #expect(Verdict(description: verdict.description) == verdict)
        let data = try JSONEncoder().encode([verdict])
        #expect(String(decoding: data, as: UTF8.self) == "[\"\(verdict.description)\"]")
        #expect(try JSONDecoder().decode([Verdict].self, from: data) == [verdict])
    }

    @Test func unknownVerdictsAndBoundsAreRejected() {
        #expect(Verdict(description: "much better") == nil)
        #expect(Verdict(description: "not comparable: reload never showed many rows it owed") == nil)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([Verdict].self, from: Data("[\"best\"]".utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([RunBound].self, from: Data("[\"virtual time past 9 h\"]".utf8)) }
    }

    @Test func boundsRoundTripAsReportsStateThem() throws {
        for bound in [RunBound.virtualTime, .steps] {
            let data = try JSONEncoder().encode([bound])
            #expect(try JSONDecoder().decode([RunBound].self, from: data) == [bound])
        }
        #expect(RunBound.virtualTime.description == "virtual time past 4 h")
        #expect(RunBound.steps.description == "more than 20,000,000 simulator steps")
    }
}

@Suite("Inconsistency kinds")
struct InconsistencyKindTests {
    /// The crashes the published code has are told apart by kind, not by parsing their words.
    @Test(arguments: [
        ("batch-updates", "realtime-feed.json", Inconsistency.Kind.invalidBatchUpdate),
        ("row-ids", "restaurant-detail.json", .appTrap),
    ])
    func aShippedCrashHasItsKind(strategy: String, file: String, kind: Inconsistency.Kind) throws {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        let generated = try scenario.generate()
        let runner = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                                    strategy: try StrategyCatalog.builtIn.named(strategy))
        let metrics = runner.run()
        #expect(metrics.status == .crashed)
        #expect(runner.simulation.inconsistencies.map(\.kind) == [kind])
        #expect(runner.simulation.inconsistencies.first?.message == metrics.firstInconsistency)
    }
}

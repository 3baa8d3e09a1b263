import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies
import Testing

/// A fixed probe so measured figures exist without timing anything.
struct FixedProbe: HostProbe {
    var wallNanoseconds: Double = 2_000_000
    let method = "fixed figures for tests"
    func measure<T>(_ body: () -> T) -> (T, HostSample) {
        (body(), HostSample(wallNanoseconds: wallNanoseconds, cpuNanoseconds: wallNanoseconds / 2, allocatedBytes: 4_096, peakRSSBytes: 8_192))
    }
}

/// A small report: two strategies on realtime-feed (one crashes, with a comma in its message) and restaurant-detail-load.
func sampleReport(repetitions: Int = 2, probe: FixedProbe = FixedProbe()) throws -> BenchmarkReport {
    let device = try DeviceProfile.standard()
    var requests: [RunRequest] = []
    var names: [String] = []
    for file in ["realtime-feed.json", "restaurant-detail-load.json"] {
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent(file).path)
        names.append(scenario.name)
        for strategy in ["batch-updates", "identifier-diff:diff=minimal"] {
            requests.append(RunRequest(scenario: scenario.name, file: file, generated: try scenario.generate(), device: device,
                                       strategy: try StrategyCatalog.builtIn.named(strategy)))
        }
    }
    let results = try Benchmark.run(requests, options: BenchmarkOptions(repetitions: repetitions, warmup: 0, jobs: 1), probe: probe)
    let scenarios = names.enumerated().map { index, name in
        ScenarioReport(scenario: name, device: device, results: Array(results[(index * 2)..<(index * 2 + 2)]))
    }
    return BenchmarkReport(measurement: MeasurementInfo(repetitions: repetitions, warmup: 0, jobs: 1, measuredInParallel: false,
                                                        method: probe.method, build: "test"), scenarios: scenarios)
}

/// An RFC 4180 reader: quoted fields, doubled quotes, CRLF records.
func parseCSV(_ text: String) -> [[String]] {
    var records: [[String]] = [], field = "", record: [String] = [], quoted = false
    var characters = Array(text), index = 0
    while index < characters.count {
        let character = characters[index]
        if quoted {
            if character == "\"" {
                if index + 1 < characters.count, characters[index + 1] == "\"" { field.append("\""); index += 1 } else { quoted = false }
            } else {
                field.append(character)
            }
        } else if character == "\"" {
            quoted = true
        } else if character == "," {
            record.append(field); field = ""
        } else if character == "\r\n" || character == "\n" {
            record.append(field); records.append(record); record = []; field = ""
        } else {
            field.append(character)
        }
        index += 1
    }
    characters = []
    return records
}

@Suite("Report formats")
struct ReportFormatTests {
    @Test func csvParsesWithOneRowPerScenarioAndStrategy() throws {
        let report = try sampleReport()
        let rows = parseCSV(report.renderCSV())
        let header = try #require(rows.first)
        #expect(rows.count == 5)
        #expect(rows.allSatisfy { $0.count == header.count })
        for name in ["scenario", "strategy", "status", "timeToFirstFrameMs", "completionMs", "staleRows", "wallMs", "wallMsMad", "peakRSSBytes"] {
            #expect(header.contains(name), "\(name)")
        }
        let strategy = try #require(header.firstIndex(of: "strategy"))
        let crashed = try #require(rows.first { $0[strategy] == "batch-updates" && $0[0] == "realtime-feed" })
        let message = try #require(header.firstIndex(of: "firstInconsistency"))
        #expect(crashed[message].hasPrefix("Invalid update: invalid number of rows in section 0."))
        #expect(crashed[message].contains(","))  // survived quoting
        let wall = try #require(header.firstIndex(of: "wallMs"))
        #expect(crashed[wall] == "2")
        // Every modeled figure reads back to the very Double the report holds (no `%g` rounding).
        let completion = try #require(header.firstIndex(of: "completionMs"))
        for (row, scenario) in zip(rows.dropFirst(), report.scenarios.flatMap { $0.results }) {
            #expect(Double(row[completion]) == scenario.metrics?.completionMs, "\(row[completion])")
        }
    }

    @Test func jsonDecodesBackToTheSameReport() throws {
        let report = try sampleReport()
        let decoded = try JSONDecoder().decode(BenchmarkReport.self, from: Data(try report.renderJSON().utf8))
        #expect(decoded == report)
        #expect(decoded.formatVersion == BenchmarkReport.currentFormatVersion)
        #expect(decoded.scenarios[0].results[1].metrics?.memorySeries.isEmpty == false)
        #expect(decoded.scenarios[0].results[1].measured?.wallSamplesMs.count == 2)
    }

    @Test func htmlIsSelfContainedAndItsChartsAreWellFormedSVG() throws {
        let html = try sampleReport().renderHTML()
        // Self-contained: no scripts, links or fetched resources; the only address is the SVG namespace.
        let withoutNamespace = html.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
        #expect(!withoutNamespace.contains("http:") && !withoutNamespace.contains("https:"))
        #expect(!html.contains("<script") && !html.contains("src=") && !html.contains("<link"))
        var svgs: [String] = []
        var rest = Substring(html)
        while let start = rest.range(of: "<svg xmlns"), let end = rest.range(of: "</svg>", range: start.upperBound..<rest.endIndex) {
            svgs.append(String(rest[start.lowerBound..<end.upperBound]))
            rest = rest[end.upperBound...]
        }
        #expect(svgs.count == 2 * 2 * 2)  // per scenario and strategy: memory over time, late frames over the budget
        for svg in svgs {
            let parser = XMLParser(data: Data(svg.utf8))
            #expect(parser.parse(), "\(parser.parserError.map(String.init(describing:)) ?? "") in \(svg.prefix(200))")
        }
        #expect(svgs.contains { $0.contains("<polyline") && $0.contains("device limit") })
        #expect(svgs.contains { $0.contains("stroke-dasharray") && $0.contains("budget") })
        #expect(svgs.allSatisfy { $0.contains("<title>") && $0.contains("virtual time (s)") })
    }

    @Test func markdownHasATablePerScenarioAndTheGlossary() throws {
        let markdown = try sampleReport().renderMarkdown()
        #expect(markdown.components(separatedBy: "\n| strategy | status |").count == 3)
        #expect(markdown.contains("| `completionMs` (completion ms) | modeled | ms |"))
        #expect(markdown.contains("[measured]"))
    }
}

@Suite("Benchmark runs")
struct BenchmarkRunTests {
    @Test func parallelJobsDoNotChangeModeledFigures() throws {
        let serial = try sampleReport(repetitions: 0)
        let device = try DeviceProfile.standard()
        let scenario = try ScenarioFile.load(path: scenariosFolder.appendingPathComponent("realtime-feed.json").path)
        let requests = try ["batch-updates", "identifier-diff:diff=minimal"].map {
            RunRequest(scenario: scenario.name, file: "", generated: try scenario.generate(), device: device,
                       strategy: try StrategyCatalog.builtIn.named($0))
        }
        let parallel = try Benchmark.run(requests, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: 2), probe: nil)
        #expect(parallel.map(\.metrics) == serial.scenarios[0].results.map(\.metrics))
        #expect(parallel.allSatisfy { $0.measured == nil })
    }

    @Test func measuredRepetitionsAreSummarised() throws {
        let report = try sampleReport(repetitions: 3)
        let measured = try #require(report.scenarios[0].results[0].measured)
        #expect(measured.repetitions == 3)
        #expect(measured.wallMs.median == 2 && measured.cpuMs.median == 1)
        #expect(measured.peakRSSBytes?.median == 8_192)
    }
}

@Suite("Sweeps and glossary")
struct SweepAndGlossaryTests {
    /// A sweep's growth factors are computed in Profiler, per strategy and
    /// metric from the previous value; the table only prints them.
    @Test func sweepGrowthIsComputedFromThePreviousValue() throws {
        var report = try sampleReport(repetitions: 0)
        // Two values of a sweep of "demo" over "k", as `sweep` labels its runs.
        report.scenarios[0].scenario = SweepResults.label(scenario: "demo", key: "k", value: "1")
        report.scenarios[1].scenario = SweepResults.label(scenario: "demo", key: "k", value: "2")
        let sweep = SweepResults(scenarioSweep: report, scenario: "demo", key: "k", values: ["1", "2"])
        #expect(sweep.series.map(\.strategy) == ["batch-updates", "identifier-diff:diff=minimal"])
        #expect(sweep.device == report.scenarios[0].deviceLabel && !sweep.hasMeasured)
        let rows = try #require(sweep.series.first?.rows)
        #expect(rows.map(\.value) == ["1", "2"])
        #expect(rows[0].growth(of: .mainThreadBusyMs) == .first)
        let before = try #require(rows[0].result.value(.mainThreadBusyMs)), after = try #require(rows[1].result.value(.mainThreadBusyMs))
        #expect(rows[1].growth(of: .mainThreadBusyMs) == .factor(after / before))
        #expect(rows[1].growth(of: .wallMs) == .undefined)
        let table = SweepTable.render(sweep)
        #expect(table.contains("batch-updates on demo (\(sweep.device ?? "")), sweeping k") && table.contains(String(format: "×%.2f", after / before)))
    }

    /// A note the same under every value of a sweep is printed once; one
    /// under some values only names them.
    @Test func sweepNotesArePrintedOnceAndNameTheirValues() throws {
        var report = try sampleReport(repetitions: 0)
        report.scenarios[1] = report.scenarios[0]
        report.scenarios[0].scenario = SweepResults.label(scenario: "demo", key: "k", value: "1")
        report.scenarios[1].scenario = SweepResults.label(scenario: "demo", key: "k", value: "2")
        let sweep = SweepResults(scenarioSweep: report, scenario: "demo", key: "k", values: ["1", "2"])
        // Notes wrap at 120 columns, continued on lines indented by two spaces.
        let same = SweepTable.render(sweep, report: report, markdown: false).replacingOccurrences(of: "\n  ", with: " ")
        let crash = try #require(report.scenarios[0].results[0].metrics?.firstInconsistency)
        #expect(same.components(separatedBy: "batch-updates: first inconsistency: \(crash)").count == 2, "\(same)")
        #expect(!same.contains("(k="))

        var differing = try sampleReport(repetitions: 0)
        differing.scenarios[0].scenario = SweepResults.label(scenario: "demo", key: "k", value: "1")
        differing.scenarios[1].scenario = SweepResults.label(scenario: "demo", key: "k", value: "2")
        let text = SweepTable.render(SweepResults(scenarioSweep: differing, scenario: "demo", key: "k", values: ["1", "2"]),
                                     report: differing, markdown: false).replacingOccurrences(of: "\n  ", with: " ")
        #expect(text.contains("batch-updates (k=1): first inconsistency: \(crash)"), "\(text)")
    }

    /// `run --help` describes every headline column, from the metric table.
    @Test func runHelpNamesEveryColumn() {
        for metric in Metric.headline {
            #expect(MetricGlossary.runHelp.contains(metric.label), "\(metric.id)")
        }
    }
}

@Suite("Comparisons and baselines")
struct ComparisonTests {
    @Test func modeledDifferencesAreExactAndMeasuredOnesNeedTheirInterval() throws {
        let report = try sampleReport(repetitions: 5)
        let comparison = try #require(ScenarioComparison.all(in: report, a: "batch-updates", b: "identifier-diff:diff=minimal").first)
        let unchanged = try #require(comparison.metrics.first { $0.metric == .unchangedCellsReloaded })
        #expect(unchanged.a != nil)
        // The fixed probe gives identical samples: the interval is [1, 1].
        let wall = try #require(comparison.metrics.first { $0.metric == .wallMs })
        #expect(wall.verdict == .noSignificantDifference)
        let inconsistencies = try #require(comparison.metrics.first { $0.metric == .inconsistencies })
        #expect(inconsistencies.verdict == .better)
    }

    @Test func aBaselineFindsRegressionsPastTheThresholdOnly() throws {
        let baseline = try sampleReport(repetitions: 5)
        #expect(BaselineCheck(current: baseline, baseline: baseline, thresholdPercent: 0).changes.isEmpty)
        var worse = baseline
        worse.scenarios[1].results[1].metrics?.mainThreadBusyMs *= 1.10
        worse.scenarios[1].results[1].metrics?.staleRows += 1
        worse.scenarios[1].results[0].metrics?.hitches = max(0, (baseline.scenarios[1].results[0].metrics?.hitches ?? 0) - 100)
        let check = BaselineCheck(current: worse, baseline: baseline, thresholdPercent: 5)
        #expect(check.regressions.map(\.metric).sorted() == [.metric(.mainThreadBusyMs), .metric(.staleRows)])
        #expect(BaselineCheck(current: worse, baseline: baseline, thresholdPercent: 20).regressions.map(\.metric) == [.metric(.staleRows)])
        // Measured: a 50% slower probe with identical samples is significant.
        let slower = try sampleReport(repetitions: 5, probe: FixedProbe(wallNanoseconds: 3_000_000))
        let measured = BaselineCheck(current: slower, baseline: baseline, thresholdPercent: 5).regressions
        #expect(measured.contains { $0.metric == .metric(.wallMs) && $0.kind == .measured })
        #expect(check.render().contains("Regressions:"))
    }

    /// Reports name the iOS version; a baseline saved before they did still matches its device.
    @Test func aBaselineWithoutIOSVersionsStillMatches() throws {
        let current = try sampleReport()
        #expect(current.scenarios.allSatisfy { $0.iOS != nil })
        var old = current
        for index in old.scenarios.indices { old.scenarios[index].iOS = nil }
        let check = BaselineCheck(current: current, baseline: old, thresholdPercent: 0)
        #expect(check.unmatched.isEmpty, "\(check.unmatched)")
        var other = current
        other.scenarios[0].iOS = 99
        #expect(!BaselineCheck(current: current, baseline: other, thresholdPercent: 0).unmatched.isEmpty)
        // A run on another version than the device's default does not match an unversioned baseline.
        var older = current
        older.scenarios[0].iOS = (current.scenarios[0].defaultIOS ?? 17) - 1
        let mismatch = BaselineCheck(current: older, baseline: old, thresholdPercent: 0)
        #expect(mismatch.unmatched.contains { $0.hasPrefix("\(older.scenarios[0].scenario) on \(older.scenarios[0].deviceLabel)") })
        #expect(mismatch.changes.isEmpty)
    }
}

@Suite("Progress lines")
struct ProgressLineTests {
    /// The estimate is the runs left at the mean pace so far, shown only once
    /// a couple of seconds have passed and while runs remain (elapsed time is
    /// passed in: nothing here depends on the clock).
    @Test func theTimeLeftFollowsThePaceAfterACoupleOfSeconds() {
        let update = ProgressUpdate(done: 10, total: 40, label: "home-170 × reload", started: true)
        #expect(update.line(elapsedSeconds: 1) == "[10/40] running home-170 × reload")
        #expect(update.line(elapsedSeconds: 5) == "[10/40] running home-170 × reload · about 15 s left")
        #expect(update.line(elapsedSeconds: 60) == "[10/40] running home-170 × reload · about 3 min left")
        #expect(ProgressUpdate(done: 1, total: 400, label: "x", started: false).line(elapsedSeconds: 90) == "[1/400] x · about 9 h 58 min left")
        #expect(ProgressUpdate(done: 0, total: 4, label: "x", started: true).line(elapsedSeconds: 9) == "[0/4] running x")
        #expect(ProgressUpdate(done: 4, total: 4, label: "x", started: false).line(elapsedSeconds: 9) == "[4/4] x")
    }
}

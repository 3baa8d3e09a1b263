import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies

/// `Reports/validation.md`: each published direction's share of plausible
/// devices (issue 27): the same runs as the report's own, on
/// ``uncertaintyDraws`` devices drawn from each profile's uncertainty ranges
/// (``DeviceProfile/plausible(draw:seed:)``), or ``costlyDraws`` for the
/// dearest runs, and on how many of them the model still gives the
/// published direction.
///
/// The counts keep `listbench report` and the published-reports test (a
/// debug build) within about 20 s more on two cores: a draw of every
/// direction costs about 4.5 s of CPU in a debug build, 3 s of it the Note
/// screen's and Texture's `infinite-paging` runs.
extension ReportGenerator {
    /// How many plausible devices each direction is checked on, and their seed.
    static let uncertaintyDraws = 20
    /// The plausible devices of the dearest runs (Note's 1,012 posts, Texture's `infinite-paging`).
    static let costlyDraws = 5
    static let uncertaintySeed: UInt64 = 27

    /// A published direction the validation report checks: on which run,
    /// and the test the report's own table applies ("agrees" when it holds).
    struct PublishedDirection: Sendable {
        /// The write-up it comes from, by subject (`docs/published-comparisons.md`).
        var writeUp: String
        var published: String
        var scenario: String
        var device: ReportDevice
        /// The strategies the test reads, in the order it takes their figures.
        var strategies: [String]
        /// How many plausible devices it is checked on.
        var draws = uncertaintyDraws
        /// The test: the runs' metrics in ``strategies``' order, and the device's frame interval in ms.
        var holds: @Sendable ([RunMetrics?], Double) -> Bool
    }

    /// A direction and on how many devices it holds.
    struct DirectionShare: Sendable {
        var direction: PublishedDirection
        var nominal: Bool
        var holding: Int
        var draws: Int
    }

    /// The published directions, each with the validation table's own test.
    static var publishedDirections: [PublishedDirection] {
        let sooner: @Sendable ([RunMetrics?], Double) -> Bool = { runs, frame in finishesSooner(runs[1], than: runs[0], frameIntervalMs: frame) }
        var directions: [PublishedDirection] = []
        for (screen, name) in timelineScreens {
            directions.append(PublishedDirection(writeUp: "timeline", published: "\(screen): the view-model design finishes sooner", scenario: name,
                                                 device: "iphone-15", strategies: ["monolithic-cells", "viewmodel-cells"],
                                                 draws: name == "note-1012" ? costlyDraws : uncertaintyDraws, holds: sooner))
        }
        for device in restaurantDevices {
            directions.append(PublishedDirection(writeUp: "restaurant detail", published: "the detail page's load went down", scenario: "restaurant-detail-load",
                                                 device: device, strategies: ["cellbinder", "row-ids"], holds: sooner))
        }
        let feed = "realtime-feed"
        directions += [
            PublishedDirection(writeUp: "reloadData", published: "hand-written insert/delete trips UIKit's assertions", scenario: feed, device: "iphone-15",
                               strategies: ["batch-updates"]) { runs, _ in runs[0]?.status == .crashed },
            PublishedDirection(writeUp: "crash rate", published: "crashes a few a day → 0 with a diffable data source", scenario: feed, device: "iphone-15",
                               strategies: ["batch-updates", "diffable-ids"]) { runs, _ in (runs[1]?.inconsistencies ?? 1) == 0 && (runs[0]?.inconsistencies ?? 0) > 0 },
            PublishedDirection(writeUp: "reloadData", published: "`reloadData` for every change is slow (main thread)", scenario: feed, device: "iphone-15",
                               strategies: ["reload", minimalLibrary]) { runs, _ in (runs[0]?.mainThreadBusyMs ?? 0) > (runs[1]?.mainThreadBusyMs ?? .infinity) },
            PublishedDirection(writeUp: "reloadData", published: "smooth animated updates with the diffing library (hitches)", scenario: feed, device: "iphone-15",
                               strategies: ["reload", minimalLibrary]) { runs, _ in (runs[0]?.hitches ?? 0) > (runs[1]?.hitches ?? 0) },
        ]
        // On the older phone only: Texture's runs on infinite-paging are the dearest of all.
        for device: ReportDevice in ["iphone-6"] {
            directions += [
                PublishedDirection(writeUp: "Texture memory", published: "Texture's list is killed after a few minutes of use", scenario: "infinite-paging",
                                   device: device, strategies: ["texture"], draws: costlyDraws) { runs, _ in runs[0]?.killed == true },
                PublishedDirection(writeUp: "Texture memory", published: "placeholders: memory \"dramatically improved\"", scenario: "infinite-paging",
                                   device: device, strategies: ["texture", "texture-placeholders"], draws: costlyDraws) { runs, _ in
                    (runs[1]?.peakMemoryBytes ?? Int.max) < (runs[0]?.peakMemoryBytes ?? 0)
                },
            ]
        }
        return directions
    }

    /// Each published direction on the nominal device (the report's own
    /// runs, `all`) and on ``uncertaintyDraws`` plausible devices: every run
    /// a direction reads, once per (scenario, device, strategy, draw), `jobs` at once. A direction
    /// with a strategy the device's iOS cannot run is left out.
    ///
    /// - Complexity: draws × the distinct (scenario, device, strategy) runs the directions read.
    /// - Throws: ``Failure/setup(_:)`` when a profile lacks its uncertainties, a scenario or strategy is missing, or a run fails.
    static func directionShares(_ all: Results, scenarios: [String: Scenario], catalog: StrategyCatalog, jobs: Int,
                                progress: Benchmark.Progress) throws(Failure) -> [DirectionShare] {
        struct Run: Hashable { var scenario: String, device: ReportDevice, strategy: String, draw: Int }
        var requests: [RunRequest] = []
        var keys: [Run] = []
        var seen = Set<Run>()
        var generated: [String: GeneratedScenario] = [:]
        var directions: [PublishedDirection] = []
        for direction in publishedDirections {
            guard let scenario = scenarios[direction.scenario] else { throw Failure.missingScenario(direction.scenario) }
            let profile = try all.profile(direction.device)
            // A direction the device's iOS cannot run (row-ids on iOS 12) has no verdict to check.
            var runnable = true
            for spec in direction.strategies where try strategy(spec, in: catalog).unsupportedReason(on: profile) != nil { runnable = false }
            guard runnable else { continue }
            directions.append(direction)
            do { try profile.requireUncertainties() } catch { throw Failure.setup(error.description) }
            let plan: GeneratedScenario
            if let known = generated["\(direction.scenario) \(profile.name)"] {
                plan = known
            } else {
                do { plan = try scenario.generate(device: profile.name) } catch { throw Failure.setup(error.description) }
                generated["\(direction.scenario) \(profile.name)"] = plan
            }
            for draw in 0..<direction.draws {
                let device = profile.plausible(draw: draw, seed: uncertaintySeed)
                for spec in direction.strategies {
                    let key = Run(scenario: direction.scenario, device: direction.device, strategy: spec, draw: draw)
                    guard seen.insert(key).inserted else { continue }
                    requests.append(RunRequest(scenario: "\(direction.scenario) device \(draw + 1)", file: "", generated: plan, device: device,
                                               strategy: try strategy(spec, in: catalog)))
                    keys.append(key)
                }
            }
        }
        let outcomes: [StrategyResult]
        do {
            outcomes = try Benchmark.run(requests, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: jobs), probe: nil, progress: progress)
        } catch {
            throw Failure.setup(String(describing: error))
        }
        let byKey = Dictionary(uniqueKeysWithValues: zip(keys, outcomes))
        var shares: [DirectionShare] = []
        for direction in directions {
            let frame = Double(try all.profile(direction.device).frameInterval) / 1_000_000
            let nominal = direction.holds(direction.strategies.map { all.result(direction.scenario, direction.device, $0)?.metrics }, frame)
            let holding = (0..<direction.draws).filter { draw in
                direction.holds(direction.strategies.map {
                    byKey[Run(scenario: direction.scenario, device: direction.device, strategy: $0, draw: draw)]?.metrics
                }, frame)
            }.count
            shares.append(DirectionShare(direction: direction, nominal: nominal, holding: holding, draws: direction.draws))
        }
        return shares
    }

    /// Whether `after` finishes sooner than `before` by more than the noise
    /// floor `compare`'s verdicts use (a frame of the device, or 1% of the
    /// larger: ``Metric/isPracticallyEqual(_:_:frameIntervalMs:)``): a
    /// published "faster" agrees only beyond it.
    static func finishesSooner(_ after: RunMetrics?, than before: RunMetrics?, frameIntervalMs: Double) -> Bool {
        guard let old = before?.completionMs, let new = after?.completionMs else { return false }
        return new < old && !Metric(.completionMs).isPracticallyEqual(old, new, frameIntervalMs: frameIntervalMs)
    }

    /// The section of `validation.md` with every direction's share.
    static func uncertaintyValidation(_ all: Results, _ prose: Prose) throws(Failure) -> [ReportDocument.Block] {
        let rows = all.directionShares.map { share -> [String] in
            let direction = share.direction
            return [direction.writeUp, direction.published, "\(direction.scenario), \(direction.device.label)",
                    direction.strategies.map { "`\($0)`" }.joined(separator: " → "), share.nominal ? "agrees" : "disagrees",
                    "\(share.holding) of \(share.draws) (\(Int((Double(share.holding) / Double(max(1, share.draws)) * 100).rounded()))%)"]
        }
        let below = all.directionShares.filter { $0.holding < $0.draws }.count
        return [
            .heading(try words(prose, "validation.uncertainty.heading")),
            .paragraph(try words(prose, "validation.uncertainty.method", ["draws": "\(uncertaintyDraws)", "costly": "\(costlyDraws)",
                                                                          "seed": "\(uncertaintySeed)"])),
            .table(headers: ["write-up", "published direction", "run", "strategies", "model, nominal device", "plausible devices agreeing"], rows: rows),
            .paragraph(try words(prose, "validation.uncertainty.finding", ["below": "\(below)", "count": "\(rows.count)"])),
        ]
    }
}

import ListSimulator
import Profiler
import Scenarios
import Strategies

/// Running what the reports need: the plan of runs (scenario, device,
/// strategies), made once each, and the results by key.
extension ReportGenerator {
    /// A strategy the reports name, by spec, from the catalog passed in.
    ///
    /// - Throws: ``Failure/setup(_:)`` naming the spec when the catalog lacks
    ///   the strategy or rejects its options.
    static func strategy(_ spec: String, in catalog: StrategyCatalog) throws(Failure) -> StrategyDescriptor {
        do {
            return try catalog.named(spec)
        } catch {
            throw Failure.setup("the reports run '\(spec)', which the strategy catalog passed in cannot provide: \(error)")
        }
    }

    struct Results {
        var byKey: [Key: StrategyResult]
        var profiles: [ReportDevice: DeviceProfile]
        var indexDevices: [String: ReportDevice]
        /// Each published direction's share of plausible devices (``directionShares(_:scenarios:catalog:jobs:progress:)``).
        var directionShares: [DirectionShare] = []

        func result(_ scenario: String, _ device: ReportDevice, _ strategy: String) -> StrategyResult? {
            byKey[Key(scenario: scenario, device: device, strategy: strategy)]
        }

        func report(_ scenario: String, _ device: ReportDevice, _ strategies: [String]) throws(Failure) -> ScenarioReport {
            try ScenarioReport(scenario: scenario, device: profile(device), results: strategies.compactMap { result(scenario, device, $0) })
        }

        /// The profile a device was run on; every device the plan names has one.
        func profile(_ device: ReportDevice) throws(Failure) -> DeviceProfile {
            guard let profile = profiles[device] else { throw Failure.setup("the reports ran nothing on '\(device)'") }
            return profile
        }
    }

    /// The modeled figures of a run made elsewhere: `(scenario, device, strategy)` → metrics, or nil.
    public typealias KnownRuns = @Sendable (_ scenario: String, _ device: ReportDevice, _ strategy: String) -> RunMetrics?

    static func results(scenarios: [String: Scenario], catalog: StrategyCatalog, jobs: Int,
                        known: KnownRuns, progress: Benchmark.Progress) throws(Failure) -> Results {
        var plan: [(label: String, scenario: Scenario, device: ReportDevice, strategies: [String])] = []
        func scenario(_ name: String) throws(Failure) -> Scenario {
            guard let found = scenarios[name] else { throw Failure.missingScenario(name) }
            return found
        }
        for (_, name) in timelineScreens {
            for device: ReportDevice in ["iphone-15", "iphone-6"] {
                plan.append((name, try scenario(name), device, ["monolithic-cells", "viewmodel-cells"]))
                var framePaced = try scenario(name)
                framePaced.steps = framePacedSteps
                plan.append((framePacedLabel(name), framePaced, device, timelineVariantSpecs))
            }
        }
        for level in shapeLevels {
            let scanned = withShape(try scenario("home-170"), level.shape)
            var shaped = scanned
            shaped.steps = framePacedSteps
            plan.append((shapeLabel(level.shapes), shaped, "iphone-15", ["monolithic-cells", "viewmodel-cells"]))
            plan.append((scanShapeLabel(level.shapes), scanned, "iphone-15", ["monolithic-cells", "viewmodel-cells"]))
        }
        for device in restaurantDevices {
            plan.append(("restaurant-detail-load", try scenario("restaurant-detail-load"), device, ["cellbinder", "row-ids"]))
        }
        plan.append(("restaurant-detail", try scenario("restaurant-detail"), "iphone-15", restaurantVisitStrategies))
        plan.append(("realtime-feed", try scenario("realtime-feed"), "iphone-15", realtimeStrategies + librarySurfaceSpecs))
        for device: ReportDevice in ["iphone-6", "iphone-15"] {
            plan.append(("infinite-paging", try scenario("infinite-paging"), device, textureStrategies))
        }
        for device in scrollToTopDevices {
            plan.append(("scroll-to-top", try scenario("scroll-to-top"), device, textureStrategies))
        }
        for posts in sweepPosts {
            let sized: Scenario
            do { sized = try scenario("home-170").setting(.posts, to: posts) } catch { throw Failure.setup(String(describing: error)) }
            plan.append(("home-170 [posts=\(posts)]", sized, "iphone-15", ["monolithic-cells", "viewmodel-cells"]))
        }
        plan += try openAssumptionPlan(scenario)
        plan += try swiftUIPlan(scenario)
        var indexDevices: [String: ReportDevice] = [:]
        for name in scenarios.keys.sorted() {
            let found = try scenario(name)
            let device = ReportDevice(found.device ?? DeviceProfile.defaultName)
            indexDevices[name] = device
            plan.append((name, found, device, catalog.names))
        }

        var profiles: [ReportDevice: DeviceProfile] = [:]
        var requests: [RunRequest] = []
        var keys: [Key] = []
        var seen = Set<Key>()
        var reused: [Key: StrategyResult] = [:]
        for entry in plan {
            let profile: DeviceProfile
            do { profile = try entry.device.profile() } catch { throw Failure.setup(String(describing: error)) }
            profiles[entry.device] = profile
            let generated: GeneratedScenario
            do { generated = try entry.scenario.generate(device: profile.name) } catch { throw Failure.setup(error.description) }
            for name in entry.strategies {
                let key = Key(scenario: entry.label, device: entry.device, strategy: name)
                guard seen.insert(key).inserted else { continue }
                // A grid runs each strategy on its collection surface, as `listbench run` does.
                let descriptor: StrategyDescriptor
                do { descriptor = try strategy(name, in: catalog).fitted(to: generated.grid) } catch { throw Failure.setup("\(entry.label): \(error)") }
                // Only a shipped scenario as shipped (its label is its name) on a device its iOS can run.
                if scenarios[entry.label] == entry.scenario, descriptor.unsupportedReason(on: profile, grid: generated.grid, kinds: generated.kinds) == nil,
                   let metrics = known(entry.label, entry.device, name) {
                    reused[key] = StrategyResult(strategy: descriptor.name, metrics: metrics)
                    continue
                }
                requests.append(RunRequest(scenario: entry.label, file: "", generated: generated, device: profile, strategy: descriptor))
                keys.append(key)
            }
        }
        let outcomes: [StrategyResult]
        do {
            outcomes = try Benchmark.run(requests, options: BenchmarkOptions(repetitions: 0, warmup: 0, jobs: jobs), probe: nil,
                                         progress: progress)
        } catch {
            throw Failure.setup(String(describing: error))
        }
        let byKey = Dictionary(uniqueKeysWithValues: zip(keys, outcomes)).merging(reused) { ran, _ in ran }
        return Results(byKey: byKey, profiles: profiles, indexDevices: indexDevices)
    }
}

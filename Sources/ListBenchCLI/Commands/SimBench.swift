import ArgumentParser
import Foundation
import ListSimulator
import MicroBenchmarks
import Profiler
import Rendering
import Scenarios

/// `listbench sim-bench`: how the simulator scales with the list's length.
struct SimBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sim-bench",
        abstract: "Measure the simulator scrolling tables of 1,000,000 and 2,000,000 rows, and a million-item list taking bursts of 70,000 changes.",
        discussion: """
            Scroll cases: each table is scrolled from top to bottom at 20,000 points a second, one frame at a time, \
            with fixed (44 pt) and self-sized (measured when laid out, estimated until then) rows. \
            Change case: the shipped large-list grown to --change-rows items, with five bursts of --burst-changes \
            changes at once (large-list's mix: of every 7, 2 inserts, 2 deletes, 1 move, 2 updates), generated once \
            and run through the whole runner with each --change-strategy. \
            MEASURED: host wall time (generation and each run). MODELED: frames, virtual duration, cells, heights, \
            completion, main-thread time. Doubling the rows should roughly double the time, never more. \
            Build in release: swift run -c release listbench sim-bench
            """
    )

    @Option(parsing: .upToNextOption, help: "Row counts to scroll through.")
    var rows: [Int] = [1_000_000, 2_000_000]

    @Option(parsing: .upToNextOption, help: "Item counts of the change case.")
    var changeRows: [Int] = [1_000_000]

    @Option(help: "Changes in each of the change case's five bursts.")
    var burstChanges = 70_000

    /// `identifier-diff` as shipped crashes at the first burst (a changed item
    /// also moved): the change case runs its minimal diff without the
    /// throttle, the workload this case has always measured.
    @Option(parsing: .upToNextOption, help: "Strategies run in the change case.")
    var changeStrategy: [String] = ["reload", "identifier-diff:diff=minimal,throttle=none"]

    @Flag(help: "Only the change case.")
    var skipScroll = false

    @Flag(help: "Only the scroll cases.")
    var skipChanges = false

    @Option(help: "Device: a shipped profile (\(DeviceProfile.shippedNames.joined(separator: ", "))) or a profile file.")
    var device = DeviceProfile.defaultName

    /// Bursts in the change case.
    static let bursts = 5

    func validate() throws {
        for count in rows where count < 1 || count > 20_000_000 {
            throw ValidationError("--rows must be between 1 and 20000000, not \(count)")
        }
        for count in changeRows where count < 1 || count > ScenarioLimits.items {
            throw ValidationError("--change-rows must be between 1 and \(ScenarioLimits.items) (the scenario limit), not \(count)")
        }
        guard (1...ScenarioLimits.changesAtOnce).contains(burstChanges) else {
            throw ValidationError("--burst-changes must be between 1 and \(ScenarioLimits.changesAtOnce), not \(burstChanges)")
        }
        try Session.checkStrategies(changeStrategy)
        try DeviceOption.checkName(device)
    }

    func run() throws {
        let profile = try DeviceOption.load(device, flag: "--device")
        try Terminal.out(SimBenchReport.header(build: Terminal.build, device: profile.name))
        if !skipScroll { try scrollCases(profile) }
        if !skipChanges { try changeCases(profile) }
    }

    /// Milliseconds a block takes on the host's monotonic clock.
    private static func elapsed(_ body: () -> Void) -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        body()
        let duration = clock.now - start
        return Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }

    private func scrollCases(_ profile: DeviceProfile) throws {
        var results: [ScrollBenchResult] = []
        for heights in ScrollBenchHeights.allCases {
            for count in rows {
                results.append(ScrollBenchmark.run(rows: count, heights: heights, device: profile, elapsed: Self.elapsed))
            }
        }
        try Terminal.out(SimBenchReport.Scroll(results: results).render())
    }

    private func changeCases(_ profile: DeviceProfile) throws {
        let strategies = try Session.strategies(changeStrategy)
        var results: [ChangeBenchResult] = []
        for count in changeRows {
            results += try ChangeBenchmark.run(
                rows: count, changesPerBurst: burstChanges, bursts: Self.bursts, strategies: strategies, device: profile
            ) { Double(DispatchTime.now().uptimeNanoseconds) / 1e6 }
        }
        try Terminal.out(SimBenchReport.Changes(results: results, bursts: Self.bursts).render())
    }
}

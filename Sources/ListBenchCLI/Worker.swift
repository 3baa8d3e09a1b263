import ArgumentParser
import CHostStats
import Foundation
import Profiler
import Scenarios

/// `listbench worker` (hidden): runs one (scenario, strategy) for an
/// isolated parent and writes the outcome as JSON to `--output`.
///
/// The parent (``IsolatedExecutor``) starts this with the same binary, so
/// the strategy catalog is the parent's. The worker dies with its parent
/// (PR_SET_PDEATHSIG) and arms `alarm(2)` a little past the parent's
/// timeout, so an orphan never runs on.
struct Worker: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "worker",
        abstract: "(internal) Run one scenario × strategy for an isolated parent; writes JSON to --output.",
        shouldDisplay: false
    )

    /// What the worker writes: the modeled figures and the host sample, or a failure it found itself.
    struct Output: Codable {
        var metrics: RunMetrics?
        var sample: HostSample?
        var failure: RunFailure?
    }

    @Option var scenario: String
    @Option(name: .customLong("set"), help: "KEY=VALUE, a scenario parameter (repeatable, applied in order).")
    var assignments: [String] = []
    @Option var strategy: String
    @Option var device: String
    @Flag var measure = false
    @Flag var checkInvariants = false
    @Option(help: "Seconds after which the worker ends itself (SIGALRM), a backstop behind the parent's limit.")
    var alarmSeconds: UInt32 = 0
    @Option var output: String

    func run() throws {
        _ = listbench_die_with_parent()
        if alarmSeconds > 0 { alarm(alarmSeconds) }
        guard let (file, loaded) = try Session.load([scenario]).first else { throw ExitCodes.usage }
        var scenario = loaded
        for assignment in assignments {
            let parts = assignment.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let parameter = ScenarioParameter(rawValue: parts[0]) else {
                throw ValidationError("--set \(assignment): expected KEY=VALUE")
            }
            do { scenario = try scenario.setting(parameter, to: parts[1]) } catch { throw ValidationError("--set \(error)") }
        }
        let profile = try DeviceOption.resolve(device)
        let descriptor = try Session.strategies([strategy])[0]
        let request = RunRequest(scenario: scenario.name, file: file, generated: scenario.generate(device: profile.name),
                                 device: profile, strategy: descriptor)
        let executor = InProcessExecutor(probe: measure ? LinuxHostProbe() : nil, checksInvariants: checkInvariants)
        let result: Output
        switch executor.run(0, request, measure: measure) {
        case let .finished(metrics, sample): result = Output(metrics: metrics, sample: sample)
        case .failed(let failure): result = Output(failure: failure)
        case .cancelled: throw ExitCodes.interrupted
        }
        do {
            try JSONEncoder().encode(result).write(to: URL(fileURLWithPath: output), options: .atomic)
        } catch {
            Terminal.note("listbench worker: cannot write \(output): \(error)")
            throw ExitCodes.cannotCreate
        }
    }
}

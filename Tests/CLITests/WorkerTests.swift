import Foundation
@testable import ListBenchCLI
import ListSimulator
import Profiler
import Scenarios
import Strategies
import Testing


@Suite("Workers run their plan")
struct WorkerTests {
    /// The worker is handed the generated scenario: it never reads the
    /// scenario file (this plan names one that does not exist) and its
    /// figures are those of the same plan run in this process.
    @Test func aWorkerRunsItsPlanWithoutReadingOrGeneratingTheScenario() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let scenario = try ScenarioFile.load(path: root.appendingPathComponent("Scenarios/realtime-feed.json").path)
        let plan = RunPlan(scenario: "realtime-feed", file: "/no/such/folder/realtime-feed.json", generated: try scenario.generate(),
                           device: try DeviceProfile.shipped(named: "iphone-7"), strategy: "identifier-diff")
        let planFile = directory.appendingPathComponent("plan.bin")
        try Data(plan.encoded()).write(to: planFile)
        let output = directory.appendingPathComponent("out.json")
        let run = try listbench(["worker", "--plan", planFile.path, "--output", output.path])
        #expect(run.status == 0, "\(run.err)")
        // Read back as the isolated parent reads it: the JSON figures with
        // the frame and memory series from their compact form.
        guard case .finished(let written, _) = try IsolatedExecutor.outcome(status: 0, file: output, lastWords: nil) else {
            Issue.record("the worker's result is not a finished run")
            return
        }
        guard case .finished(let expected, _) = InProcessExecutor(probe: nil).run(0, try RunRequest(plan: plan, catalog: .builtIn), measure: false) else {
            Issue.record("the in-process run did not finish")
            return
        }
        #expect(!written.frameSeries.isEmpty && !written.memorySeries.isEmpty)
        #expect(written == expected)
    }

    @Test func aDamagedPlanIsOneMessageAndExitSeventy() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let planFile = directory.appendingPathComponent("plan.bin")
        try Data("not a plan".utf8).write(to: planFile)
        let run = try listbench(["worker", "--plan", planFile.path, "--output", directory.appendingPathComponent("out.json").path])
        #expect(run.status == 70)
        #expect(run.err.contains("not a run plan of this build"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent("out.json").path))
    }
}

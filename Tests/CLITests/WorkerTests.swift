import Foundation
import ListData
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
        let (planFile, plan) = try writePlan("realtime-feed", "identifier-diff", file: "/no/such/folder/realtime-feed.json", in: directory)
        let output = directory.appendingPathComponent("out.json")
        let run = try listbench(["worker", "--plan", planFile.path, "--output", output.path])
        #expect(run.status == 0, "\(run.err)")
        // Read back as the isolated parent reads it (the binary result file, series included).
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

    /// A result file holds the figures, a host sample or a failure, each
    /// coming back exactly; damaged bytes are an error naming where.
    @Test func aResultFileCarriesFiguresSampleAndFailure() throws {
        let sample = HostSample(wallNanoseconds: 1.5e6, cpuNanoseconds: 1.25e6, allocatedBytes: nil, peakRSSBytes: 4096)
        let failure = RunFailure(reason: .timeLimit, summary: "timeout 300 s", detail: "killed ✓ after 300 s")
        let generated = try ScenarioFile.load(path: root.appendingPathComponent("Scenarios/restaurant-detail.json").path).generate()
        let metrics = ScenarioRunner(generated: generated, device: try DeviceProfile.shipped(named: generated.device),
                                     strategy: try StrategyCatalog.builtIn.named("reload")).run()
        for output in [Worker.Output(metrics: metrics, sample: sample), Worker.Output(failure: failure), Worker.Output(metrics: metrics)] {
            let back = try Worker.Output(decoding: output.encoded())
            #expect(back.metrics == output.metrics && back.sample == output.sample && back.failure == output.failure)
        }
        let bytes = Worker.Output(metrics: metrics, sample: sample).encoded()
        #expect(throws: BinaryDecodingError.self) { _ = try Worker.Output(decoding: Array(bytes.dropLast())) }
        #expect(throws: BinaryDecodingError.self) { _ = try Worker.Output(decoding: bytes + [0]) }
        #expect(throws: BinaryDecodingError.self) { _ = try Worker.Output(decoding: Array("{\"metrics\": null}".utf8)) }
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

    /// A serving worker runs plan after plan, each answered with one line
    /// once its result is complete, and its figures are those of the same
    /// plan in this process; it ends with status 0 at the end of its input.
    /// A line that is not a request ends it with the internal-error code.
    @Test func aServingWorkerRunsPlansOneAfterAnotherAndEndsWithItsInput() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var plans: [(file: URL, plan: RunPlan)] = []
        for (scenario, strategy) in [("realtime-feed", "identifier-diff"), ("home-170", "reload"), ("realtime-feed", "row-ids")] {
            plans.append(try writePlan(scenario, strategy, file: "\(scenario).json", in: directory, named: "plan-\(plans.count).bin"))
        }
        let (process, input, replies) = try serving()
        for (index, entry) in plans.enumerated() {
            let output = directory.appendingPathComponent("out-\(index).json")
            try input.write(contentsOf: Data("\(entry.file.path)\t\(output.path)\n".utf8))
            #expect(try replies.read(upToCount: 5) == Data("done\n".utf8))
            guard case .finished(let written, _) = try IsolatedExecutor.outcome(status: 0, file: output, lastWords: nil),
                  case .finished(let expected, _) = InProcessExecutor(probe: nil).run(0, try RunRequest(plan: entry.plan, catalog: .builtIn), measure: false) else {
                Issue.record("run \(index) did not finish")
                continue
            }
            #expect(written == expected)
        }
        try input.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)

        let (malformed, malformedInput, malformedReplies) = try serving()
        try malformedInput.write(contentsOf: Data("no tab here\n".utf8))
        #expect(try malformedReplies.readToEnd() == nil)
        malformed.waitUntilExit()
        #expect(malformed.terminationStatus == 70)
    }

    /// A forking worker runs each measured plan in a child of its own: it
    /// answers the child's process id, then its exit once reaped; the
    /// result holds host figures and the same modeled figures as the plan
    /// in this process; the worker itself runs nothing (each child is a
    /// new process id) and ends with status 0 at the end of its input. A
    /// line that is not a request ends it with the internal-error code.
    @Test func aForkingWorkerRunsEachMeasuredPlanInAChildOfItsOwn() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var plans: [(file: URL, plan: RunPlan)] = []
        for (scenario, strategy) in [("realtime-feed", "identifier-diff"), ("home-170", "reload")] {
            plans.append(try writePlan(scenario, strategy, file: "\(scenario).json", in: directory, named: "plan-\(plans.count).bin"))
        }
        let (process, input, replies) = try serving(["worker", "--fork-serve"])
        var children: Set<Int32> = []
        for (index, entry) in plans.enumerated() {
            let output = directory.appendingPathComponent("out-\(index).bin")
            let errors = directory.appendingPathComponent("errors-\(index).txt")
            try Data().write(to: errors)
            try input.write(contentsOf: Data("\(entry.file.path)\t\(output.path)\t\(errors.path)\n".utf8))
            guard case .started(let child)? = Worker.ForkReply(line: try Self.line(from: replies)) else {
                Issue.record("no started reply for run \(index)")
                return
            }
            #expect(child != process.processIdentifier)
            children.insert(child)
            #expect(Worker.ForkReply(line: try Self.line(from: replies)) == .exited(0))
            guard case .finished(let written, let sample) = try IsolatedExecutor.outcome(status: 0, file: output, lastWords: nil),
                  case .finished(let expected, _) = InProcessExecutor(probe: nil).run(0, try RunRequest(plan: entry.plan, catalog: .builtIn), measure: false) else {
                Issue.record("run \(index) did not finish")
                continue
            }
            #expect(written == expected)
            #expect((sample?.wallNanoseconds ?? 0) > 0 && (sample?.cpuNanoseconds ?? 0) > 0)
        }
        #expect(children.count == plans.count)
        try input.close()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)

        let (malformed, malformedInput, malformedReplies) = try serving(["worker", "--fork-serve"])
        try malformedInput.write(contentsOf: Data("plan\toutput\n".utf8))
        #expect(try malformedReplies.readToEnd() == nil)
        malformed.waitUntilExit()
        #expect(malformed.terminationStatus == 70)
    }

    /// Its replies read back as written, and nothing else reads as one; a
    /// process of several threads (this test process) is not one to fork.
    @Test func aForkingWorkersRepliesReadBackAndAThreadedProcessDoesNotFork() {
        for reply in [Worker.ForkReply.started(42), .exited(0), .exited(70), .signalled(9), .cannotFork("it has 3 threads")] {
            #expect(Worker.ForkReply(line: reply.line) == reply)
        }
        for line in ["done", "started", "started -1", "started x", "exited", "signalled nine", "cannot fork", ""] {
            #expect(Worker.ForkReply(line: line) == nil, "\(line)")
        }
        #expect(Worker.forkHazard()?.hasPrefix("it has ") == true)
        #expect(Worker.resultVariable == "LISTBENCH_WORKER_RESULT")
    }

    /// One line from `handle`, read a byte at a time, without its line break.
    private static func line(from handle: FileHandle) throws -> String {
        var bytes: [UInt8] = []
        while let byte = try handle.read(upToCount: 1)?.first, byte != UInt8(ascii: "\n") { bytes.append(byte) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The plan of shipped `scenario` × `strategy` on the iPhone 7, naming `file` as its source, written to `name` in `directory`.
    private func writePlan(_ scenario: String, _ strategy: String, file: String, in directory: URL,
                           named name: String = "plan.bin") throws -> (file: URL, plan: RunPlan) {
        let loaded = try ScenarioFile.load(path: root.appendingPathComponent("Scenarios/\(scenario).json").path)
        let plan = RunPlan(scenario: scenario, file: file, generated: try loaded.generate(),
                           device: try DeviceProfile.shipped(named: "iphone-7"), strategy: strategy)
        let planFile = directory.appendingPathComponent(name)
        try Data(plan.encoded()).write(to: planFile)
        return (planFile, plan)
    }

    /// `listbench worker --serve` (or other `arguments`), started: its input and its reply channel.
    private func serving(_ arguments: [String] = ["worker", "--serve"]) throws -> (Process, FileHandle, FileHandle) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        let input = Pipe(), output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        return (process, input.fileHandleForWriting, output.fileHandleForReading)
    }

    /// The parent's own arguments take the direct path; anything else is
    /// left to the argument parser and its messages.
    @Test func onlyTheParentsOwnArgumentsSkipTheParser() {
        #expect(Worker.direct(["worker", "--plan", "p", "--output", "o"]) == .once(plan: "p", output: "o", measure: false))
        #expect(Worker.direct(["worker", "--output", "o", "--measure", "--plan", "p"]) == .once(plan: "p", output: "o", measure: true))
        #expect(Worker.direct(["worker", "--serve"]) == .serve)
        #expect(Worker.direct(["worker", "--fork-serve"]) == .forkServe)
        for arguments in [["run", "--plan", "p", "--output", "o"], ["worker", "--plan", "p"], ["worker", "--output", "o"],
                          ["worker", "--plan", "p", "--output", "o", "--plan", "q"], ["worker", "--plan", "p", "--output", "o", "--measure", "--measure"],
                          ["worker", "--plan", "--output", "o"], ["worker", "--plan", "p", "--output", "o", "--help"], ["worker", "--plan", "p", "--output"], ["worker", "--serve", "--measure"], ["worker", "--serve", "--plan", "p", "--output", "o"],
                          ["worker", "--fork-serve", "--serve"], ["worker", "--fork-serve", "--measure"]] {
            #expect(Worker.direct(arguments) == nil, "\(arguments)")
        }
    }

    /// A worker started by hand with the parser's usage error, and one whose result file already exists, each exit with their code and write nothing.
    @Test func aWorkerWithoutItsOutputIsAUsageErrorAndAnExistingResultIsNotReplaced() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let missing = try listbench(["worker", "--plan", directory.appendingPathComponent("plan.bin").path])
        #expect(missing.status == 64)
        #expect(missing.err.contains("--output"), "\(missing.err)")
        let (planFile, _) = try writePlan("home-170", "reload", file: "home-170.json", in: directory)
        let output = directory.appendingPathComponent("out.json")
        try Data("mine".utf8).write(to: output)
        let run = try listbench(["worker", "--plan", planFile.path, "--output", output.path])
        #expect(run.status == 73)
        #expect(run.err.contains("cannot write \(output.path): File exists"), "\(run.err)")
        #expect(FileManager.default.contents(atPath: output.path) == Data("mine".utf8))
    }
}

@Suite("Private run files")
struct PrivateFileTests {
    /// A plan or result file: new, owner only, whole; never written through an existing file or a link.
    @Test func aPrivateFileIsNewOwnerOnlyAndRefusesWhatIsThere() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("plan.bin").path
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try PrivateFile.write(bytes, to: file)
        #expect(FileManager.default.contents(atPath: file) == Data(bytes))
        let attributes = try FileManager.default.attributesOfItem(atPath: file)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(throws: PrivateFile.WriteError.self) { try PrivateFile.write([1], to: file) }
        #expect(FileManager.default.contents(atPath: file) == Data(bytes))
        let target = directory.appendingPathComponent("target").path
        let link = directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: PrivateFile.WriteError.self) { try PrivateFile.write([1], to: link) }
        #expect(!FileManager.default.fileExists(atPath: target))
        #expect(throws: PrivateFile.WriteError.self) { try PrivateFile.write([1], to: directory.appendingPathComponent("no/such").path) }
    }
}

import ArgumentParser
import Foundation
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Strategies

/// What `run`, `compare` and `sweep` share: loading scenarios, resolving
/// strategies and devices, running the benchmark with progress, and
/// grouping results into a report.
enum Session {
    /// One scenario to run, as it will be labelled in the report.
    struct Job {
        var label: String
        var file: String
        var scenario: Scenario
        /// The file's leaf values, recorded in the report for baseline checks across edits; nil when not read as it is (a sweep's variant).
        var values: [InputValue]? = nil
        /// The device asked for this job (`sweep --set device=…`); nil: `--device`, else the scenario's, else the default.
        var device: String?
        /// The device's profile, once read (``withProfiles(_:options:)``).
        var profile: DeviceProfile?
    }

    /// The jobs with their device profiles read, each name or file once,
    /// before any run: a profile that cannot be read stops the command with
    /// its message and exit code (``DeviceOption/load(_:flag:)``), and every
    /// later use (the runs, `--export-trace`) sees the same profile.
    static func withProfiles(_ jobs: [Job], options: MeasureOptions) throws -> [Job] {
        var read: [String: DeviceProfile] = [:]
        return try jobs.map { job in
            var job = job
            let profile = try read[deviceValue(job, options)] ?? profile(for: job, options: options)
            read[deviceValue(job, options)] = profile
            job.profile = profile
            return job
        }
    }

    /// The device a job runs on, as given: the job's, else `--device`, else the scenario's, else the default.
    private static func deviceValue(_ job: Job, _ options: MeasureOptions) -> String {
        job.device ?? options.device ?? job.scenario.device ?? DeviceProfile.defaultName
    }

    /// A job's profile: the one read already, else read now.
    private static func profile(for job: Job, options: MeasureOptions) throws -> DeviceProfile {
        if let profile = job.profile { return profile }
        return try options.profile(deviceValue(job, options), flag: job.device == nil ? "--device" : "--set device=")
    }

    /// Loads scenario files; a bad file stops everything with its message and exit code.
    static func load(_ files: [String]) throws -> [(file: String, scenario: Scenario, values: [InputValue])] {
        try files.map { file in
            do throws(ScenarioError) {
                let decoded = try Scenario.decodeWithLeafValues(try ScenarioFile.read(path: file))
                return (file, decoded.scenario, decoded.values.map { InputValue(path: $0.path, value: $0.value) })
            } catch {
                Terminal.note("\(file): \(error)")
                throw ListBenchExit.forScenario(error)
            }
        }
    }

    /// Strategy descriptors by spec (all when `names` is empty); an unknown
    /// name or option, or one configuration given twice, is a usage error.
    static func strategies(_ names: [String]) throws -> [StrategyDescriptor] {
        let catalog = CommandContext.catalog.value
        var seen: [String: String] = [:]
        return try (names.isEmpty ? catalog.names : names).map { name in
            let descriptor: StrategyDescriptor
            do { descriptor = try catalog.named(name) } catch { throw ValidationError(String(describing: error)) }
            if let earlier = seen[descriptor.name] {
                throw ValidationError("--strategy \(name): the same configuration as '\(earlier)' (\(descriptor.name)); give each once")
            }
            seen[descriptor.name] = name
            return descriptor
        }
    }

    /// Every job × strategy run again in this process with a streaming
    /// recorder on its clock: the same modeled run (modeled figures are
    /// deterministic), written as a timeline (`--export-trace`) into `sink`
    /// as it runs, so the trace takes O(64 KiB) of memory however long the
    /// run is (``ChromeTrace/Writer``).
    ///
    /// A run that `report` shows failed on the host (it trapped, hung or
    /// passed a limit in its own process) is not run again here, where
    /// nothing could stop it; nor is one the device's iOS cannot run. The
    /// trace leaves them out.
    ///
    /// - Throws: ``OutputFiles/WriteFailure`` when the file cannot take the trace;
    ///   ``OutputFiles/Interrupted`` after Ctrl-C (the sink's cancellation), which stops the run under way.
    /// `window`, when given, keeps only the events inside it (``ChromeTrace/WindowedSink``);
    /// `metadata` goes into the file's `otherData` (``TraceOptions/metadata``).
    static func writeTraces(_ jobs: [Job], strategies: [StrategyDescriptor], options: MeasureOptions, report: BenchmarkReport,
                            window: ChromeTrace.Window? = nil, metadata: [(key: String, value: String)] = [],
                            to sink: OutputFiles.FileSink) throws {
        let writer = ChromeTrace.Writer(metadata: metadata) { try sink.write($0) }
        for (jobIndex, job) in jobs.enumerated() {
            let (profile, generated) = try prepare(job, options: options)
            let results = report.scenario(ofGroup: jobIndex, labelled: job.label)?.results ?? []
            for asked in strategies {
                let strategy = try fitted(asked, to: generated, file: job.file)
                guard strategy.unsupportedReason(on: profile, grid: generated.grid, kinds: generated.kinds) == nil else { continue }
                if let result = results.first(where: { $0.strategy == strategy.name }), result.failure != nil { continue }
                let process = writer.beginRun(label: ChromeTrace.runLabel(scenario: job.label, strategy: strategy.name, device: profile),
                                              workers: profile.backgroundWorkers)
                let runner = ScenarioRunner(generated: generated, device: profile, strategy: strategy)
                // Ctrl-C stops the run within 16 steps, and the export with it.
                runner.cancellation = sink.cancellation
                runner.record(into: window.map { ChromeTrace.WindowedSink(window: $0, next: process).recorder() } ?? process.recorder())
                _ = runner.run()
                try sink.checkInterrupt()
                // A full disk stops the trace at the run it happened in.
                try writer.check()
            }
        }
        try writer.finish()
    }

    /// A job's device profile (read by ``withProfiles(_:options:)``, else
    /// now: the job's, else `--device`, else the scenario's, else the
    /// default; running `--ios`) and its generated scenario.
    private static func prepare(_ job: Job, options: MeasureOptions) throws -> (DeviceProfile, GeneratedScenario) {
        let profile = try profile(for: job, options: options)
        return (profile, try job.scenario.generate(device: profile.name))
    }

    /// Validates strategy names in a command's `validate()`.
    static func checkStrategies(_ names: [String]) throws { _ = try strategies(names) }

    /// What a failure of `Benchmark.run` (other than an interruption) ends
    /// the command with: an internal error (70) for the benchmark's own
    /// failures, else a host that could not set up isolated runs (73), each
    /// with one message, after the progress line is cleared.
    static func runFailure(_ error: Error, quiet: Bool) -> ListBenchExit {
        Terminal.endProgress(quiet: quiet)
        if let error = error as? BenchmarkError {
            Terminal.note("internal error: \(error)")
            return .internalError
        }
        Terminal.note("listbench: cannot set up isolated runs: \(error)")
        return .cannotCreate
    }

    /// Runs every job × strategy and groups the results per job: isolated
    /// in child processes when asked or when there is more than one run,
    /// else in this process. On Ctrl-C the report holds what finished and
    /// says it was interrupted.
    static func execute(
        _ jobs: [Job], strategies: [StrategyDescriptor], options: MeasureOptions
    ) throws -> BenchmarkReport {
        let settings = options.benchmarkOptions()
        // Modeled figures only: this process's runs (in process) may keep freed memory.
        if settings.repetitions == 0 { HostMemoryProbe.keepFreedMemory() }
        // What a baseline records of the model these runs use (ListBenchVersion).
        let modelVersion = ListBenchVersion.model
        var requests: [RunRequest] = []
        var groups: [RunGroup] = []
        for job in jobs {
            let (profile, generated) = try prepare(job, options: options)
            // Shared by the job's runs' plans and its report's digest, taken once the runs are over (no run waits for it).
            let encoding = ScenarioEncoding(generated, users: strategies.count)
            groups.append(RunGroup(label: job.label, device: profile, encoding: encoding, scenarioValues: job.values))
            for strategy in strategies {
                let fitted = try fitted(strategy, to: generated, file: job.file)
                var request = RunRequest(scenario: job.label, file: job.file, generated: generated, device: profile, strategy: fitted,
                                         bounds: RunBounds(checksInvariants: options.checkInvariants))
                if fitted.name != strategy.name { request.requested = strategy.name }
                request.encoding = encoding
                requests.append(request)
            }
        }
        let probe = LinuxHostProbe()
        let isolated = options.isolates(runs: requests.count)
        let show = Terminal.benchmarkProgress(quiet: options.quiet)
        var results: [StrategyResult?]
        var interrupted = false
        do {
            results = try Interrupts.watch { cancellation throws -> [StrategyResult?] in
                let executor: any RunExecutor = isolated
                    ? try IsolatedExecutor(timeout: options.timeout ?? MeasureOptions.defaultTimeout,
                                           memoryLimitBytes: (options.memoryLimit ?? MeasureOptions.defaultMemoryLimitMiB) * 1_048_576,
                                           canMeasure: true, cancellation: cancellation)
                    : InProcessExecutor(probe: probe, cancellation: cancellation)
                return try Benchmark.run(requests, options: settings, executor: executor, cancellation: cancellation) { show($0) }.map { Optional($0) }
            }
        } catch BenchmarkError.interrupted(let finished) {
            results = finished
            interrupted = true
        } catch {
            throw Session.runFailure(error, quiet: options.quiet)
        }
        Terminal.endProgress(quiet: options.quiet)
        let scenarios = ScenarioReport.grouped(results, by: groups, strategies: strategies.count)
        let measured = results.contains { $0?.measured != nil }
        let info = settings.repetitions > 0 && measured ? MeasurementInfo(
            repetitions: settings.repetitions, warmup: options.warmup, jobs: options.jobs,
            measuredInParallel: options.measureInParallel && options.jobs > 1, method: probe.method, build: Terminal.build,
            isolated: isolated) : nil
        var report = BenchmarkReport(measurement: info, scenarios: scenarios, modelVersion: modelVersion)
        if interrupted {
            // Runs not made because the device's iOS is too old are neither finished nor requested.
            let made = results.filter { $0?.unsupported == nil }
            report.interruption = BenchmarkReport.Interruption(finishedRuns: made.compactMap { $0 }.count, requestedRuns: made.count)
        }
        return report
    }
}

import Foundation
import Scenarios
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The test-only command line with five misbehaving strategies (Tests/MisbehavingStrategies).
private let misbehaving = builtBinary("listbench-misbehaving")
private let detail = root.appendingPathComponent("Scenarios/restaurant-detail-load.json").path

/// The well-behaved strategies' results of a JSON report, by strategy, without host-measured figures.
private func modeledResults(_ json: String) throws -> [String: String] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let scenarios = object?["scenarios"] as? [[String: Any]] ?? []
    var results: [String: String] = [:]
    for scenario in scenarios {
        for result in scenario["results"] as? [[String: Any]] ?? [] {
            guard let name = result["strategy"] as? String, let metrics = result["metrics"] else { continue }
            let data = try JSONSerialization.data(withJSONObject: metrics, options: [.sortedKeys])
            results[name] = String(decoding: data, as: UTF8.self)
        }
    }
    return results
}

@Suite("Isolated runs")
struct IsolationTests {
    @Test func aTrapAHangAndARunawayAllocationAreReportedAsFailedAndTheOtherRunsComplete() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("report.json").path
        let run = try listbench([
            "run", detail, "--strategy", "row-ids", "--strategy", "test-trap", "--strategy", "test-hang",
            "--strategy", "test-hoard", "--strategy", "reload", "--repetitions", "0",
            "--timeout", "3", "--memory-limit", "256", "--export-json", json,
        ], binary: misbehaving)
        #expect(run.status == 4, "\(run.err)")
        #expect(run.err.contains("some runs failed"))
        // The table names each failure and its reason.
        let trapped = run.out.contains("failed (SIGILL)") || run.out.contains("failed (SIGTRAP)")
        #expect(trapped, "\(run.out)")
        #expect(run.out.contains("test-trap: failed: killed by SIG"))
        // Lines under the table wrap at 120 columns, later lines indented by two spaces.
        #expect(run.out.replacingOccurrences(of: "\n  ", with: " ").contains("Fatal error: Index out of range"))
        #expect(run.out.contains("failed (timeout 3 s)"))
        #expect(run.out.contains("test-hang: failed: passed the wall-time limit of 3 s"))
        #expect(run.out.contains("failed (memory > 256 MiB)"))
        #expect(run.out.contains("test-hoard: failed: passed the host memory limit of 256 MiB"))

        // The JSON export has every run: three failures with their reasons, two complete results.
        let data = try #require(FileManager.default.contents(atPath: json))
        let report = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let results = (report["scenarios"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        let reasons = Dictionary(uniqueKeysWithValues: results.compactMap { result -> (String, String)? in
            guard let name = result["strategy"] as? String, let failure = result["failure"] as? [String: Any] else { return nil }
            return (name, failure["reason"] as? String ?? "")
        })
        #expect(reasons == ["test-trap": "signal", "test-hang": "timeLimit", "test-hoard": "memoryLimit"])

        // The others' figures are the same as in a run without the misbehaving strategies, in this process.
        let alone = try listbench(["run", detail, "--strategy", "row-ids", "--strategy", "reload", "--repetitions", "0",
                                   "--no-isolate", "--format", "json"])
        #expect(alone.status == 0, "\(alone.err)")
        let expected = try modeledResults(alone.out)
        #expect(expected.count == 2)
        let isolated = try modeledResults(String(decoding: data, as: UTF8.self))
        #expect(isolated.filter { expected[$0.key] != nil } == expected)
    }

    /// Measured runs, each in a child of a forking worker: a trap, a hang
    /// and a runaway allocation are reported failed with their reasons and
    /// last words, as in one-run workers, and the well-behaved runs complete
    /// with host figures and the modeled figures of an in-process run.
    @Test func measuredRunsInForkedChildrenFailAloneAndTheOthersAreMeasured() throws {
        let run = try listbench([
            "run", detail, "--strategy", "test-trap", "--strategy", "row-ids", "--strategy", "test-hang", "--strategy", "test-hoard",
            "--strategy", "reload", "--repetitions", "2", "--timeout", "1", "--memory-limit", "256", "--format", "json",
        ], binary: misbehaving)
        #expect(run.status == 4, "\(run.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let results = (report["scenarios"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        let failures = Dictionary(uniqueKeysWithValues: results.compactMap { result -> (String, [String: Any])? in
            guard let name = result["strategy"] as? String, let failure = result["failure"] as? [String: Any] else { return nil }
            return (name, failure)
        })
        #expect(failures.mapValues { $0["reason"] as? String ?? "" } == ["test-trap": "signal", "test-hang": "timeLimit", "test-hoard": "memoryLimit"])
        let trapDetail = failures["test-trap"]?["detail"] as? String
        #expect(trapDetail?.contains("Fatal error: Index out of range") == true, "\(failures)")
        let measured = results.filter { $0["failure"] == nil }
        #expect(measured.map { $0["strategy"] as? String } == ["row-ids", "reload"])
        #expect(measured.allSatisfy { $0["measured"] != nil }, "\(measured)")

        let alone = try listbench(["run", detail, "--strategy", "row-ids", "--strategy", "reload", "--repetitions", "0",
                                   "--no-isolate", "--format", "json"])
        #expect(alone.status == 0, "\(alone.err)")
        let isolated = try modeledResults(run.out)
        #expect(isolated.filter { $0.key == "row-ids" || $0.key == "reload" } == (try modeledResults(alone.out)))
    }

    /// A worker that exits normally but leaves a result that does not decode:
    /// the run is reported failed with the decoder's message, not dropped.
    @Test func anUndecodableWorkerResultIsAFailedRunWithTheDecodersMessage() throws {
        // Measured, so that each run has a worker of its own, which test-garble's exit handler garbles.
        let run = try listbench(["run", detail, "--strategy", "reload", "--strategy", "test-garble", "--repetitions", "1",
                                 "--isolate", "--format", "json"], binary: misbehaving)
        #expect(run.status == 4, "\(run.err)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(run.out.utf8)) as? [String: Any])
        let results = (report["scenarios"] as? [[String: Any]])?.first?["results"] as? [[String: Any]] ?? []
        #expect(results.map { $0["strategy"] as? String } == ["reload", "test-garble"])
        let failure = try #require(results.last?["failure"] as? [String: Any], "\(run.out)")
        #expect(failure["reason"] as? String == "exit")
        #expect(failure["summary"] as? String == "unreadable result")
        let detail = failure["detail"] as? String ?? ""
        #expect(detail.hasPrefix("the worker's result could not be read: not a worker result of this build: "), "\(detail)")
        #expect(results.first?["failure"] == nil && results.first?["metrics"] != nil)
    }

    @Test func everyShippedStrategyPassesTheInvariantChecksFromTheCommandLine() throws {
        let run = try listbench(["run", detail, "--repetitions", "0", "--check-invariants", "--jobs", "2"])
        #expect(run.status == 0, "\(run.err)\n\(run.out)")
        #expect(!run.out.contains("failed"))
    }

    @Test func optionsOfIsolationAreValidated() throws {
        for (arguments, fragment) in [
            (["--timeout", "0"], "--timeout 0.0: must be more than 0"),
            (["--memory-limit", "1"], "--memory-limit 1.0: must be in 16...1048576 MiB"),
            (["--no-isolate", "--timeout", "5"], "cannot be used with --no-isolate"),
        ] {
            let run = try listbench(["run", detail] + arguments)
            #expect(run.status == 64, "\(arguments): \(run.err)")
            #expect(run.err.contains(fragment), "\(run.err)")
        }
    }

    /// Ctrl-C while a run hangs: the command stops, prints what finished
    /// (the run before it), writes no export file and leaves no worker behind.
    /// The interrupt is sent once listbench's own progress line says the
    /// hanging run has started and its worker process exists. One run at a
    /// time (`--jobs 1`), so that the run before has finished by then.
    @Test func ctrlCStopsPromptlyPrintsWhatFinishedAndWritesNoFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let csv = directory.appendingPathComponent("out.csv").path
        var hanging: Int32?
        let run = try interrupting(["run", detail, "--strategy", "reload", "--strategy", "test-hang",
                                    "--repetitions", "0", "--jobs", "1", "--timeout", "600", "--format", "csv", "--export-csv", csv],
                                   binary: misbehaving, when: "running restaurant-detail-load × test-hang") { parent in
            hanging = try Self.worker(of: parent)
        }
        #expect(run.interrupted, "listbench ended before the hanging run started: \(run.err)")
        let worker = try #require(hanging, "the test-hang worker never started")
        #expect(run.status == 130, "\(run.err)")
        #expect(run.out.contains("restaurant-detail-load,iphone-15,17,reload,completed"), "\(run.out)")
        #expect(!run.out.contains("test-hang"))
        #expect(run.err.contains("interrupted: 1 of 2 runs finished; no file was written"), "\(run.err)")
        #expect(!FileManager.default.fileExists(atPath: csv))
        #expect(kill(worker, 0) != 0, "the hanging worker outlived its parent")
    }

    /// A report's scenario digests are each scenario's own
    /// (`GeneratedScenario.inputDigest`, on the default device), whether its
    /// runs wrote plans for workers (isolated) or ran in process: the digest
    /// is taken from the bytes the plans were made of, or from an encoding of
    /// its own. Interrupted while the first scenario's second run hangs (one
    /// run at a time), the report has the first scenario, its digest right,
    /// and not the second, none of whose runs started.
    @Test func aReportsScenarioDigestsAreTheScenariosOwn() throws {
        let files = [detail, root.appendingPathComponent("Scenarios/home-170.json").path]
        let expected = try files.map { try ScenarioFile.load(path: $0).generate(device: "iphone-15").inputDigest }
        func digests(_ json: String) throws -> [String] {
            let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
            return (object?["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["scenarioDigest"] as? String }
        }
        for placement in [[], ["--no-isolate", "--jobs", "1"]] {
            let run = try listbench(["run"] + files + ["--strategy", "reload", "--strategy", "identifier-diff", "--format", "json", "--quiet"] + placement)
            #expect(run.status == 0, "\(placement): \(run.err)")
            #expect(try digests(run.out) == expected, "\(placement)")
        }
        let interrupted = try interrupting(["run"] + files + ["--strategy", "reload", "--strategy", "test-hang", "--repetitions", "0",
                                                               "--jobs", "1", "--timeout", "600", "--format", "json"],
                                           binary: misbehaving, when: "running restaurant-detail-load × test-hang")
        #expect(interrupted.interrupted, "listbench ended before the hanging run started: \(interrupted.err)")
        #expect(interrupted.status == 130, "\(interrupted.err)")
        let json = try #require(interrupted.out.firstIndex(of: "{").map { String(interrupted.out[$0...]) })
        #expect(try digests(json) == [expected[0]], "\(interrupted.out)")
    }

    /// The worker process `parent` has started: its only child once the run
    /// before has ended. Between listbench's "running" line and the worker's
    /// start lies one `posix_spawn`, so this looks again until the worker is
    /// there (for at most a minute: a machine that slow fails the test, it
    /// does not hang it).
    static func worker(of parent: Int32) throws -> Int32 {
        let deadline = DispatchTime.now().uptimeNanoseconds + 60_000_000_000
        while DispatchTime.now().uptimeNanoseconds < deadline {
            if let pid = child(of: parent, containing: "worker") { return pid }
            sched_yield()
        }
        throw WorkerNotFound()
    }

    struct WorkerNotFound: Error {}

    /// A child process of `parent` whose command line contains `fragment`.
    static func child(of parent: Int32, containing fragment: String) -> Int32? {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc") else { return nil }
        for entry in entries {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 2, Int32(fields[1]) == parent,
                  let command = FileManager.default.contents(atPath: "/proc/\(pid)/cmdline") else { continue }
            if String(decoding: command, as: UTF8.self).contains(fragment) { return pid }
        }
        return nil
    }
}

@Suite("Interrupting in-process runs")
struct InProcessInterruptTests {
    /// With --no-isolate the runner itself checks the flag. `test-spin`
    /// never finishes on its own, so whenever the interrupt comes after its
    /// "running" line, the outcome is the same: the run before it is
    /// printed, this one is not, and nothing is written.
    @Test func ctrlCStopsAnInProcessRun() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let json = directory.appendingPathComponent("out.json").path
        let run = try interrupting(
            ["run", detail, "--strategy", "reload", "--strategy", "test-spin", "--no-isolate", "--repetitions", "0", "--jobs", "1",
             "--export-json", json], binary: misbehaving, when: "running restaurant-detail-load × test-spin")
        #expect(run.interrupted, "listbench ended before the spinning run started: \(run.err)")
        #expect(run.status == 130, "\(run.err)")
        #expect(run.out.contains("Interrupted: 1 of 2 runs finished"), "\(run.out)")
        #expect(run.out.contains("reload") && !run.out.contains("test-spin"), "\(run.out)")
        #expect(!FileManager.default.fileExists(atPath: json))
    }
}

import ArgumentParser
import Foundation
import Profiler
import PublishedReports
import Rendering
import Scenarios

/// `listbench report`: reruns the published comparisons and writes `Reports/`.
struct Report: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Rerun the five published comparisons on the shipped scenarios and write the reports.",
        discussion: """
            Writes timeline.md, restaurant-detail.md, realtime-updates.md, texture-memory.md, validation.md, \
            index.md, their SVG charts, and report.html (one self-contained page with every chart) \
            to --output. Every figure is modeled, so the files are identical on every machine; a test \
            checks the committed Reports/ against a fresh generation.
            """
    )

    @Option(help: "The folder to write to (created if missing).")
    var output = "Reports"

    @Option(help: "The folder of the shipped scenario files.")
    var scenarios = "Scenarios"

    @Option(help: "Runs at once (modeled figures do not depend on it).")
    var jobs = ProcessInfo.processInfo.activeProcessorCount

    @Flag(help: "No progress on standard error.")
    var quiet = false

    func validate() throws {
        guard (1...256).contains(jobs) else { throw ValidationError("--jobs \(jobs): must be in 1...256") }
    }

    func run() throws {
        let files = try Folder.contents(of: scenarios, flag: "--scenarios").filter { $0.hasSuffix(".json") }.sorted()
        var byName: [String: Scenario] = [:]
        for (_, scenario, _) in try Session.load(files.map { "\(scenarios)/\($0)" }) { byName[scenario.name] = scenario }
        let inputs = files.map { (path: "\(scenarios)/\($0)", what: "scenario") }
        // Checked before any run: the folder, and the files it already holds under the reports' names.
        try Self.check(folder: output, names: ReportGenerator.fileNames, inputs: inputs)
        let show = Terminal.benchmarkProgress(quiet: quiet)
        let generated: [(name: String, contents: String)]
        do {
            generated = try ReportGenerator.generate(scenarios: byName, catalog: CommandContext.catalog.value, jobs: jobs, progress: { show($0) })
        } catch {
            Terminal.endProgress(quiet: quiet)
            Terminal.note("listbench report: \(error)")
            switch error {
            case .missingScenario: throw ListBenchExit.cannotOpen
            case .setup: throw ListBenchExit.internalError
            }
        }
        Terminal.endProgress(quiet: quiet)
        // Ctrl-C before this point quits at once, with nothing written; while the files are
        // written it waits for the last one, so the folder never holds half a set.
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            Terminal.note("--output \(output): cannot create the folder (\(error.localizedDescription))")
            throw ListBenchExit.cannotCreate
        }
        let outputs = generated.map { (target: OutputFiles.Target(flag: "--output", path: "\(output)/\($0.name)"), contents: $0.contents) }
        // Again, as written: the generated names, and what may have changed since the check.
        try Self.check(folder: output, names: generated.map(\.name), inputs: inputs)
        // Ctrl-C while writing: before the renames, nothing is written; once they have begun, every file is.
        let interrupted = try Interrupts.watch { cancellation throws -> Bool? in
            do {
                try ReportOptions.write(outputs.map { (target: $0.target, contents: OutputFiles.Contents.text($0.contents)) }, cancellation: cancellation)
            } catch is OutputFiles.Interrupted {
                return false
            }
            return cancellation.isCancelled ? true : nil
        }
        if interrupted == false {
            Terminal.note("interrupted while writing: no report was written")
            throw ListBenchExit.interrupted
        }
        try Terminal.out("wrote \(generated.count) files to \(output)/: \(generated.map(\.name).joined(separator: ", "))")
        if interrupted == true {
            Terminal.note("interrupted while writing: the reports were already being replaced, so every one was written")
            throw ListBenchExit.interrupted
        }
    }

    /// Checks `--output` as ``OutputFiles`` checks every output
    /// (``OutputFiles/checkFolder(_:)``, then ``OutputFiles/check(_:inputs:)``
    /// for `names` in it when it exists): a refusal is one message and
    /// ``ListBenchExit/cannotCreate``.
    ///
    /// - Complexity: O(n × (n + i)) system calls for `n` names and `i` inputs.
    static func check(folder output: String, names: [String], inputs: [(path: String, what: String)]) throws(ListBenchExit) {
        do {
            guard try OutputFiles.checkFolder(OutputFiles.Target(flag: "--output", path: output)) else { return }
            try OutputFiles.check(names.map { OutputFiles.Target(flag: "--output", path: "\(output)/\($0)") }, inputs: inputs)
        } catch {
            Terminal.note(error.description)
            throw .cannotCreate
        }
    }
}

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
        do {
            try OutputFiles.check(outputs.map(\.target), inputs: files.map { ("\(scenarios)/\($0)", "scenario") })
        } catch {
            Terminal.note(error.description)
            throw ListBenchExit.cannotCreate
        }
        let interrupted = try Interrupts.watch { cancellation throws -> Bool in
            try ReportOptions.write(outputs)
            return cancellation.isCancelled
        }
        if interrupted { Terminal.note("interrupted while writing: every report was written in full first") }
        try Terminal.out("wrote \(generated.count) files to \(output)/: \(generated.map(\.name).joined(separator: ", "))")
    }
}

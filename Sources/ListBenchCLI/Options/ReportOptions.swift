import ArgumentParser
import Foundation
import Profiler
import Rendering

/// The options of every command that produces a report: format, exports, baselines.
struct ReportOptions: ParsableArguments {
    @Option(help: "Standard output format: table, markdown, csv, json, html.")
    var format: OutputFormat = .table

    @Option(name: .customLong("export-csv"), help: "Also write the report as CSV (RFC 4180) to this file.")
    var exportCSV: String?

    @Option(name: .customLong("export-markdown"), help: "Also write the report as Markdown to this file.")
    var exportMarkdown: String?

    @Option(name: .customLong("export-json"), help: "Also write the report as JSON (versioned) to this file.")
    var exportJSON: String?

    @Option(name: .customLong("export-html"), help: "Also write the report as one self-contained HTML file with SVG charts.")
    var exportHTML: String?

    @Option(help: "Write the report as a baseline to this file: its JSON without the memory and frame series (compact; under 20 KB for home-170's ten strategies).")
    var saveBaseline: String?

    @Option(help: "Compare with a baseline written by --save-baseline; exit 3 when a figure regresses past --threshold. Runs whose scenario or device profile you edited are compared, the JSON paths that changed named; a baseline from another tool or model version is refused (67). Measured figures are compared only with 5 samples a side (--measure).")
    var baseline: String?

    @Option(help: "The change, in percent, past which a figure counts as a regression or improvement (0...1000).")
    var threshold: Double = 5

    func validate() throws {
        guard threshold.isFinite, (0...1_000).contains(threshold) else {
            throw ValidationError("--threshold \(threshold): must be a percentage in 0...1000")
        }
    }

    /// Checks every output before any run starts (``OutputFiles/check(_:inputs:)``):
    /// an output flag given twice is a usage error; a target that is not a
    /// regular file, is an input, is named twice or has no writable folder
    /// exits with ``ListBenchExit/cannotCreate``, after one message.
    ///
    /// - Parameters:
    ///   - inputs: the command's input files and what each is (scenarios, a `--device` file);
    ///     the `--baseline` is added here.
    ///   - extra: the command's own outputs besides the report's (`--export-trace`).
    func checkOutputs(inputs: [(path: String, what: String)], extra: [OutputFiles.Target] = []) throws {
        do {
            try OutputFiles.checkRepeatedFlags(CommandLine.arguments)
        } catch {
            Terminal.note("listbench: \(error)")
            throw ListBenchExit.usage
        }
        let all = inputs + (baseline.map { [($0, "--baseline")] } ?? [])
        do {
            try OutputFiles.check(exports.map { OutputFiles.Target(flag: $0.flag, path: $0.path) } + extra, inputs: all)
        } catch {
            Terminal.note(error.description)
            throw ListBenchExit.cannotCreate
        }
    }

    /// A command's input files for ``checkOutputs(inputs:extra:)``: its
    /// scenarios and the device profile files it names.
    static func inputs(scenarios: [String], devices: [String?]) -> [(path: String, what: String)] {
        scenarios.map { ($0, "scenario") } + devices.compactMap { $0.map { ($0, "--device") } }
    }

    /// Every file asked for: its flag, its path and its format (a baseline is the JSON report).
    private var exports: [(flag: String, path: String, format: OutputFormat)] {
        let all: [(String, String?, OutputFormat)] = [
            ("--export-csv", exportCSV, .csv), ("--export-markdown", exportMarkdown, .markdown), ("--export-json", exportJSON, .json),
            ("--export-html", exportHTML, .html), ("--save-baseline", saveBaseline, .json),
        ]
        return all.compactMap { flag, path, format in path.map { (flag, $0, format) } }
    }

    /// The largest baseline file read (a baseline of every shipped scenario with every strategy is about 2 MB).
    static let baselineLimit = 256 << 20

    /// Reads the baseline, if one was given, before any run starts
    /// (``BenchmarkReport/baseline(from:)``), with one message on standard error when it cannot be used.
    ///
    /// A file that cannot be opened (missing, a folder, a FIFO, unreadable, a
    /// link loop) exits with ``ListBenchExit/cannotOpen``; one that is not a
    /// listbench report of this format, is truncated, or holds a figure no
    /// run produces (named with its JSON path), with ``ListBenchExit/invalidBaseline``.
    func loadBaseline() throws -> BenchmarkReport? {
        guard let baseline else { return nil }
        let data: Data
        do {
            data = try InputFile.read(baseline, limit: Self.baselineLimit)
        } catch {
            Terminal.note("--baseline \(baseline): \(error)")
            // A file too large to be a report is not one (67); the others cannot be opened (66).
            throw error.exitCode == .cannotOpen ? ListBenchExit.cannotOpen : ListBenchExit.invalidBaseline
        }
        do {
            return try BenchmarkReport.baseline(from: data)
        } catch {
            Terminal.note("--baseline \(baseline): \(error)")
            throw ListBenchExit.invalidBaseline
        }
    }

    /// The runs of a report, for a message: "scenario on device × strategy, strategy; …",
    /// the first few scenarios and how many more.
    static func runs(of report: BenchmarkReport) -> String {
        guard !report.scenarios.isEmpty else { return "no runs" }
        let shown = 4
        let listed = report.scenarios.prefix(shown).map { scenario in
            "\(scenario.scenario) on \(scenario.deviceLabel) × \(scenario.results.map(\.strategy).joined(separator: ", "))"
        }
        let more = report.scenarios.count - listed.count
        return listed.joined(separator: "; ") + (more > 0 ? "; and \(more) more scenario\(more == 1 ? "" : "s")" : "")
    }

    /// Writes output files as a set (``OutputFiles/write(_:)``): a target
    /// that changed kind since the check exits with ``ListBenchExit/cannotCreate``,
    /// a failed write with ``ListBenchExit/ioError``; either way nothing was replaced.
    static func write(_ files: [(target: OutputFiles.Target, contents: String)]) throws {
        try write(files.map { (target: $0.target, contents: OutputFiles.Contents.text($0.contents)) })
    }

    /// ``write(_:)`` with streamed files among them; an exit code a producer
    /// throws (it has said why) goes through as it is, and so does
    /// ``OutputFiles/Interrupted`` (Ctrl-C before the renames: nothing written).
    static func write(_ files: [(target: OutputFiles.Target, contents: OutputFiles.Contents)], cancellation: Cancellation? = nil) throws {
        do {
            try OutputFiles.write(files, cancellation: cancellation)
        } catch let interrupted as OutputFiles.Interrupted {
            throw interrupted
        } catch let refusal as OutputFiles.Refusal {
            Terminal.note(refusal.description)
            throw ListBenchExit.cannotCreate
        } catch let code as ListBenchExit {
            throw code
        } catch {
            Terminal.note(String(describing: error))
            throw ListBenchExit.ioError
        }
    }

    /// The report in a format.
    static func render(_ report: BenchmarkReport, _ format: OutputFormat) throws -> String {
        switch format {
        case .table: return report.renderTable()
        case .markdown: return report.renderMarkdown()
        case .csv: return report.renderCSV()
        case .json: return try report.renderJSON()
        case .html: return report.renderHTML()
        }
    }

    /// Prints `stdout` (or the report in `--format`), writes every export
    /// atomically (all rendered before any is written; a streamed extra file,
    /// `--export-trace`, is produced into its temporary file then, and the
    /// set is renamed into place only once it is complete), then checks the baseline.
    /// An interrupted report is printed, and nothing is written or compared.
    /// Ctrl-C while the files are written (``OutputFiles/write(_:cancellation:)``)
    /// prints the report too, and exits ``ListBenchExit/interrupted``: with no
    /// file written when it came before the renames, with every one when after.
    ///
    /// A baseline that shares no (scenario, device, strategy) run with the
    /// report, or that another tool or model version saved
    /// (``BaselineCheck/versions``, ``BaselineCheck/differentInputs``),
    /// compares nothing: that is an error (``ListBenchExit/invalidBaseline``),
    /// found before anything is printed or written. Runs whose scenario or
    /// device profile the user edited are compared, and the edits named
    /// (``BaselineCheck/editedInputs``).
    ///
    /// - Returns: the exit code: success, ``ListBenchExit/regression``, or
    ///   ``ListBenchExit/runFailed`` when a run failed on the host (it outranks a regression).
    func emit(_ report: BenchmarkReport, baseline: BenchmarkReport?, stdout: String? = nil,
              extraFiles: [(target: OutputFiles.Target, contents: OutputFiles.Contents)] = []) throws -> ListBenchExit {
        if let interruption = report.interruption {
            let text = try stdout ?? Self.render(report, format)
            try Terminal.out(text)
            Terminal.note("interrupted: \(interruption.finishedRuns) of \(interruption.requestedRuns) runs finished"
                + (exports.isEmpty ? "" : "; no file was written"))
            return ListBenchExit.interrupted
        }
        let files = try exports.map {
            // A baseline is the JSON report without the series it does not compare (BenchmarkReport.renderBaseline()).
            (target: OutputFiles.Target(flag: $0.flag, path: $0.path),
             contents: OutputFiles.Contents.text($0.flag == "--save-baseline" ? try report.renderBaseline() : try Self.render(report, $0.format)))
        } + extraFiles
        var text = try stdout ?? Self.render(report, format)
        var code = ListBenchExit.success
        if let baseline {
            let check = BaselineCheck(current: report, baseline: baseline, thresholdPercent: threshold)
            guard check.compared > 0 else {
                if !check.versions.isEmpty {
                    Terminal.note("--baseline \(self.baseline ?? ""): saved by another listbench: "
                        + check.versions.map(\.description).joined(separator: ", ")
                        + ". Modeled figures move with the model, not with the app, so nothing is compared. "
                        + "Save a new baseline with this listbench ('listbench --version' names its versions).")
                    throw ListBenchExit.invalidBaseline
                }
                if !check.differentInputs.isEmpty {
                    let shown = 4
                    let listed = check.differentInputs.prefix(shown).map(\.description).joined(separator: "; ")
                    let more = check.differentInputs.count - min(shown, check.differentInputs.count)
                    Terminal.note("--baseline \(self.baseline ?? ""): every run in common was made from different inputs, so nothing "
                        + "can be compared (its figures moved with its inputs, not by a regression): \(listed)"
                        + (more > 0 ? "; and \(more) more" : "") + ". Save a new baseline from these inputs.")
                    throw ListBenchExit.invalidBaseline
                }
                Terminal.note("--baseline \(self.baseline ?? ""): no run in common with this one, so nothing can be compared "
                    + "(runs match by scenario, device and iOS, and strategy). The baseline has: \(Self.runs(of: baseline)). "
                    + "This run has: \(Self.runs(of: report)).")
                throw ListBenchExit.invalidBaseline
            }
            if format == .table || stdout != nil { text += "\n" + check.render() } else { Terminal.note(check.render()) }
            if !check.regressions.isEmpty { code = ListBenchExit.regression }
        }
        // Ctrl-C from here on: the report is printed whatever comes, and the files are written whole or not at all.
        let interrupted = try Interrupts.watch { cancellation throws -> Bool? in
            do {
                try Self.write(files, cancellation: cancellation)
            } catch is OutputFiles.Interrupted {
                return false
            }
            return cancellation.isCancelled ? true : nil
        }
        try Terminal.out(text)
        if let written = interrupted {
            let made = report.scenarios.flatMap(\.results).filter { $0.unsupported == nil }.count
            Terminal.note("interrupted: \(made) of \(made) runs finished; "
                + (written ? "the files were already being replaced, so every one was written" : "no file was written"))
            return ListBenchExit.interrupted
        }
        if report.hasFailures {
            Terminal.note("some runs failed on the host; the report says which and why")
            return ListBenchExit.runFailed
        }
        return code
    }
}

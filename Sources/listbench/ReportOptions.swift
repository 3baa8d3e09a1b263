import ArgumentParser
import Foundation
import Profiler

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

    @Option(help: "Write the report as a baseline (its JSON) to this file.")
    var saveBaseline: String?

    @Option(help: "Compare with a baseline written by --save-baseline; exit 3 when a figure regresses past --threshold.")
    var baseline: String?

    @Option(help: "The change, in percent, past which a figure counts as a regression or improvement (0...1000).")
    var threshold: Double = 5

    func validate() throws {
        guard threshold.isFinite, (0...1_000).contains(threshold) else {
            throw ValidationError("--threshold \(threshold): must be a percentage in 0...1000")
        }
        for (flag, path) in outputs {
            let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw ValidationError("\(flag) \(path): no such directory '\(directory)'")
            }
        }
    }

    private var outputs: [(String, String)] {
        [("--export-csv", exportCSV), ("--export-markdown", exportMarkdown), ("--export-json", exportJSON),
         ("--export-html", exportHTML), ("--save-baseline", saveBaseline)].compactMap { flag, path in path.map { (flag, $0) } }
    }

    /// Reads the baseline, if one was given, before any run starts.
    func loadBaseline() throws -> BenchmarkReport? {
        guard let baseline else { return nil }
        guard let data = FileManager.default.contents(atPath: baseline) else {
            Terminal.note("--baseline \(baseline): cannot open the file")
            throw ExitCodes.cannotOpen
        }
        do {
            let report = try BenchmarkReport.decode(data)
            guard report.formatVersion == BenchmarkReport.currentFormatVersion else {
                Terminal.note("--baseline \(baseline): report format \(report.formatVersion); this listbench reads \(BenchmarkReport.currentFormatVersion)")
                throw ExitCodes.invalidScenario
            }
            return report
        } catch let error as ExitCode {
            throw error
        } catch {
            Terminal.note("--baseline \(baseline): not a listbench report (\(error))")
            throw ExitCodes.invalidScenario
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
    /// atomically (all rendered before any is written), then checks the baseline.
    ///
    /// - Returns: the exit code: success, or ``ExitCodes/regression``.
    func emit(_ report: BenchmarkReport, baseline: BenchmarkReport?, stdout: String? = nil) throws -> ExitCode {
        var files: [(String, String)] = []
        if let exportCSV { files.append((exportCSV, report.renderCSV())) }
        if let exportMarkdown { files.append((exportMarkdown, report.renderMarkdown())) }
        if let exportJSON { files.append((exportJSON, try report.renderJSON())) }
        if let exportHTML { files.append((exportHTML, report.renderHTML())) }
        if let saveBaseline { files.append((saveBaseline, try report.renderJSON())) }
        var text = try stdout ?? Self.render(report, format)
        var code = ExitCode.success
        if let baseline {
            let check = BaselineCheck(current: report, baseline: baseline, thresholdPercent: threshold)
            if format == .table || stdout != nil { text += "\n" + check.render() } else { Terminal.note(check.render()) }
            if !check.regressions.isEmpty { code = ExitCodes.regression }
        }
        for (path, contents) in files {
            do {
                try Data(contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            } catch {
                Terminal.note("\(path): cannot write the file (\(error.localizedDescription))")
                throw ExitCodes.cannotCreate
            }
        }
        print(text, terminator: text.hasSuffix("\n") ? "" : "\n")
        return code
    }
}

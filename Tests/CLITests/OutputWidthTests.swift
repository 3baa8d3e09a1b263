import Foundation
import Testing

/// `run`'s terminal output (issue 27): 120 columns, the columns that decide
/// by default and the rest by name, host figures only when asked.
@Suite("Run's table and host figures")
struct OutputWidthTests {
    private let home = root.appendingPathComponent("Scenarios/home-170.json").path

    /// `run Scenarios/home-170.json` (every strategy): every line fits in 120
    /// columns, and nothing is measured on the host: no [measured] column,
    /// no measured legend.
    @Test func theDefaultTableFits120ColumnsAndIsModeledOnly() throws {
        let result = try listbench(["run", home, "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count > 12)
        for line in lines { #expect(line.count <= 120, "\(line.count): \(line)") }
        #expect(result.out.contains("completion ms") && result.out.contains("correctness"))
        #expect(!result.out.contains("[measured]") && !result.out.contains("wall ms"))
        #expect(result.out.contains("All figures are modeled"))
        #expect(result.out.contains("reload: correctness: 16105 jump pt, 10 unchanged reloads"))
    }

    /// `--columns all` without measured figures shows every modeled and
    /// correctness column, and no measured one (nothing to show there).
    @Test func allColumnsWithoutMeasuredFigures() throws {
        let result = try listbench(["run", home, "--strategy", "reload", "--columns", "all", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let header = try #require(result.out.split(separator: "\n").dropFirst().first)
        #expect(header.contains("ttff ms") && header.contains("never shown") && !header.contains("wall ms"), "\(header)")
    }

    /// A correctness line counts in the singular for one: "1 inconsistency", not "1 inconsistencies".
    @Test func oneProblemIsNamedInTheSingular() throws {
        let feed = root.appendingPathComponent("Scenarios/realtime-feed.json").path
        let result = try listbench(["run", feed, "--strategy", "identifier-diff", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("identifier-diff: correctness: 1 inconsistency, "), "\(result.out)")
        #expect(!result.out.contains("1 inconsistencies"))
    }

    /// `compare` measures nothing by default either: its JSON report has no measurement.
    @Test func compareMeasuresNothingByDefault() throws {
        let result = try listbench(["compare", "reload", "texture", home, "--format", "json", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.out.contains("\"measurement\"") && !result.out.contains("\"measured\""))
    }

    /// `--columns` takes sets and metric names in order; `--measure` adds the
    /// host's wall time to the default set.
    @Test func columnsByNameAndMeasuredWhenAsked() throws {
        let named = try listbench(["run", home, "--strategy", "reload", "--columns", "worstFrameMs,work", "--quiet"])
        #expect(named.status == 0, "\(named.err)")
        let header = named.out.split(separator: "\n")[1]
        #expect(header.hasPrefix("strategy  status     worst frame ms  created  reused  configured"), "\(header)")
        let measured = try listbench(["run", home, "--strategy", "reload", "--repetitions", "1", "--no-isolate", "--quiet"])
        #expect(measured.status == 0, "\(measured.err)")
        #expect(measured.out.contains("wall ms [measured]"))
    }

    /// An unknown name, a measured column without measured figures, or
    /// `--columns` with another format: one message, exit 64.
    @Test(arguments: [
        (["--columns", "nope"], "--columns nope: unknown column 'nope'; known sets: default, timing, frames, work, memory, correctness, measured, all; metrics: timeToFirstFrameMs"),
        (["--columns", "timing,"], "--columns timing,: give at least one column set or metric name"),
        (["--columns", "wallMs"], "measured columns need measured figures; add --measure or --repetitions N"),
        (["--columns", "all", "--format", "csv"], "--columns chooses the table format's columns"),
        (["--measure", "--repetitions", "3"], "--measure is --repetitions 10; give one of them, not both"),
    ])
    func badColumnsAreRefused(arguments: [String], fragment: String) throws {
        let result = try listbench(["run", home] + arguments)
        #expect(result.status == 64, "\(result.err)")
        #expect(result.err.contains(fragment), "\(result.err)")
        #expect(result.out.isEmpty)
    }
}

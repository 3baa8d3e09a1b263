import Foundation
import ListData
import ListSimulator
import Profiler
import Rendering
import Scenarios
import Testing

/// A name built to attack a terminal and a Markdown file: an OSC sequence that retitles the terminal, a colour, a newline.
private let hostile = "feed\u{1B}]0;owned\u{07}\u{1B}[31m\nline"

/// The sample report with its first scenario renamed to `name`, as a hand-edited baseline or another tool could hand it over.
private func renamed(_ name: String) throws -> BenchmarkReport {
    var report = try sampleReport(repetitions: 0)
    report.scenarios[0].scenario = name
    return report
}

@Suite("Hostile text")
struct HostileTextTests {
    /// Scenario text is printable: a control character is refused at validation, with its JSON path.
    @Test func aControlCharacterInAScenarioIsRefusedByPath() throws {
        let text = #"{"version": 1, "name": "a\u001Bb", "description": "d", "seed": 1, "data": {"sections": [{"id": "feed", "generate": 3}]}, "steps": []}"#
        do {
            _ = try Scenario.decode(Array(text.utf8))
            Issue.record("accepted a name with ESC")
        } catch {
            #expect(error.description.contains("at name (line 1"), "\(error)")
            #expect(error.description.contains("control character (U+001B) at character 2"), "\(error)")
        }
    }

    /// In every text format a name's control characters are shown, never sent: no ESC, no BEL,
    /// and the Markdown heading stays one line.
    @Test func controlCharactersAreEscapedInTheTableAndMarkdown() throws {
        let report = try renamed(hostile)
        for text in [report.renderTable(), report.renderMarkdown()] {
            #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
            #expect(text.contains(#"feed\e]0;owned\u{7}\e[31m\nline"#))
        }
        let heading = try #require(report.renderMarkdown().split(separator: "\n").first { $0.hasPrefix("## feed") })
        #expect(heading.hasSuffix("on iphone-15, iOS 17"), "\(heading)")
        // CSV, HTML and JSON carry no raw ESC or BEL either (JSON as \u001b, by its encoder).
        for text in [report.renderCSV(), report.renderHTML(), try report.renderJSON()] {
            #expect(!text.contains("\u{1B}") && !text.contains("\u{07}"))
        }
    }

    /// A CSV cell that a spreadsheet would run as a formula gets a leading
    /// quote (OWASP); negative numbers stay numbers.
    @Test(arguments: ["=HYPERLINK(\"http://x\")", "+1+1", "-2+3", "@SUM(A1)"])
    func aFormulaLookingCSVCellIsProtected(_ name: String) throws {
        let rows = parseCSV(try renamed(name).renderCSV())
        #expect(rows[1][0] == "'" + name)
        #expect(PrintableText.escaped("-12.5") == "-12.5")
    }

    /// A hostile 200,000-character name is echoed cut, and no edit distance is computed for it.
    @Test func longValuesAreEchoedCutAndNotSuggestedFor() throws {
        let long = String(repeating: "y", count: 200_000)
        #expect(Suggestion.closest(to: long, in: ["wait", "scroll"]) == nil)
        let text = #"{"version": 1, "name": "n", "description": "d", "seed": 1, "data": {"sections": [{"id": "feed", "generate": 3}]}, "steps": [{"kind": "\#(long)"}]}"#
        do {
            _ = try Scenario.decode(Array(text.utf8))
            Issue.record("accepted")
        } catch {
            #expect(error.description.count < 1_000 && error.description.contains("… (200000 characters)"), "\(error.description.prefix(300))")
        }
    }

    /// Escaping keeps line breaks and tabs when asked (CSV's CRLF, messages
    /// over several lines) and handles a report-sized text in one pass.
    @Test func escapingKeepsLinesWhenAskedAndScalesToAReport() {
        #expect(PrintableText.escaped("a,b\r\nc\td\u{1B}[0m", keepingLines: true) == "a,b\r\nc\td\\e[0m")
        let line = String(repeating: "x", count: 99) + "\n"
        let report = String(repeating: line, count: 50_000) + "\u{1B}"
        let escaped = PrintableText.escaped(report, keepingLines: true)
        #expect(escaped.utf8.count == report.utf8.count + 1 && escaped.hasSuffix("\\e"))
    }

    @Test func valuesAreEchoedTruncated() {
        let long = String(repeating: "x", count: 200_000)
        #expect(PrintableText.truncated(long, limit: 10) == "xxxxxxxxxx… (200000 characters)")
        #expect(PrintableText.truncated("short") == "short")
    }
}

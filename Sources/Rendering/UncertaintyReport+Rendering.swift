import Foundation
import Profiler

/// How `compare --uncertainty` and `run --uncertainty` print their figures:
/// a table, one sentence per metric, and the line that says which verdicts
/// flip inside the uncertainty.
extension UncertaintyComparison {
    /// What B does when it is better and when it is worse on a metric, as a sentence's verb phrase.
    static func phrases(_ metric: MetricID) -> (better: String, worse: String, noun: String) {
        switch metric {
        case .timeToFirstFrameMs: return ("shows its first frame sooner", "later", "first frame")
        case .completionMs: return ("finishes sooner", "later", "completion")
        case .mainThreadBusyMs: return ("has less main-thread time", "more", "main-thread time")
        case .hitches: return ("has fewer hitches", "more", "hitches")
        case .hitchTimeMs: return ("has less hitch time", "more", "hitch time")
        case .peakMemoryBytes: return ("peaks lower in memory", "higher", "peak memory")
        default:
            let label = Metric(metric).label
            return ("has a better \(label)", "worse", label)
        }
    }

    /// `61%`: a share of the draws, to the nearest whole percent (`<1%` / `>99%` near the ends, so that 0% and 100% are exact).
    static func share(_ count: Int, of total: Int) -> String {
        guard total > 0 else { return "-" }
        if count == 0 { return "0%" }
        if count == total { return "100%" }
        let percent = Double(count) / Double(total) * 100
        if percent < 1 { return "<1%" }
        if percent > 99 { return ">99%" }
        return "\(Int(percent.rounded()))%"
    }

    static func ratio(_ value: Double?) -> String {
        guard let value else { return "-" }
        return String(format: "%.3f", value)
    }

    /// The plausible devices, as a noun phrase: `100 plausible iphone-15s`.
    var devices: String { "\(draws) plausible \(device)\(draws == 1 ? "" : "s")" }

    /// One line per flipping verdict, for the top of compare's output (empty when none flips):
    /// `verdict flips: home-170 completion: viewmodel-cells equal on the nominal iphone-15, on only 42% of 100 plausible iphone-15s (better 6%, equal 42%, worse 52%)`.
    /// In Markdown, one list item per line, so that the lines stay apart.
    public func renderFlips(markdown: Bool = false) -> String {
        flipping.map { row in
            "verdict flips: \(scenario) \(Self.phrases(row.metric).noun): \(b) \(row.nominal.words) on the nominal \(device), "
                + "on only \(Self.share(row.agreeing, of: draws)) of \(devices) (better \(Self.share(row.better, of: draws)), "
                + "equal \(Self.share(row.equal, of: draws)), worse \(Self.share(row.worse, of: draws))"
                + (row.notComparable > 0 ? ", not comparable \(Self.share(row.notComparable, of: draws))" : "") + ")"
        }.map { markdown ? "- " + $0 + "\n" : TextWrap.wrap($0, width: TextWrap.width, indent: "  ") + "\n" }.joined()
    }

    /// The table and one sentence per metric.
    ///
    /// - Complexity: O(metrics).
    public func render(markdown: Bool = false) -> String {
        let title = "Under uncertainty: \(b) (B) against \(a) (A) on \(scenario), \(devices) "
            + "(seed \(seed), ranges \(rangesDigest); ratio B/A: median, 5th-95th percentile)"
        let headers = ["metric", "nominal", "B better", "equal", "B worse", "n/a", "B/A median", "B/A 5%-95%", "holds"]
        let rows = metrics.map { row -> [String] in
            [Metric(row.metric).columnHeading, row.nominal.words, Self.share(row.better, of: draws), Self.share(row.equal, of: draws),
             Self.share(row.worse, of: draws), Self.share(row.notComparable, of: draws), Self.ratio(row.ratioMedian),
             row.ratioLow.map { "\(Self.ratio($0))-\(Self.ratio(row.ratioHigh))" } ?? "-", row.holdsText]
        }
        var out = (markdown ? "### \(title)\n\n" : TextWrap.wrap(title, width: TextWrap.width, indent: "  ") + "\n")
        out += TextTable.render(headers: headers, rows: rows, markdown: markdown)
        out += markdown ? "\n" : ""
        for row in metrics { out += (markdown ? sentence(row) + "\n\n" : TextWrap.wrap(sentence(row), width: TextWrap.width, indent: "  ") + "\n") }
        return out
    }

    /// `viewmodel-cells finishes sooner than monolithic-cells on 61% of 100 plausible iphone-15s, later on 39%.`;
    /// with no draw better, `… never finishes sooner than … on 100 plausible iphone-15s: the same on 100%`.
    func sentence(_ row: Row) -> String {
        let words = Self.phrases(row.metric)
        var parts: [String] = []
        if row.worse > 0 { parts.append("\(words.worse) on \(Self.share(row.worse, of: draws))") }
        if row.equal > 0 { parts.append("the same on \(Self.share(row.equal, of: draws))") }
        if row.notComparable > 0 { parts.append("not comparable on \(Self.share(row.notComparable, of: draws))") }
        let spread = row.ratioMedian.map { median in
            " (B/A \(Self.ratio(median)), \(Self.ratio(row.ratioLow))-\(Self.ratio(row.ratioHigh)) in 90% of them)"
        } ?? ""
        // On no draw comparable (a side crashed or was killed on every one): nothing was ranked.
        if row.notComparable == draws {
            return "\(b) against \(a), \(words.noun): not comparable on any of \(devices) (a side ended early or skipped rows)."
        }
        // On no draw better: say so first ("never finishes sooner …: the same on 100%"), not "on 0%".
        if row.better == 0 {
            return "\(b) never \(words.better) than \(a) on \(devices)"
                + (parts.isEmpty ? "" : ": " + parts.joined(separator: ", ")) + spread + "."
        }
        return "\(b) \(words.better) than \(a) on \(Self.share(row.better, of: draws)) of \(devices)"
            + (parts.isEmpty ? "" : ", " + parts.joined(separator: ", ")) + spread + "."
    }
}

extension UncertaintyComparison.Row {
    /// The "holds" cell: "flips" below the agreement threshold, "-" when
    /// the nominal verdict is "not comparable" (there is no verdict to hold),
    /// "yes" otherwise.
    var holdsText: String {
        if flips { return "flips" }
        return nominal == .notComparable ? "-" : "yes"
    }
}

extension UncertaintyOutcome {
    /// The outcome as a table cell and in sentences.
    public var words: String {
        switch self {
        case .better: return "better"
        case .equal: return "equal"
        case .worse: return "worse"
        case .notComparable: return "not comparable"
        }
    }
}

extension UncertaintySpread {
    /// One table of every strategy's spread on a scenario: per headline
    /// metric, the nominal value and the median (5th-95th percentile) over the draws.
    ///
    /// - Precondition: the spreads are of one scenario and the same draws.
    /// - Complexity: O(strategies × metrics).
    public static func render(_ spreads: [UncertaintySpread], markdown: Bool = false) -> String {
        guard let first = spreads.first else { return "" }
        let metrics = UncertaintyComparison.headlineMetrics.map(Metric.init)
        let title = "Under uncertainty: \(first.scenario) on \(first.draws) plausible \(first.device)\(first.draws == 1 ? "" : "s") "
            + "(seed \(first.seed), ranges \(first.rangesDigest)): nominal, then median (5th-95th percentile)"
        func table(_ metrics: [Metric]) -> String {
            let headers = ["strategy"] + metrics.map(\.columnHeading)
            let rows = spreads.map { spread in
                [spread.strategy] + metrics.map { metric -> String in
                    guard let row = spread.metrics.first(where: { $0.metric == metric.id }), let median = row.median else { return "-" }
                    let missing = row.count < spread.draws ? " n=\(row.count)" : ""
                    return "\(metric.format(row.nominal)), \(metric.format(median)) (\(metric.format(row.low))-\(metric.format(row.high)))\(missing)"
                }
            }
            return TextTable.render(headers: headers, rows: rows, markdown: markdown)
        }
        if markdown { return "### \(title)\n\n" + table(metrics) }
        // In a terminal, two metrics a table, so that each keeps to about 120 columns.
        let pairs = stride(from: 0, to: metrics.count, by: 2).map { Array(metrics[$0..<min(metrics.count, $0 + 2)]) }
        return TextWrap.wrap(title, width: TextWrap.width, indent: "  ") + "\n" + pairs.map(table).joined(separator: "\n")
    }
}

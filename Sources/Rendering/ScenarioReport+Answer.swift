import Foundation
import ListData
import Profiler

extension ScenarioReport {
    /// One headline figure of the answer line: the metric, and how the line
    /// says its winner won (with the winner's value) and, at zero, that it
    /// has none at all.
    private struct AnswerFigure: Sendable {
        var metric: MetricID
        /// The words for one winner and for several, before the value.
        var one: String
        var several: String
        /// The same at zero ("has no hitches"), when zero says more than the value.
        var zero: (one: String, several: String)?
    }

    private static let answerFigures: [AnswerFigure] = [
        AnswerFigure(metric: .completionMs, one: "finishes first", several: "finish first", zero: nil),
        AnswerFigure(metric: .mainThreadBusyMs, one: "does the least on main", several: "do the least on main", zero: nil),
        AnswerFigure(metric: .hitchTimeMs, one: "hitches least", several: "hitch least", zero: ("has no hitches", "have no hitches")),
        AnswerFigure(metric: .hangTimeMs, one: "hangs least", several: "hang least", zero: ("never hangs", "never hang")),
        AnswerFigure(metric: .peakMemoryBytes, one: "holds the least memory", several: "hold the least memory", zero: nil),
    ]

    /// The answer first: one line that says which strategy wins on the
    /// headline figures (completion, main-thread time, hitch time, hangs,
    /// peak memory), built only from verdicts `compare` would give: a
    /// strategy is named for a figure only when it is better than (or equal
    /// to) every other run that completed without a crash, by
    /// ``ScenarioComparison``'s rules (its noise floor, and comparability by
    /// cause: per item shown where coverage differs). A figure that no run
    /// wins comparably, or that more than half the runs tie on, is left out.
    /// Then the largest memory gap (2× or more, where compare ranks it), and the runs that crashed,
    /// were killed or stopped at a bound.
    ///
    /// `timeline on iphone-15: row-ids finishes first (91.0 s); diffable-ids does the least on main (57.0 ms) and has no hitches; texture holds 3.9× the memory of row-ids`
    ///
    /// - Returns: nil with fewer than two runs with figures (nothing to choose between).
    /// - Complexity: O(figures × runs) comparisons.
    public func answer() -> String? {
        let measured = results.filter { $0.metrics != nil }
        guard measured.count >= 2 else { return nil }
        let pool = measured.filter { $0.metrics?.status == .completed && $0.metrics?.inconsistencies == 0 }
        var phrases: [(winners: [String], text: String)] = []
        func add(_ winners: [String], _ text: String) {
            if let index = phrases.firstIndex(where: { $0.winners == winners }) {
                phrases[index].text += " and " + text
            } else {
                phrases.append((winners, text))
            }
        }
        let named = answerWinners()
        if pool.count >= 2 {
            for figure in Self.answerFigures {
                guard let (winners, value) = named.first(where: { $0.metric == figure.metric }).map({ ($0.winners, $0.value) }) else { continue }
                let metric = Metric(figure.metric)
                let shown = metric.unit == .bytes ? metric.format(value) + " MiB"
                    : value >= 10_000 ? String(format: "%.1f s", value / 1_000) : metric.format(value) + " " + metric.displayUnit
                let several = winners.count > 1
                if value == 0, let zero = figure.zero {
                    add(winners, several ? zero.several : zero.one)
                } else {
                    add(winners, (several ? figure.several : figure.one) + " (\(shown))")
                }
            }
        }
        var parts = phrases.map { Self.names($0.winners) + " " + $0.text }
        if parts.isEmpty, pool.count >= 2 { parts.append("no strategy wins a headline figure comparably (compare says why)") }
        if pool.count < 2 { parts.append(pool.isEmpty ? "no run completed without a crash" : "only \(pool[0].strategy) completed without a crash") }
        // The largest memory gap among runs that completed.
        let peaks = pool.compactMap { result in result.metrics.map { (result.strategy, Double($0.peakMemoryBytes)) } }
        if let low = peaks.min(by: { $0.1 < $1.1 }), let high = peaks.max(by: { $0.1 < $1.1 }), low.1 > 0, high.1 >= 2 * low.1,
           let lowRun = pool.first(where: { $0.strategy == low.0 }), let highRun = pool.first(where: { $0.strategy == high.0 }),
           verdict(of: .peakMemoryBytes, lowRun, highRun) == .worse {
            // Said only where compare ranks it (coverage cannot explain the gap).
            parts.append(String(format: "%@ holds %.1f× the memory of %@", high.0, high.1 / low.1, low.0))
        }
        for (status, word) in [(RunStatus.crashed, "crashed"), (.killed, "killed at the memory limit"), (.timedOut, "stopped at a bound")] {
            let ended = measured.filter { $0.metrics?.status == status }.map(\.strategy)
            if !ended.isEmpty { parts.append(word + ": " + Self.names(ended)) }
        }
        return "\(scenario) on \(deviceLabel): " + parts.joined(separator: "; ")
    }

    /// What the answer names: for each headline figure won comparably (see
    /// ``answer()``), the winners and their value, in the answer's order.
    ///
    /// - Complexity: O(figures × runs) comparisons.
    public func answerWinners() -> [(metric: MetricID, winners: [String], value: Double)] {
        let pool = results.filter { $0.metrics?.status == .completed && $0.metrics?.inconsistencies == 0 }
        guard pool.count >= 2 else { return [] }
        return Self.answerFigures.compactMap { figure in
            guard let (winners, value) = winners(of: figure.metric, in: pool), winners.count * 2 <= pool.count else { return nil }
            // Nobody hangs: nothing to say about hangs.
            if figure.metric == .hangTimeMs, value == 0, winners.count == pool.count { return nil }
            return (figure.metric, winners, value)
        }
    }

    /// How often the answer holds on plausible devices (`--uncertainty`):
    /// the draws (each the same strategies' results on one plausible
    /// device) on which the same strategies win the same headline figures
    /// comparably, as one line: `home-170 on iphone-15, iOS 17: the answer
    /// holds on 17 of 20 plausible iphone-15s`; nil when the answer names no
    /// winner or there are no draws.
    ///
    /// - Complexity: O(draws × figures × runs) comparisons.
    public func answerHolds(draws: [[StrategyResult]], deviceName: String) -> String? {
        let nominal = answerWinners()
        guard !nominal.isEmpty, !draws.isEmpty else { return nil }
        let key = nominal.map { "\($0.metric.rawValue):\($0.winners.joined(separator: ","))" }
        let agreeing = draws.filter { results in
            var drawn = self
            drawn.results = results
            return drawn.answerWinners().map { "\($0.metric.rawValue):\($0.winners.joined(separator: ","))" } == key
        }.count
        return "\(scenario) on \(deviceLabel): the answer holds on \(agreeing) of \(draws.count) plausible \(deviceName)\(draws.count == 1 ? "" : "s")"
            + " (the same strategies win the same figures)"
    }

    /// The runs that win `metric` comparably, and the winning value: the
    /// lowest run, with those equal to it, when each is better than every
    /// other run in `pool` (``ScenarioComparison``'s verdict); nil otherwise.
    private func winners(of metric: MetricID, in pool: [StrategyResult]) -> (names: [String], value: Double)? {
        let valued = pool.compactMap { result in result.value(metric).map { (result, $0) } }
        guard valued.count == pool.count, let best = valued.min(by: { $0.1 < $1.1 }) else { return nil }
        let winners = valued.map { $0.0 }.filter { verdict(of: metric, best.0, $0) == .equal }
        for winner in winners {
            for (other, _) in valued where !winners.contains(where: { $0.strategy == other.strategy }) {
                guard verdict(of: metric, other, winner) == .better else { return nil }
            }
        }
        return (winners.map(\.strategy), best.1)
    }

    /// Compare's verdict on `metric` of `b` against `a` on this scenario's device.
    ///
    /// - Complexity: O(1) (one metric, ``ScenarioComparison/compare(_:a:b:frameBudgetMs:)``).
    private func verdict(of metric: MetricID, _ a: StrategyResult, _ b: StrategyResult) -> Verdict {
        ScenarioComparison.compare(Metric(metric), a: a, b: b, frameBudgetMs: frameBudgetMs).verdict
    }

    /// "a", "a and b", "a, b and c".
    private static func names(_ names: [String]) -> String {
        guard let last = names.last, names.count > 1 else { return names.last ?? "" }
        return names.dropLast().joined(separator: ", ") + " and " + last
    }
}

extension BenchmarkReport {
    /// The answer lines of every scenario (``ScenarioReport/answer()``), one a line; empty when none has one.
    public var answers: [String] { scenarios.compactMap { $0.answer() } }
}

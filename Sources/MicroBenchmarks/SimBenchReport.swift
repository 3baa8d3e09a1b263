/// What `listbench sim-bench` measured, as values its renderer prints
/// (`SimBenchReport+Rendering.swift`): the scroll cases with their growth,
/// and the change cases.
public enum SimBenchReport {
    /// The scroll cases, in the order they ran (each heights mode over the
    /// row counts), and how the wall time grew from one row count to the next.
    public struct Scroll: Equatable, Sendable {
        /// A run's wall time over the previous run's with the same heights.
        public struct Growth: Equatable, Sendable {
            public var heights: ScrollBenchHeights
            public var factor: Double
        }

        public var results: [ScrollBenchResult]
        /// For every run after the first of its heights mode, in the order of ``results``.
        public var growth: [Growth]

        /// - Complexity: O(results).
        public init(results: [ScrollBenchResult]) {
            self.results = results
            var previous: [ScrollBenchHeights: Double] = [:]
            var growth: [Growth] = []
            for result in results {
                if let last = previous[result.heights] { growth.append(Growth(heights: result.heights, factor: result.wallMs / last)) }
                previous[result.heights] = result.wallMs
            }
            self.growth = growth
        }
    }

    /// The change cases: every strategy at every row count, `bursts` bursts each.
    public struct Changes: Equatable, Sendable {
        public var results: [ChangeBenchResult]
        public var bursts: Int

        public init(results: [ChangeBenchResult], bursts: Int) {
            self.results = results
            self.bursts = bursts
        }
    }
}

import ListSimulator

extension CostBreakdown {
    /// The two kinds of thread a breakdown covers. The raw value is how
    /// tables and CSV headers name it.
    public enum Thread: String, CaseIterable, Sendable {
        case main
        case workers
    }

    /// The categories with time on `thread`, in ``CostCategory`` order.
    public func shares(on thread: Thread) -> [CategoryShare] {
        switch thread {
        case .main: return main
        case .workers: return background
        }
    }

    /// The time `thread` spent on `category` (ms; 0 when none).
    ///
    /// - Complexity: O(categories).
    public func ms(of category: CostCategory, on thread: Thread) -> Double {
        shares(on: thread).first { $0.category == category }?.ms ?? 0
    }
}

/// One thread kind's busy time in a run, by category: what a breakdown table shows of it.
public struct ThreadBusyTime: Equatable, Sendable {
    /// A category's time with its part of the thread's busy time.
    public struct RankedShare: Equatable, Sendable {
        public var category: CostCategory
        public var ms: Double
        /// ms / the thread's busy time × 100; nil when the thread was never busy.
        public var percentOfBusy: Double?
    }

    public var thread: CostBreakdown.Thread
    /// Categories with time, in ``CostCategory`` order; they add up to ``busyMs``.
    public var shares: [CostBreakdown.CategoryShare]
    public var busyMs: Double
    /// Main's time ready to run but waiting for a core (outside its busy
    /// time; 0 in reports saved before it was recorded); nil for the workers.
    public var waitingMs: Double?

    /// The shares, largest first, each with its percentage of the busy time.
    ///
    /// - Complexity: O(c log c) for c categories.
    public var largestFirst: [RankedShare] {
        shares.sorted(by: { $0.ms > $1.ms }).map { share in
            RankedShare(category: share.category, ms: share.ms, percentOfBusy: busyMs > 0 ? share.ms / busyMs * 100 : nil)
        }
    }

    /// The time spent on `category`, nil when none.
    public func ms(of category: CostCategory) -> Double? { shares.first { $0.category == category }?.ms }
}

extension RunMetrics {
    /// Main's and then the workers' busy time by category; nil without a breakdown.
    public var threadBusyTimes: [ThreadBusyTime]? {
        guard let breakdown else { return nil }
        return [
            ThreadBusyTime(thread: .main, shares: breakdown.main, busyMs: mainThreadBusyMs, waitingMs: mainThreadWaitingMs ?? 0),
            ThreadBusyTime(thread: .workers, shares: breakdown.background, busyMs: backgroundBusyMs, waitingMs: nil),
        ]
    }
}

extension ScenarioReport {
    /// The categories any run of the scenario spent time on, in ``CostCategory`` order.
    ///
    /// - Complexity: O(results × categories²), categories being a handful.
    public var categoriesUsed: [CostCategory] {
        CostCategory.allCases.filter { category in
            results.contains { result in
                guard let breakdown = result.metrics?.breakdown else { return false }
                return (breakdown.main + breakdown.background).contains { $0.category == category }
            }
        }
    }
}

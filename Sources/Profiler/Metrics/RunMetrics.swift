import ListSimulator

/// How a run ended.
public enum RunStatus: String, Equatable, Sendable, Codable {
    /// Every step finished and its content was on screen.
    case completed
    /// An invalid update: the simulated crash.
    case crashed
    /// The memory footprint passed the device's limit (jetsam).
    case killed
    /// The run passed its bound on virtual time or on simulator steps (``RunMetrics/boundReached`` says which).
    case timedOut
}

/// The runner's own bound that stopped a run (status `timedOut`).
///
/// Encoded in JSON as its ``description`` ("virtual time past 4 h"), as
/// reports have always said it.
public enum RunBound: Equatable, Sendable, Codable, CustomStringConvertible {
    /// Virtual time passed ``ScenarioRunner/maximumVirtualTime``.
    case virtualTime
    /// More than ``ScenarioRunner/maximumSteps`` simulator steps.
    case steps

    public var description: String {
        switch self {
        case .virtualTime: return "virtual time past \(ScenarioRunner.virtualTimeBound)"
        case .steps: return "more than \(ScenarioRunner.stepBound) simulator steps"
        }
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        switch text {
        case RunBound.virtualTime.description: self = .virtualTime
        case RunBound.steps.description: self = .steps
        default: throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(text)' is not a bound of this version's runner")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Apple's hitch-time-ratio ratings (Xcode Organizer, "Understanding hitches in your app"),
/// applied to ``RunMetrics/hitchRatioMsPerS`` (hitch time over the time spent rendering).
public enum HitchRating: String, Equatable, Sendable, Codable {
    case good, warning, critical, immediateAttention

    /// ≤ 10 ms/s good, ≤ 25 warning, ≤ 50 critical, above that immediate attention.
    public init(ratioMsPerS: Double) {
        switch ratioMsPerS {
        case ...10: self = .good
        case ...25: self = .warning
        case ...50: self = .critical
        default: self = .immediateAttention
        }
    }
}

/// The **modeled** figures of one run: deterministic, identical on every
/// machine. Names follow DESIGN.md's metric contract.
public struct RunMetrics: Equatable, Sendable, Codable {
    public var status: RunStatus
    /// With `timedOut`: the bound that stopped the run (``ScenarioRunner/maximumVirtualTime`` or ``ScenarioRunner/maximumSteps``).
    public var boundReached: RunBound?
    // Timing (ms of virtual time).
    public var timeToFirstFrameMs: Double?
    public var completionMs: Double?
    public var mainThreadBusyMs: Double
    /// Time the main thread was ready to run but shared a core with other
    /// threads (not busy time). Optional so that older reports still decode.
    public var mainThreadWaitingMs: Double?
    public var backgroundBusyMs: Double
    public var frames: Int
    public var hitches: Int
    public var hitchTimeMs: Double
    /// Apple's hitch time ratio: hitch time over the time spent rendering
    /// (``hitchRatio(hitchMs:renderingMs:)``), never over idle time.
    public var hitchRatioMsPerS: Double
    public var hitchRating: HitchRating
    public var worstFrameMs: Double
    /// Main-thread hangs: busy stretches of main (its work back to back,
    /// no idle moment between) of Apple's hang threshold, 250 ms, or longer
    /// (``HangStats``). Optional so that reports saved before hangs were
    /// counted still decode.
    public var hangs: Int? = nil
    /// The summed length of those hangs.
    public var hangTimeMs: Double? = nil
    /// The longest of them (0 without hangs).
    public var longestHangMs: Double? = nil
    // Work.
    public var cellsCreated: Int
    public var cellsReused: Int
    public var cellsConfigured: Int
    public var heightsComputed: Int
    public var nodesAllocated: Int
    public var diffedItems: Int
    // Memory.
    public var peakMemoryBytes: Int
    public var finalMemoryBytes: Int
    public var killed: Bool
    public var killedAtMs: Double?
    public var memorySeries: [MemorySample]
    /// Per 100 ms of virtual time, the longest frame (for charts against the budget).
    public var frameSeries: [FrameSample]
    // Correctness.
    public var inconsistencies: Int
    public var firstInconsistency: String?
    public var staleRows: Int
    public var scrollJumpPoints: Double
    public var unchangedCellsReloaded: Int
    /// Items (by identity) shown on screen with their content for at least one frame.
    /// Optional so that reports saved before these figures existed still decode.
    public var rowsDisplayed: Int?
    /// Items the run owed the user and never showed: every item above the
    /// furthest point the viewport reached (rows passed or jumped over), and
    /// every row a step's goal named, in the app's data at the end.
    public var rowsNeverDisplayed: Int?
    /// Row displays at a height the app gave that is not the content's own
    /// (the row clips it or leaves a gap); optional as `rowsDisplayed`.
    public var misSizedRows: Int?
    /// Where the modeled busy time went, per thread kind and category; each
    /// side adds up to `mainThreadBusyMs` / `backgroundBusyMs` (to the
    /// nanosecond). Optional so that older reports still decode.
    public var breakdown: CostBreakdown?
    /// How late the hitches were, by the category of main-thread work that
    /// filled each late frame most (ms late); empty without hitches.
    public var hitchCauses: [CostBreakdown.CategoryShare]?
    /// The category of main-thread work that filled the worst frame most.
    public var worstFrameCause: CostCategory?
    /// How late the hitches were, by what set off the main-thread work that
    /// filled each late frame most: a user step ("step 2: scroll"), a world
    /// change, a page, the first data (`category` holds it; ms late).
    public var hitchTriggers: [TriggerTime]?
    /// What set off the work that filled the worst frame most.
    public var worstFrameTrigger: Trigger?
    /// Lines a framework logged where a debug build would have crashed
    /// (Texture's failed update checks in a release build), and the first of
    /// them; nil when none was logged.
    public var loggedMessages: Int? = nil
    public var firstLoggedMessage: String? = nil
    /// Scroll targets the person never reached, one line each: an item the
    /// app had not loaded and did not go to (`notLoaded: stop`), or one not in
    /// the data once every page had loaded. Nil when every target was reached.
    public var missedScrollTargets: [String]? = nil
}

extension RunMetrics {
    /// Apple's hitch time ratio in ms per s: hitch time over the time spent
    /// animating. MetricKit defines it as "the ratio of the total time spent
    /// hitching to the total time spent animating during the logged
    /// intervals" (`MXSignpostIntervalData.cumulativeHitchTimeRatio`), and
    /// XCTest's `XCTOSSignpostMetric` reports it per scroll or animation
    /// interval (WWDC20 "Eliminate animation hitches with XCTest"). The
    /// simulator draws a frame only when something asked for one, so the time
    /// spent animating is the time frames were in flight: the sum over frames
    /// of vsync to presentation (``FrameStats/renderingTime``, frames ×
    /// interval + hitch time). Waiting with nothing to draw adds nothing.
    ///
    /// - Returns: 0 without frames (nothing animated, nothing hitched).
    /// - Complexity: O(1).
    public static func hitchRatio(hitchMs: Double, renderingMs: Double) -> Double {
        renderingMs > 0 ? hitchMs / (renderingMs / 1_000) : 0
    }
}

/// Modeled busy time by category (``CostCategory``), on main and on the workers.
///
/// In JSON a share is `{"category": key, "ms": …}`, the category by its
/// stable ``CostCategory/key``; a key this version does not know is refused.
public struct CostBreakdown: Codable, Equatable, Sendable {
    /// One category's time on one thread kind.
    public struct CategoryShare: Codable, Equatable, Sendable {
        public var category: CostCategory
        public var ms: Double

        public init(category: CostCategory, ms: Double) {
            self.category = category
            self.ms = ms
        }
    }

    /// Categories with time spent, in ``CostCategory`` declaration order.
    public var main: [CategoryShare]
    public var background: [CategoryShare]

    public init(main: CategoryTimes, background: CategoryTimes) {
        self.main = Self.shares(main)
        self.background = Self.shares(background)
    }

    /// Categories with time, in declaration order, in milliseconds.
    public static func shares(_ times: CategoryTimes) -> [CategoryShare] {
        times.nonZero.map { CategoryShare(category: $0.category, ms: Sim.milliseconds($0.time)) }
    }
}

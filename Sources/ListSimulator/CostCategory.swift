/// What a modeled cost is spent on. Every charge to a thread belongs to
/// exactly one category, so a thread's categories add up to its busy time.
///
/// Two names each, kept apart: the raw value is the category's stable
/// ``key`` in JSON reports, CSV headers and traces' files (what another
/// program reads; it never changes), and ``displayName`` is what tables,
/// charts and notes show. Renaming a display name changes no JSON.
public enum CostCategory: String, CaseIterable, Sendable, Codable {
    /// Creating a cell and its views (nib decoding included).
    case cellCreation = "cell creation"
    /// Taking a cell from a reuse pool (`prepareForReuse` included).
    case cellReuse = "cell reuse"
    /// Pushing content into a cell's views.
    case configuration
    /// Preparing text for views (attributed strings, line breaking) outside sizing.
    case textMeasurement = "text measurement"
    /// Sizing a row: its text measured and a layout pass (self-sizing, `heightForRowAt`, a binder's sizing cell).
    case heightComputation = "height computation"
    /// A layout pass when a row is shown (Auto Layout solving or manual frames).
    case layout
    /// Rasterising text into backing stores.
    case textRendering = "text rendering"
    /// Decoding images.
    case imageDecoding = "image decoding"
    /// Identifier diffs and snapshot edits (hashing every identifier).
    case diffing
    /// A diffable data source's apply: the diff of the applied snapshot against the last.
    case snapshotApply = "snapshot apply"
    /// `performBatchUpdates` bookkeeping (fixed and per operation).
    case batchUpdates = "batch updates"
    /// `reloadData`'s fixed part and the row geometry it rebuilds.
    case reload
    /// UIKit calling the delegate for a row (`heightForRowAt`, `estimatedHeightForRowAt`), before the method's work.
    case delegateCalls = "delegate calls"
    /// Texture: allocating a cell node and laying it out.
    case nodeAllocation = "node allocation and layout"
    /// Texture: loading a node's views on main.
    case nodeViewLoading = "node view loading"
    /// Decoding server responses into model objects.
    case dataDecoding = "data decoding"
    /// Work a strategy charged without naming a category (a package's own strategy).
    case app = "app code"

    /// The stable key in JSON and CSV (the raw value): reports written by
    /// any version name a category by it.
    public var key: String { rawValue }

    /// The name tables, charts and notes show; free to change, as no file format holds it.
    public var displayName: String {
        switch self {
        case .cellCreation: return "cell creation"
        case .cellReuse: return "cell reuse"
        case .configuration: return "configuration"
        case .textMeasurement: return "text measurement"
        case .heightComputation: return "height computation"
        case .layout: return "layout"
        case .textRendering: return "text rendering"
        case .imageDecoding: return "image decoding"
        case .diffing: return "diffing"
        case .snapshotApply: return "snapshot apply"
        case .batchUpdates: return "batch updates"
        case .reload: return "reload"
        case .delegateCalls: return "delegate calls"
        case .nodeAllocation: return "node allocation and layout"
        case .nodeViewLoading: return "node view loading"
        case .dataDecoding: return "data decoding"
        case .app: return "app code"
        }
    }

    /// The position in ``allCases`` (a switch, not a search: charges read it on every call).
    public var ordinal: Int {
        switch self {
        case .cellCreation: return 0
        case .cellReuse: return 1
        case .configuration: return 2
        case .textMeasurement: return 3
        case .heightComputation: return 4
        case .layout: return 5
        case .textRendering: return 6
        case .imageDecoding: return 7
        case .diffing: return 8
        case .snapshotApply: return 9
        case .batchUpdates: return 10
        case .reload: return 11
        case .delegateCalls: return 12
        case .nodeAllocation: return 13
        case .nodeViewLoading: return 14
        case .dataDecoding: return 15
        case .app: return 16
        }
    }
}

/// Busy time per category on one thread kind, in the order of ``CostCategory/allCases``.
///
/// Held inline (no array to check for uniqueness or reallocate): every
/// charge on main adds to two of these.
public struct CategoryTimes: Equatable, Sendable {
    /// How many categories there are (``CostCategory/allCases``; a test checks the two agree).
    public static let count = 17
    private var times = InlineArray<17, SimTime>(repeating: 0)

    public init() {}

    mutating func add(_ cost: SimTime, to category: CostCategory) { times[category.ordinal] += cost }

    /// The time spent on `category`.
    public subscript(category: CostCategory) -> SimTime { times[category.ordinal] }

    /// The category with the most time, the first in declaration order on
    /// a tie; nil when none has any. O(categories), with no allocation (a
    /// frame asks once).
    var largest: CostCategory? {
        var best = -1
        var most: SimTime = 0
        // Read through a span: subscripting the inline array in a loop copied it on every read.
        let span = times.span
        for index in span.indices where span[index] > most {
            best = index
            most = span[index]
        }
        return best < 0 ? nil : Self.categories[best]
    }

    /// ``CostCategory/allCases``, made once (a synthesized `allCases` builds its array on every call).
    private static let categories = CostCategory.allCases

    /// Every time back to 0, in place (no allocation: a frame's times are reset every frame).
    mutating func reset() {
        times = InlineArray(repeating: 0)
    }

    public static func == (lhs: CategoryTimes, rhs: CategoryTimes) -> Bool {
        for index in 0..<count where lhs.times[index] != rhs.times[index] { return false }
        return true
    }

    /// Every category with time spent, in declaration order.
    public var nonZero: [(category: CostCategory, time: SimTime)] {
        CostCategory.allCases.filter { times[$0.ordinal] > 0 }.map { ($0, times[$0.ordinal]) }
    }
}

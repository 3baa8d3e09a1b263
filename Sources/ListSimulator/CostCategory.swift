/// What a modeled cost is spent on. Every charge to a thread belongs to
/// exactly one category, so a thread's categories add up to its busy time.
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
}

/// Busy time per category on one thread kind, in the order of ``CostCategory/allCases``.
public struct CategoryTimes: Equatable, Sendable {
    public private(set) var times: [SimTime] = Array(repeating: 0, count: CostCategory.allCases.count)

    public init() {}

    mutating func add(_ cost: SimTime, to category: CostCategory) {
        times[Self.index[category] ?? times.count - 1] += cost
    }

    /// The time spent on `category`.
    public subscript(category: CostCategory) -> SimTime { times[Self.index[category] ?? times.count - 1] }

    /// Every category with time spent, in declaration order.
    public var nonZero: [(category: CostCategory, time: SimTime)] {
        zip(CostCategory.allCases, times).filter { $0.1 > 0 }.map { ($0.0, $0.1) }
    }

    private static let index: [CostCategory: Int] = Dictionary(uniqueKeysWithValues: CostCategory.allCases.enumerated().map { ($1, $0) })
}

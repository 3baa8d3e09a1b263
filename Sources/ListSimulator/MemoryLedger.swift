/// What kind of object holds memory, for the ledger's breakdown.
public enum MemoryKind: String, CaseIterable, Sendable, Codable {
    case cell, view, backingStore, decodedImage, node, other
    /// Texture: text nodes' attributed strings.
    case text
    /// Texture: text-kit renderers in Texture's shared renderer cache.
    case textRenderer

    /// The number of kinds.
    static let count = allCases.count

    /// The kind's position in ``allCases``, without hashing its name.
    var index: Int {
        switch self {
        case .cell: 0
        case .view: 1
        case .backingStore: 2
        case .decodedImage: 3
        case .node: 4
        case .other: 5
        case .text: 6
        case .textRenderer: 7
        }
    }
}

/// A sample of the ledger's total at a virtual time.
public struct MemorySample: Equatable, Sendable, Codable {
    public var time: SimTime
    public var bytes: Int

    public init(time: SimTime, bytes: Int) {
        self.time = time
        self.bytes = bytes
    }
}

/// Every live object's footprint, as the memory part of the model.
///
/// Objects register with ``allocate(_:_:at:)`` and leave with
/// ``free(_:_:at:)``. The ledger keeps the total, the peak, a breakdown by kind
/// and a time series (per 100 ms of virtual time, the highest total in it),
/// and reports when the total passes the device's warning threshold and its
/// limit (the jetsam kill).
///
/// - Complexity: O(1) amortised per allocation and free.
public struct MemoryLedger: Sendable {
    public private(set) var total = 0
    public private(set) var peak = 0
    /// What each kind holds now, for the kinds that ever held memory.
    ///
    /// - Complexity: O(kinds): built from the ledger's per-kind counters.
    public var byKind: [MemoryKind: Int] { Self.dictionary(kindTotals, touched: touchedKinds) }
    /// The most each kind held at once, for the kinds that ever held memory.
    ///
    /// - Complexity: O(kinds).
    public var peakByKind: [MemoryKind: Int] { Self.dictionary(kindPeaks, touched: touchedKinds) }
    /// Per kind, in ``MemoryKind/allCases`` order: held inline, so that a
    /// change costs no hashing and no array's uniqueness check (the ledger
    /// changes for every cell and view made). Eight kinds: a test checks
    /// ``MemoryKind/count``.
    private var kindTotals = InlineArray<8, Int>(repeating: 0)
    private var kindPeaks = InlineArray<8, Int>(repeating: 0)
    /// Bit `i`: kind `i` has held memory (it appears in ``byKind``).
    private var touchedKinds: UInt32 = 0
    public private(set) var series: [MemorySample] = []
    public let limit: Int
    public let warningThreshold: Int
    /// When the total first passed the limit, if it did.
    public private(set) var killedAt: SimTime?
    /// When the total first passed the warning threshold, if it did.
    public private(set) var warnedAt: SimTime?
    /// The spacing of time-series samples (100 ms of virtual time).
    public let sampleInterval: SimTime = 100_000_000

    public init(limit: Int, warningThreshold: Int) {
        self.limit = limit
        self.warningThreshold = warningThreshold
    }

    /// Registers `bytes` of a kind, live from `time` on.
    public mutating func allocate(_ kind: MemoryKind, _ bytes: Int, at time: SimTime) {
        guard bytes > 0 else { return }
        change(kind, bytes, at: time)
    }

    /// Removes `bytes` of a kind at `time`.
    public mutating func free(_ kind: MemoryKind, _ bytes: Int, at time: SimTime) {
        guard bytes > 0 else { return }
        change(kind, -bytes, at: time)
    }

    /// Registers `first` bytes of `firstKind`, then `second` bytes of
    /// `secondKind`, both live from `time` on: the ledger ends exactly as
    /// after the two ``allocate(_:_:at:)`` calls (a cell and its views).
    /// The total only rises between the two, so the peaks, the series'
    /// highest total for the time's bucket and the first passing of the
    /// thresholds are those the second call would leave; they are worked out
    /// once.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func allocate(_ firstKind: MemoryKind, _ first: Int, and secondKind: MemoryKind, _ second: Int, at time: SimTime) {
        guard first > 0, second > 0 else {
            allocate(firstKind, first, at: time)
            allocate(secondKind, second, at: time)
            return
        }
        add(first, to: firstKind)
        add(second, to: secondKind)
        total += first + second
        settle(at: time)
    }

    /// Removes `first` bytes of `firstKind`, then `second` bytes of
    /// `secondKind`, at `time`: exactly as the two ``free(_:_:at:)`` calls.
    /// After the first, the total only falls, so the second can raise no
    /// peak, no sample (the first left this bucket's highest total at least
    /// as high) and pass no threshold (a total above one had passed it when
    /// it got there): only its totals change.
    ///
    /// - Complexity: O(1) amortised.
    public mutating func free(_ firstKind: MemoryKind, _ first: Int, and secondKind: MemoryKind, _ second: Int, at time: SimTime) {
        guard first > 0, second > 0 else {
            free(firstKind, first, at: time)
            free(secondKind, second, at: time)
            return
        }
        change(firstKind, -first, at: time)
        total -= second
        add(-second, to: secondKind)
    }

    /// A kind's total moved by `delta` (its peak raised when it grows), without the ledger's total.
    private mutating func add(_ delta: Int, to kind: MemoryKind) {
        let index = kind.index
        touchedKinds |= 1 << UInt32(index)
        kindTotals[index] += delta
        if delta > 0 { kindPeaks[index] = max(kindPeaks[index], kindTotals[index]) }
    }

    private mutating func change(_ kind: MemoryKind, _ delta: Int, at time: SimTime) {
        total += delta
        add(delta, to: kind)
        settle(at: time)
    }

    /// After the total moved: the peak, the series' sample for `time`, and
    /// the first passing of each threshold.
    @inline(__always)
    private mutating func settle(at time: SimTime) {
        peak = max(peak, total)
        record(time)
        if warnedAt == nil, total > warningThreshold { warnedAt = time }
        if killedAt == nil, total > limit { killedAt = time }
    }

    private static func dictionary(_ values: InlineArray<8, Int>, touched: UInt32) -> [MemoryKind: Int] {
        var result: [MemoryKind: Int] = [:]
        for kind in MemoryKind.allCases where touched & (1 << UInt32(kind.index)) != 0 { result[kind] = values[kind.index] }
        return result
    }

    /// Keeps one sample per ``sampleInterval`` bucket: the bucket's start and
    /// the highest total seen in it.
    ///
    /// - Complexity: O(1) amortized. A time within the last sample's bucket
    ///   is found without a division (`cellbinder` changes the memory four
    ///   times per row of every rebuild, and the division was most of it).
    private mutating func record(_ time: SimTime) {
        if let last = series.last {
            // Buckets start at multiples of the interval: from a bucket's
            // start on, the interval after it is that bucket (times before
            // 0 are left to the division, which rounds them towards 0).
            if last.time >= 0, time >= last.time, time - last.time < sampleInterval {
                if total > last.bytes { series[series.count - 1].bytes = total }
                return
            }
        }
        let bucket = time - time % sampleInterval
        if let last = series.last, last.time == bucket {
            series[series.count - 1].bytes = max(last.bytes, total)
        } else {
            series.append(MemorySample(time: bucket, bytes: total))
        }
    }
}

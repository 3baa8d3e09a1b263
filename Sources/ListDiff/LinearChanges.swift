/// The difference between two flat lists of identified elements.
///
/// Indexes follow UIKit's batch-update conventions: ``deletes`` are old
/// indexes, ``inserts`` new indexes, ``moves`` go from old to new, and each
/// update names both. ``deletes`` and ``inserts`` are ascending, ``moves``
/// are in ascending order of their new index (`to`), and ``updates`` in
/// ascending order of their old index (`from`): their new indexes need not
/// ascend when elements moved.
public struct LinearChanges: Equatable, Sendable {
    /// Old indexes of elements that are not in the new list.
    public var deletes: [Int]
    /// New indexes of elements that were not in the old list.
    public var inserts: [Int]
    /// Elements whose order relative to the others changed, in ascending
    /// order of `to`. The set is minimal: the elements that are not moved
    /// form a longest run that kept its order.
    public var moves: [IndexMove]
    /// Elements present in both lists whose content changed (the identifier is
    /// the same, the content check said they differ): `from` old, `to` new,
    /// in ascending order of `from`.
    public var updates: [IndexMove]

    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [IndexMove] = [], updates: [IndexMove] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// True when the two lists were equal.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The number of operations.
    public var changeCount: Int { deletes.count + inserts.count + moves.count + updates.count }

    /// Computes the changes between two identifier lists.
    ///
    /// - Parameters:
    ///   - old: the identifiers before.
    ///   - new: the identifiers after.
    ///   - duplicates: what to do with an identifier that occurs more than once.
    ///   - isUpdated: given the old and new index of a paired element, whether its
    ///     content changed. Called once per pair; pass `nil` when identifiers are
    ///     the whole content.
    /// - Complexity: O(n + k log n) time and O(n) memory, for `n` elements of
    ///   which `k` were displaced (see ``markStableItems``); O(n) when none were.
    ///   Scratch memory is freed on return; its peak was measured at 14.4
    ///   bytes per element of the two lists for 100,000 → 100,000 UUIDs
    ///   (2.7 MiB) and 14.0 for 1,000,000 → 1,000,000 (26.8 MiB), with
    ///   `listbench diff-bench`; below 32,768 old elements the single table
    ///   is about twice as large under `.strict` (see ``IdentifierMatching``).
    /// - Throws: ``DiffError``, for duplicates under `.strict` or an impossible size.
    @inlinable
    public init<ID: Hashable>(
        from old: [ID],
        to new: [ID],
        duplicates: DuplicatePolicy = .bestEffort,
        isUpdated: ((_ old: Int, _ new: Int) -> Bool)? = nil
    ) throws(DiffError) {
        let matching = try Self.match(old, new, duplicates)
        self.init(matching: matching, isUpdated: isUpdated)
    }

    @inlinable
    static func match<ID: Hashable>(
        _ old: [ID], _ new: [ID], _ policy: DuplicatePolicy
    ) throws(DiffError) -> IdentifierMatching {
        let total = old.count + new.count
        guard total <= IdentifierMatching.limit else {
            throw .tooManyElements(count: total, limit: IdentifierMatching.limit)
        }
        let matching = IdentifierMatching.match(old: old, new: new, policy: policy)
        if policy == .strict {
            let reports = matching.duplicateReports(old: old, new: new, kind: .item)
            if !reports.isEmpty { throw .duplicateIdentifiers(reports) }
        }
        return matching
    }

    @inlinable
    init(matching: IdentifierMatching, isUpdated: ((Int, Int) -> Bool)?) {
        let newCount = matching.newToOld.count
        var deletes: [Int] = []
        var inserts: [Int] = []
        var moves: [IndexMove] = []
        var updates: [IndexMove] = []
        var stable = [Bool](repeating: false, count: newCount)
        var predecessor = [Int32](repeating: -1, count: newCount)
        var scratch: [Int32] = []

        matching.oldToNew.withUnsafeBufferPointer { oldToNew in
            for i in 0..<oldToNew.count where oldToNew[i] < 0 { deletes.append(i) }
        }
        matching.newToOld.withUnsafeBufferPointer { newToOld in
            stable.withUnsafeMutableBufferPointer { stable in
                predecessor.withUnsafeMutableBufferPointer { predecessor in
                    markStableItems(
                        keys: newToOld, range: 0..<newCount, stable: stable,
                        scratch: &scratch, predecessor: predecessor)
                }
                for j in 0..<newCount {
                    let i = Int(newToOld[j])
                    if i < 0 {
                        inserts.append(j)
                    } else if !stable[j] {
                        moves.append(IndexMove(from: i, to: j))
                    }
                }
            }
        }
        if let isUpdated {
            matching.oldToNew.withUnsafeBufferPointer { oldToNew in
                for i in 0..<oldToNew.count where oldToNew[i] >= 0 {
                    let j = Int(oldToNew[i])
                    if isUpdated(i, j) { updates.append(IndexMove(from: i, to: j)) }
                }
            }
        }
        self.init(deletes: deletes, inserts: inserts, moves: moves, updates: updates)
    }
}

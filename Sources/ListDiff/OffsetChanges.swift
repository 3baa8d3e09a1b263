/// The difference between two flat lists the way IGListKit's `IGListDiff` reports
/// it (Instagram/IGListKit, `Source/Common/IGListDiff.mm`, 2016–2017), and as
/// the Swift port in muukii/DataSources (`Sources/ListDiff/ListDiff.swift` at
/// cd03afa, November 2017) reports it: Heckel's pairing by identifier, then
///
/// - **moves by offset**: a paired element is moved when its old index, less
///   the deletes before it, plus the inserts before its new index, is not its
///   new index. Only deletes and inserts are counted, never other moves, so
///   the set is **not minimal**: moving one element from index `a` to `b`
///   also reports every element between `a` and `b` as moved (moving the
///   first of 100 to the end reports 100 moves where one would do);
/// - **updates by old index**: a paired element whose content check fails is
///   an update, named by its old index (UIKit's index for a reload), whether
///   or not it also moved ("note that an entry can be updated /and/ moved",
///   in both sources).
///
/// Unlike ``LinearChanges`` this is not a batch UIKit always accepts as it
/// stands: an element both updated and moved makes a reload and a move of one
/// before-update index path, which UIKit rejects ("attempt to perform a
/// delete and a move from the same index path", openradar 33662307).
/// IGListKit's own `resultForBatchUpdates` turns each such pair into a delete
/// and an insert; the DataSources port had no such step.
///
/// Duplicated identifiers are paired in order, as both sources do (the k-th
/// new occurrence takes the k-th old one; surplus old occurrences are
/// deleted and surplus new ones inserted): ``DuplicatePolicy/bestEffort``.
public struct OffsetChanges: Equatable, Sendable {
    /// Old indexes of elements that are not in the new list, ascending.
    public var deletes: [Int]
    /// New indexes of elements that were not in the old list, ascending.
    public var inserts: [Int]
    /// Paired elements whose offset-adjusted old index is not their new
    /// index, from old to new, ascending by new index.
    public var moves: [IndexMove]
    /// Paired elements whose content changed, ascending by old index. The
    /// sources report the old index only (`from`); `to` is where the element
    /// is after the update.
    public var updates: [IndexMove]

    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [IndexMove] = [], updates: [IndexMove] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// The number of operations (`changeCount` in both sources).
    public var changeCount: Int { deletes.count + inserts.count + moves.count + updates.count }

    /// True when the lists were equal.
    public var isEmpty: Bool { changeCount == 0 }

    /// The updates whose element also moved: the reload+move pairs UIKit rejects.
    ///
    /// - Complexity: O(m + u) for `m` moves and `u` updates.
    public var movedUpdates: [IndexMove] {
        let updated = Set(updates.map(\.from))
        return moves.filter { updated.contains($0.from) }
    }

    /// Computes the changes between two identifier lists.
    ///
    /// - Parameter isUpdated: given the old and new index of a paired element,
    ///   whether its content changed (the library's `isEqual` closure, negated);
    ///   nil when identifiers are the whole content.
    /// - Complexity: O(n) expected time and memory for `n` elements of both lists.
    /// - Throws: ``DiffError/tooManyElements(count:limit:)`` past the pairing's size limit.
    public init<ID: Hashable>(
        from old: [ID], to new: [ID], isUpdated: ((_ old: Int, _ new: Int) -> Bool)? = nil
    ) throws(DiffError) {
        let total = old.count + new.count
        guard total <= IdentifierMatching.limit else {
            throw .tooManyElements(count: total, limit: IdentifierMatching.limit)
        }
        let matching = IdentifierMatching.match(old: old, new: new, policy: .bestEffort)
        self.init(matching: matching, isUpdated: isUpdated)
    }

    init(matching: IdentifierMatching, isUpdated: ((Int, Int) -> Bool)?) {
        self.init()
        // Deletes, and for each old index the number of deletes before it.
        var deletesBefore = [Int](repeating: 0, count: matching.oldToNew.count)
        for (i, j) in matching.oldToNew.enumerated() {
            deletesBefore[i] = deletes.count
            if j < 0 { deletes.append(i) }
        }
        // Unwrapped once: binding the optional closure for each element
        // retained and released its context every time.
        let checksUpdates = isUpdated != nil
        let isUpdated = isUpdated ?? { _, _ in false }
        // Inserts, moves and updates in new order, counting inserts as they come.
        for (j, i32) in matching.newToOld.enumerated() {
            let i = Int(i32)
            guard i >= 0 else {
                inserts.append(j)
                continue
            }
            if checksUpdates, isUpdated(i, j) { updates.append(IndexMove(from: i, to: j)) }
            if i - deletesBefore[i] + inserts.count != j { moves.append(IndexMove(from: i, to: j)) }
        }
        updates.sort { $0.from < $1.from }
    }
}

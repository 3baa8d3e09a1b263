import ListDiff

/// A batch update that Texture 2.7's own check refused, with Texture's words.
///
/// `_ASHierarchyChangeSet -_validateUpdate` (Texture 2.7,
/// `Source/Private/_ASHierarchyChangeSet.mm`) runs these checks, in this
/// order, when a table node's update is marked completed, and reports the
/// first that fails through `ASFailUpdateValidation`. Each message is the
/// format string of that file, filled in.
public enum TextureUpdateFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    case deleteSectionOutOfRange(section: Int, sectionsBefore: Int)
    case deleteItemFromMissingSection(item: Int, section: Int, sectionsBefore: Int)
    case deleteItemOutOfRange(item: Int, section: Int, itemsBefore: Int)
    case insertItemIntoMissingSection(item: Int, section: Int, sectionsAfter: Int)
    case insertItemOutOfRange(item: Int, section: Int, itemsAfter: Int)
    case insertSectionOutOfRange(section: Int, sectionsAfter: Int)
    case deleteAndReloadSameItem(ItemPath)
    case invalidItemCount(section: Int, after: Int, before: Int, inserted: Int, deleted: Int)

    public var description: String {
        switch self {
        case let .invalidSectionCount(after, before, inserted, deleted):
            return "Invalid number of sections. The number of sections after the update (\(after)) must be equal to the "
                + "number of sections before the update (\(before)) plus or minus the number of sections inserted or "
                + "deleted (\(inserted) inserted, \(deleted) deleted)"
        case let .deleteSectionOutOfRange(section, sectionsBefore):
            return "Attempt to delete section \(section) but there are only \(sectionsBefore) sections before the update."
        case let .deleteItemFromMissingSection(item, section, sectionsBefore):
            return "Attempt to delete item \(item) from section \(section), but there are only \(sectionsBefore) sections before the update."
        case let .deleteItemOutOfRange(item, section, itemsBefore):
            return "Attempt to delete item \(item) from section \(section), which only contains \(itemsBefore) items before the update."
        case let .insertItemIntoMissingSection(item, section, sectionsAfter):
            return "Attempt to insert item \(item) into section \(section), but there are only \(sectionsAfter) sections after the update."
        case let .insertItemOutOfRange(item, section, itemsAfter):
            return "Attempt to insert item \(item) into section \(section), which only contains \(itemsAfter) items after the update."
        case let .insertSectionOutOfRange(section, sectionsAfter):
            return "Attempt to insert section \(section) but there are only \(sectionsAfter) sections after the update."
        case .deleteAndReloadSameItem(let path):
            return "Attempt to delete and reload the same item at index path \(path.indexPathDescription)"
        case let .invalidItemCount(section, after, before, inserted, deleted):
            return "Invalid number of items in section \(section). The number of items after the update (\(after)) must be "
                + "equal to the number of items before the update (\(before)) plus or minus the number of items inserted or "
                + "deleted (\(inserted) inserted, \(deleted) deleted)."
        }
    }
}

/// A batch update as Texture 2.7's `_ASHierarchyChangeSet` records it, its
/// check, and what its element map does with it in a release build.
///
/// Texture records a move as a delete and an insert ("TODO: Proper move
/// implementation", `moveItemAtIndexPath:toIndexPath:` and `moveSection:`),
/// and turns each reload into a delete at its old index path and an insert
/// at its new one (`_sortAndCoalesceChangeArrays`).
///
/// What a failed check does depends on the build (`ASFailUpdateValidation`
/// at the top of `_ASHierarchyChangeSet.mm`): with assertions enabled it logs
/// the message and raises `ASCollectionInvalidUpdateException`; in a release
/// build (`NS_BLOCK_ASSERTIONS`, `ASAssert.h`) it only logs (`NSLog`), the
/// check returns, and `ASDataController -updateWithChangeSet:` goes on: it
/// applies the changes to its own element map (`_updateSectionsInMap:` and
/// `_updateElementsInMap:`), asking the data source for the inserted rows'
/// node blocks, and the table view (which counts rows from that map) takes
/// them. A delete past the end of a section is skipped
/// (`ASDeleteElementsInTwoDimensionalArrayAtIndexPaths` in
/// `ASTwoDimensionalArrayUtils.m` only asserts, then continues); an insert
/// past it makes the map's mutable array raise `NSRangeException`
/// (`ASMutableElementMap -insertElement:atIndexPath:`). Apps ship release
/// builds, so that is the effect modeled.
struct TextureChangeSet {
    var deletedSections: Set<Int> = []
    var insertedSections: Set<Int> = []
    var reloadedSections: Set<Int> = []
    /// Deletes and inserts as the app made them (moves included), and reloads.
    var originalDeletes: [ItemPath] = []
    var originalInserts: [ItemPath] = []
    var reloads: [ItemPath] = []
    /// The original deletes' and inserts' items of each section, ascending.
    private var deletesBySection: [Int: [Int]] = [:]
    private var insertsBySection: [Int: [Int]] = [:]
    /// The update reloads rows or sections and changes nothing else (a
    /// placeholder swapped for its node, or back, on every scroll of
    /// `texture-placeholders`): nothing else is built, and it is checked as
    /// such (``validateReloads(before:after:)``).
    private let isReloadsOnly: Bool

    /// - Complexity: O(k log k) for `k` changes.
    init(_ update: BatchUpdate) {
        reloadedSections = Set(update.reloadedSections)
        reloads = update.reloadedItems.count < 2 ? update.reloadedItems : Set(update.reloadedItems).sorted()
        isReloadsOnly = update.deletedSections.isEmpty && update.insertedSections.isEmpty && update.movedSections.isEmpty
            && update.deletedItems.isEmpty && update.insertedItems.isEmpty && update.movedItems.isEmpty
        guard !isReloadsOnly else { return }
        deletedSections = Set(update.deletedSections + update.movedSections.map(\.from))
        insertedSections = Set(update.insertedSections + update.movedSections.map(\.to))
        originalDeletes = Set(update.deletedItems + update.movedItems.map(\.from)).sorted()
        originalInserts = Set(update.insertedItems + update.movedItems.map(\.to)).sorted()
        for path in originalDeletes { deletesBySection[path.section, default: []].append(path.item) }
        for path in originalInserts { insertsBySection[path.section, default: []].append(path.item) }
    }

    /// How many of the ascending `values` satisfy `isBelow` (a prefix). O(log n).
    private static func prefixCount(_ values: [Int], _ isBelow: (Int, Int) -> Bool) -> Int {
        var low = 0, high = values.count
        while low < high {
            let mid = (low + high) / 2
            if isBelow(values[mid], mid) { low = mid + 1 } else { high = mid }
        }
        return low
    }

    /// A reload's index path after the update: its old path shifted by the
    /// deletes before it and the inserts at or before it in its section
    /// (`newIndexPathForOldIndexPath:`, without section changes, which the
    /// table node's strategies do not combine with reloads). O(log k).
    func newPath(of old: ItemPath) -> ItemPath {
        let item = old.item - Self.prefixCount(deletesBySection[old.section] ?? []) { value, _ in value < old.item }
        // The j-th insert (ascending, at its final index) lands at or before
        // the row when its index minus j is at most the row's index without inserts.
        let before = Self.prefixCount(insertsBySection[old.section] ?? []) { value, index in value - index <= item }
        return ItemPath(section: old.section, item: item + before)
    }

    /// Every delete, reloads included, descending; every insert, reloads' new paths included, ascending.
    var allDeletes: [ItemPath] { (originalDeletes + reloads).filter { !deletedSections.contains($0.section) }.sorted(by: >) }
    var allInserts: [ItemPath] {
        (originalInserts + reloads.map(newPath)).filter { !insertedSections.contains($0.section) }.sorted()
    }

    /// The batch as Texture hands it to the view under it: a move as a
    /// delete of its source and an insert of its destination (the
    /// "original" deletes and inserts, which hold the moves'), every reload
    /// as a reload, section changes likewise. Texture 2.7's
    /// `ASCollectionView -_superPerformBatchUpdates:` (and `ASTableView`'s
    /// own) calls `reloadItemsAtIndexPaths:` for the reloads, then
    /// `deleteItemsAtIndexPaths:` and `insertItemsAtIndexPaths:` for the
    /// original deletes and inserts, and never `moveItemAtIndexPath:`
    /// (`Source/ASCollectionView.mm`, 2.7, the batch in
    /// `rangeController:updateWithChangeSet:`).
    ///
    /// - Complexity: O(k log k) for `k` changes.
    var asHandedToView: BatchUpdate {
        BatchUpdate(deletedSections: deletedSections.sorted(), insertedSections: insertedSections.sorted(),
                    reloadedSections: reloadedSections.sorted(), deletedItems: originalDeletes, insertedItems: originalInserts,
                    reloadedItems: reloads)
    }

    /// Texture's check against the counts before (its element map's) and
    /// after (the data source's, asked now): the first failure, or nil.
    ///
    /// - Complexity: O(k log k + s) for `k` changes and `s` sections.
    func validate(before: [Int], after: [Int]) -> TextureUpdateFailure? {
        isReloadsOnly ? validateReloads(before: before, after: after) : validateInGeneral(before: before, after: after)
    }

    /// ``validate(before:after:)`` for any batch (a test compares it with
    /// ``validateReloads(before:after:)`` on reloads alone).
    ///
    /// - Complexity: O(k log k + s) for `k` changes and `s` sections.
    func validateInGeneral(before: [Int], after: [Int]) -> TextureUpdateFailure? {
        let inserted = insertedSections.count, deleted = deletedSections.count
        guard after.count == before.count + inserted - deleted else {
            return .invalidSectionCount(after: after.count, before: before.count, inserted: inserted, deleted: deleted)
        }
        if let bad = deletedSections.filter({ $0 >= before.count }).min() {
            return .deleteSectionOutOfRange(section: bad, sectionsBefore: before.count)
        }
        if let failure = Self.firstFailure(deletes: allDeletes, before: before, inserts: allInserts, after: after) { return failure }
        if let bad = insertedSections.filter({ $0 >= after.count }).min() {
            return .insertSectionOutOfRange(section: bad, sectionsAfter: after.count)
        }
        let sectionMap = Self.sectionMapping(count: before.count, deleted: deletedSections, inserted: insertedSections)
        for old in 0..<before.count where !reloadedSections.contains(old) {
            guard let new = sectionMap[old] else { continue }
            let deletes = deletesBySection[old] ?? []
            if let both = reloads.first(where: { $0.section == old && Set(deletes).contains($0.item) }) {
                return .deleteAndReloadSameItem(both)
            }
            let inserts = insertsBySection[new]?.count ?? 0
            guard new < after.count, after[new] == before[old] + inserts - deletes.count else {
                return .invalidItemCount(section: old, after: new < after.count ? after[new] : 0, before: before[old],
                                         inserted: inserts, deleted: deletes.count)
            }
        }
        return nil
    }

    /// The first of `deletes` (in their order) missing from the counts
    /// `before`, else the first of `inserts` past the counts `after`: its
    /// failure, or nil.
    ///
    /// - Complexity: O(k) for `k` paths.
    private static func firstFailure(deletes: some Sequence<ItemPath>, before: [Int],
                                     inserts: some Sequence<ItemPath>, after: [Int]) -> TextureUpdateFailure? {
        for path in deletes {
            guard path.section < before.count else {
                return .deleteItemFromMissingSection(item: path.item, section: path.section, sectionsBefore: before.count)
            }
            guard path.item < before[path.section] else {
                return .deleteItemOutOfRange(item: path.item, section: path.section, itemsBefore: before[path.section])
            }
        }
        for path in inserts {
            guard path.section < after.count else {
                return .insertItemIntoMissingSection(item: path.item, section: path.section, sectionsAfter: after.count)
            }
            guard path.item < after[path.section] else {
                return .insertItemOutOfRange(item: path.item, section: path.section, itemsAfter: after[path.section])
            }
        }
        return nil
    }

    /// ``validate(before:after:)`` of reloads alone: the same checks in the
    /// same order, with no set or map built. Nothing shifts a reload, so its
    /// delete and its insert are its own path (the deletes descending, the
    /// inserts ascending), no section moves, and every section not reloaded
    /// keeps its count.
    ///
    /// - Complexity: O(k + s) for `k` reloads and `s` sections.
    func validateReloads(before: [Int], after: [Int]) -> TextureUpdateFailure? {
        guard after.count == before.count else {
            return .invalidSectionCount(after: after.count, before: before.count, inserted: 0, deleted: 0)
        }
        if let failure = Self.firstFailure(deletes: reloads.reversed(), before: before, inserts: reloads, after: after) { return failure }
        for section in 0..<before.count where !reloadedSections.contains(section) && after[section] != before[section] {
            return .invalidItemCount(section: section, after: after[section], before: before[section], inserted: 0, deleted: 0)
        }
        return nil
    }

    /// Where each old section goes (nil: deleted), sections deleted and inserted.
    ///
    /// - Complexity: O(s) for `s` sections.
    static func sectionMapping(count: Int, deleted: Set<Int>, inserted: Set<Int>) -> [Int: Int] {
        var map: [Int: Int] = [:]
        var new = 0
        for old in 0..<count where !deleted.contains(old) {
            while inserted.contains(new) { new += 1 }
            map[old] = new
            new += 1
        }
        return map
    }

    /// What the element map does with the changes in a release build, from
    /// the counts it holds (`before`) and the data source's (`after`, for
    /// inserted sections, which it fills from the data source): the counts it
    /// ends with and the update it applied (deletes past the end dropped), or
    /// the `NSRangeException` an insert past the end raises.
    enum MapOutcome: Equatable {
        case applied(counts: [Int], update: BatchUpdate)
        case rangeException(String)
    }

    func applyToMap(_ update: BatchUpdate, before: [Int], after: [Int]) -> MapOutcome {
        for section in deletedSections.sorted(by: >) where section >= before.count {
            return .rangeException("removing section \(section) of \(before.count)")
        }
        var counts = before
        var applied = update
        // Item deletes, descending; those past the end are skipped.
        var skipped = Set<ItemPath>()
        for path in allDeletes {
            if path.section < counts.count, path.item < counts[path.section] {
                counts[path.section] -= 1
            } else {
                skipped.insert(path)
            }
        }
        applied.deletedItems.removeAll { skipped.contains($0) }
        // A reload the map could not delete still inserts its new row.
        applied.insertedItems += applied.reloadedItems.filter { skipped.contains($0) }.map(newPath)
        applied.reloadedItems.removeAll { skipped.contains($0) }
        applied.insertedItems += applied.movedItems.filter { skipped.contains($0.from) }.map(\.to)
        applied.movedItems.removeAll { skipped.contains($0.from) }
        for section in deletedSections.sorted(by: >) { counts.remove(at: section) }
        for section in insertedSections.sorted() {
            guard section <= counts.count else { return .rangeException("inserting section \(section) into \(counts.count)") }
            counts.insert(section < after.count ? after[section] : 0, at: section)
        }
        for path in allInserts {
            guard path.section < counts.count, path.item <= counts[path.section] else {
                let items = path.section < counts.count ? "\(counts[path.section]) items" : "no such section"
                return .rangeException("inserting item \(path.item) into section \(path.section) (\(items))")
            }
            counts[path.section] += 1
        }
        return .applied(counts: counts, update: applied)
    }
}

/// One section of a sectioned list, as the diff sees it: an identifier and the
/// identifiers of its items.
public struct DiffSection<SectionID: Hashable, ItemID: Hashable> {
    public var id: SectionID
    public var items: [ItemID]

    @inlinable
    public init(id: SectionID, items: [ItemID]) {
        self.id = id
        self.items = items
    }
}

extension DiffSection: Equatable where SectionID: Equatable, ItemID: Equatable {}
extension DiffSection: Sendable where SectionID: Sendable, ItemID: Sendable {}

/// The difference between two sectioned lists, with items paired across
/// sections, expressed as the operations a batch update needs.
///
/// Index conventions are UIKit's (see ``BatchUpdate``). Items of a deleted
/// section are deleted with it and items of an inserted section arrive with
/// it, so neither is listed. UIKit forbids moving an item out of a deleted
/// section or into an inserted one ("cannot move a row into a newly inserted
/// section"), so such an item is listed as an insert (from a deleted section)
/// or a delete (into an inserted section) instead: its cell is recreated.
///
/// ``stages`` turns the changes into at most two batch updates that UIKit's
/// validation accepts.
public struct SectionedChanges: Equatable, Sendable {
    /// Old indexes of deleted sections, ascending.
    public var sectionDeletes: [Int]
    /// New indexes of inserted sections, ascending.
    public var sectionInserts: [Int]
    /// Sections whose order changed (minimal), by new index.
    public var sectionMoves: [IndexMove]
    /// Sections present in both lists whose own content changed, by old index.
    public var sectionUpdates: [IndexMove]
    /// Old paths of deleted items in surviving sections, ascending.
    public var itemDeletes: [ItemPath]
    /// New paths of inserted items in surviving sections, ascending.
    public var itemInserts: [ItemPath]
    /// Moved items, within a section (minimal per section) or across sections, by new path.
    public var itemMoves: [ItemMove]
    /// Items present in both lists (in surviving sections) whose content changed, by new path.
    public var itemUpdates: [ItemMove]

    public init(
        sectionDeletes: [Int] = [], sectionInserts: [Int] = [], sectionMoves: [IndexMove] = [],
        sectionUpdates: [IndexMove] = [], itemDeletes: [ItemPath] = [], itemInserts: [ItemPath] = [],
        itemMoves: [ItemMove] = [], itemUpdates: [ItemMove] = []
    ) {
        self.sectionDeletes = sectionDeletes
        self.sectionInserts = sectionInserts
        self.sectionMoves = sectionMoves
        self.sectionUpdates = sectionUpdates
        self.itemDeletes = itemDeletes
        self.itemInserts = itemInserts
        self.itemMoves = itemMoves
        self.itemUpdates = itemUpdates
    }

    /// True when the two lists were equal.
    public var isEmpty: Bool { changeCount == 0 }

    /// The number of section and item changes.
    public var changeCount: Int {
        sectionDeletes.count + sectionInserts.count + sectionMoves.count + sectionUpdates.count
            + itemDeletes.count + itemInserts.count + itemMoves.count + itemUpdates.count
    }

    /// Computes the changes between two sectioned lists.
    ///
    /// Sections are paired by identifier, then items are paired by identifier
    /// across the whole list, so an item that changed section is a move.
    ///
    /// - Parameters:
    ///   - isSectionUpdated: given a paired section's old and new index, whether
    ///     its own content (header, footer) changed.
    ///   - isItemUpdated: given a paired item's old and new path, whether its
    ///     content changed.
    /// - Complexity: O(n + s + k log n) time and O(n + s) memory for `n` items
    ///   in `s` sections with `k` displaced items; see ``markStableItems``.
    /// - Throws: ``DiffError``: under `.strict`, every duplicated section and
    ///   item identifier on both sides in one error.
    @inlinable
    public init<SectionID: Hashable, ItemID: Hashable>(
        from old: [DiffSection<SectionID, ItemID>],
        to new: [DiffSection<SectionID, ItemID>],
        duplicates: DuplicatePolicy = .bestEffort,
        isSectionUpdated: ((_ old: Int, _ new: Int) -> Bool)? = nil,
        isItemUpdated: ((_ old: ItemPath, _ new: ItemPath) -> Bool)? = nil
    ) throws(DiffError) {
        let oldFlat = FlatSections(old)
        let newFlat = FlatSections(new)
        let oldSectionIDs = old.map(\.id)
        let newSectionIDs = new.map(\.id)
        let total = oldFlat.ids.count + newFlat.ids.count + old.count + new.count
        guard total <= IdentifierMatching.limit else {
            throw .tooManyElements(count: total, limit: IdentifierMatching.limit)
        }
        let sections = IdentifierMatching.match(old: oldSectionIDs, new: newSectionIDs, policy: duplicates)
        let items = IdentifierMatching.match(old: oldFlat.ids, new: newFlat.ids, policy: duplicates)
        if duplicates == .strict {
            let reports = sections.duplicateReports(old: oldSectionIDs, new: newSectionIDs, kind: .section)
                + items.duplicateReports(old: oldFlat.ids, new: newFlat.ids, kind: .item)
            if !reports.isEmpty { throw .duplicateIdentifiers(reports) }
        }
        self.init(
            sections: sections, items: items, old: oldFlat.layout, new: newFlat.layout,
            isSectionUpdated: isSectionUpdated, isItemUpdated: isItemUpdated)
    }

    @inlinable
    init(
        sections: IdentifierMatching, items: IdentifierMatching, old: SectionLayout, new: SectionLayout,
        isSectionUpdated: ((Int, Int) -> Bool)?, isItemUpdated: ((ItemPath, ItemPath) -> Bool)?
    ) {
        self.init()
        let sectionOldToNew = sections.oldToNew
        let sectionNewToOld = sections.newToOld

        // Sections: deletes, inserts, minimal moves, updates.
        var stableSections = [Bool](repeating: false, count: sectionNewToOld.count)
        markStable(keys: sectionNewToOld, ranges: [0..<sectionNewToOld.count], into: &stableSections)
        for (oldIndex, newIndex) in sectionOldToNew.enumerated() where newIndex < 0 {
            sectionDeletes.append(oldIndex)
        }
        for (newIndex, oldIndex32) in sectionNewToOld.enumerated() {
            let oldIndex = Int(oldIndex32)
            if oldIndex < 0 {
                sectionInserts.append(newIndex)
            } else if !stableSections[newIndex] {
                sectionMoves.append(IndexMove(from: oldIndex, to: newIndex))
            }
        }
        if let isSectionUpdated {
            for (oldIndex, newIndex) in sectionOldToNew.enumerated() where newIndex >= 0 {
                if isSectionUpdated(oldIndex, Int(newIndex)) {
                    sectionUpdates.append(IndexMove(from: oldIndex, to: Int(newIndex)))
                }
            }
        }

        // Items staying in their (paired) section are ordered by a per-section
        // longest increasing run; the rest of the paired items move.
        let newToOld = items.newToOld
        var sameSectionKeys = [Int32](repeating: -1, count: newToOld.count)
        for newSection in 0..<new.sectionCount where sectionNewToOld[newSection] >= 0 {
            let oldSection = sectionNewToOld[newSection]
            for j in new.range(of: newSection) {
                let i = newToOld[j]
                if i >= 0, old.section[Int(i)] == oldSection { sameSectionKeys[j] = i }
            }
        }
        var stableItems = [Bool](repeating: false, count: newToOld.count)
        markStable(keys: sameSectionKeys, ranges: (0..<new.sectionCount).map(new.range(of:)), into: &stableItems)

        // Deletes: unpaired items of surviving sections, and items leaving for an inserted section.
        for (i, j) in items.oldToNew.enumerated() {
            let oldSection = Int(old.section[i])
            guard sectionOldToNew[oldSection] >= 0 else { continue }
            if j < 0 || sectionNewToOld[Int(new.section[Int(j)])] < 0 {
                itemDeletes.append(old.path(of: i))
            }
        }
        // Unwrapped once: binding the optional closure for each item retained
        // and released its context every time.
        let checksUpdates = isItemUpdated != nil
        let isItemUpdated = isItemUpdated ?? { _, _ in false }
        // Inserts, moves and updates, walking the surviving new sections in order.
        for newSection in 0..<new.sectionCount where sectionNewToOld[newSection] >= 0 {
            for j in new.range(of: newSection) {
                let newPath = new.path(of: j)
                let i = Int(newToOld[j])
                guard i >= 0, sectionOldToNew[Int(old.section[i])] >= 0 else {
                    itemInserts.append(newPath)
                    continue
                }
                let oldPath = old.path(of: i)
                if !stableItems[j] { itemMoves.append(ItemMove(from: oldPath, to: newPath)) }
                if checksUpdates, isItemUpdated(oldPath, newPath) {
                    itemUpdates.append(ItemMove(from: oldPath, to: newPath))
                }
            }
        }
    }

    @inlinable
    func markStable(keys: [Int32], ranges: [Range<Int>], into stable: inout [Bool]) {
        var predecessor = [Int32](repeating: -1, count: keys.count)
        var scratch: [Int32] = []
        keys.withUnsafeBufferPointer { keys in
            stable.withUnsafeMutableBufferPointer { stable in
                predecessor.withUnsafeMutableBufferPointer { predecessor in
                    for range in ranges {
                        markStableItems(
                            keys: keys, range: range, stable: stable, scratch: &scratch, predecessor: predecessor)
                    }
                }
            }
        }
    }
}

/// Where each flat item index of a sectioned list lies.
@usableFromInline
struct SectionLayout {
    /// The section of each flat item index.
    @usableFromInline var section: [Int32]
    /// The flat index of each section's first item, plus the total at the end.
    @usableFromInline var start: [Int]

    @inlinable
    init(section: [Int32], start: [Int]) {
        self.section = section
        self.start = start
    }

    @inlinable
    var sectionCount: Int { start.count - 1 }

    @inlinable
    func range(of section: Int) -> Range<Int> { start[section]..<start[section + 1] }

    @inlinable
    func path(of flatIndex: Int) -> ItemPath {
        let section = Int(self.section[flatIndex])
        return ItemPath(section: section, item: flatIndex - start[section])
    }
}

/// A sectioned list's item identifiers laid end to end.
@usableFromInline
struct FlatSections<SectionID: Hashable, ItemID: Hashable> {
    @usableFromInline var ids: [ItemID]
    @usableFromInline var layout: SectionLayout

    @inlinable
    init(_ sections: [DiffSection<SectionID, ItemID>]) {
        var count = 0
        for section in sections { count += section.items.count }
        var ids: [ItemID] = []
        ids.reserveCapacity(count)
        var sectionOf: [Int32] = []
        sectionOf.reserveCapacity(count)
        var start: [Int] = [0]
        start.reserveCapacity(sections.count + 1)
        for (index, section) in sections.enumerated() {
            ids.append(contentsOf: section.items)
            sectionOf.append(contentsOf: repeatElement(Int32(truncatingIfNeeded: index), count: section.items.count))
            start.append(ids.count)
        }
        self.ids = ids
        self.layout = SectionLayout(section: sectionOf, start: start)
    }
}

import ListData
import ListDiff

/// The row half of a batch update, validated against the section resolution.
struct RowOperations {
    /// Deleted rows by old section (rows of deleted or reloaded sections left out).
    /// The row sets are ``IntSet``s: ``origins(newSection:oldSection:before:after:)``
    /// asks them about every row of a section, a million at a million items.
    var deletes: [Int: IntSet] = [:]
    /// Reloaded rows by old section.
    var reloads: [Int: IntSet] = [:]
    /// Inserted rows by new section (rows of inserted or reloaded sections left out).
    var inserts: [Int: IntSet] = [:]
    /// Moves by source and by destination.
    var moveFrom: [ItemPath: ItemPath] = [:]
    var moveTo: [ItemPath: ItemPath] = [:]
    /// Rows moved out, by old section; moves in (destination row, source), by new section.
    var movedOutRows: [Int: [Int]] = [:]
    var movedInRows: [Int: [(row: Int, from: ItemPath)]] = [:]

    init(
        _ update: BatchUpdate, sections: SectionResolution, before: [Int], after: [Int]
    ) throws(BatchUpdateError) {
        for path in update.deletedItems {
            try Self.checkOld(path, before: before)
            if sections.rowsGone(old: path.section) { continue }
            deletes[path.section, default: IntSet()].insert(path.item)
        }
        for path in update.reloadedItems {
            try Self.checkOld(path, before: before)
            if sections.rowsGone(old: path.section) { continue }
            if deletes[path.section]?.contains(path.item) == true { throw .deleteAndReloadSameIndexPath(path) }
            reloads[path.section, default: IntSet()].insert(path.item)
        }
        for path in update.insertedItems {
            guard path.section >= 0, path.section < after.count else {
                throw .insertRowIntoMissingSection(row: path.item, section: path.section, sectionsAfter: after.count)
            }
            guard path.item >= 0, path.item < after[path.section] else {
                throw .insertRowOutOfRange(row: path.item, section: path.section, rowsAfter: after[path.section])
            }
            if sections.rowsFresh(new: path.section) { continue }
            inserts[path.section, default: IntSet()].insert(path.item)
        }
        for move in update.movedItems {
            try checkMove(move, sections: sections, before: before, after: after)
            moveFrom[move.from] = move.to
            moveTo[move.to] = move.from
            movedOutRows[move.from.section, default: []].append(move.from.item)
            movedInRows[move.to.section, default: []].append((move.to.item, move.from))
        }
    }

    private static func checkOld(_ path: ItemPath, before: [Int]) throws(BatchUpdateError) {
        guard path.section >= 0, path.section < before.count else {
            throw .deleteRowFromMissingSection(row: path.item, section: path.section, sectionsBefore: before.count)
        }
        guard path.item >= 0, path.item < before[path.section] else {
            throw .deleteRowOutOfRange(row: path.item, section: path.section, rowsBefore: before[path.section])
        }
    }

    private func checkMove(
        _ move: ItemMove, sections: SectionResolution, before: [Int], after: [Int]
    ) throws(BatchUpdateError) {
        let from = move.from
        let to = move.to
        guard from.section >= 0, from.section < before.count else {
            throw .moveRowFromMissingSection(from, sectionsBefore: before.count)
        }
        guard from.item >= 0, from.item < before[from.section] else {
            throw .moveRowFromOutOfRange(from, rowsBefore: before[from.section])
        }
        guard to.section >= 0, to.section < after.count else {
            throw .moveRowToMissingSection(from: from, to: to, sectionsAfter: after.count)
        }
        guard to.item >= 0, to.item < after[to.section] else {
            throw .moveRowToOutOfRange(from: from, to: to, rowsAfter: after[to.section])
        }
        if sections.rowsGone(old: from.section) { throw .moveFromDeletedSection }
        if sections.rowsFresh(new: to.section) { throw .moveIntoInsertedSection(to.section) }
        if deletes[from.section]?.contains(from.item) == true || reloads[from.section]?.contains(from.item) == true {
            throw .deleteAndMoveSameIndexPath(from)
        }
        if inserts[to.section]?.contains(to.item) == true { throw .insertAndMoveSameIndexPath(to) }
        // In UIKit's order: a row moved twice, then two rows moved to one place.
        if let other = moveFrom[from] { throw .moveOneRowTwice(from, to: other, and: to) }
        if let other = moveTo[to] { throw .moveTwoRowsToSameIndexPath(other, from, to: to) }
    }

    /// Whether any row operation names this section.
    func touchesSection(old: Int, new: Int) -> Bool {
        deletes[old] != nil || reloads[old] != nil || inserts[new] != nil
            || movedOutRows[old] != nil || movedInRows[new] != nil
    }

    /// Checks every surviving section's row count, in ascending new index.
    func checkCounts(sections: SectionResolution, before: [Int], after: [Int]) throws(BatchUpdateError) {
        var movedIn: [Int: Int] = [:]
        var movedOut: [Int: Int] = [:]
        for (from, to) in moveFrom where sections.oldToNew[from.section] != to.section {
            movedOut[from.section, default: 0] += 1
            movedIn[to.section, default: 0] += 1
        }
        for (newSection, origin) in sections.origins.enumerated() {
            let old: Int
            switch origin {
            case .kept(let index), .moved(let index): old = index
            case .reloaded, .inserted: continue
            }
            let inserted = inserts[newSection]?.count ?? 0
            let deleted = deletes[old]?.count ?? 0
            let into = movedIn[newSection] ?? 0
            let outOf = movedOut[old] ?? 0
            guard after[newSection] == before[old] + inserted - deleted + into - outOf else {
                throw .invalidRowCount(
                    section: newSection, after: after[newSection], before: before[old],
                    inserted: inserted, deleted: deleted, movedIn: into, movedOut: outOf)
            }
        }
    }

    /// The origin of every row of a surviving section: inserts and move
    /// destinations take their slots, then the old rows that stay fill the
    /// remaining slots in order.
    ///
    /// The old rows are walked in order beside the sorted rows that leave and
    /// the sorted reloaded rows, so no row is looked up in a set, and the
    /// origins are written in place (a flag per slot says which are taken).
    ///
    /// - Complexity: O(before + after + k log k) for the section's `k`
    ///   deleted, moved-out and reloaded rows.
    func origins(newSection: Int, oldSection: Int, before: Int, after: Int) -> [RowOrigin] {
        var origins = [RowOrigin](repeating: .inserted, count: after)
        var taken = [Bool](repeating: false, count: after)
        for row in inserts[newSection]?.elements ?? [] { taken[row] = true }
        for move in movedInRows[newSection] ?? [] {
            origins[move.row] = .moved(move.from)
            taken[move.row] = true
        }
        var leaving = deletes[oldSection]?.elements ?? []
        leaving += movedOutRows[oldSection] ?? []
        leaving.sort()
        let reloaded = (reloads[oldSection]?.elements ?? []).sorted()
        // Written through the buffers: the loop runs for every row of the
        // section, and indexing the arrays checked bounds and uniqueness each time.
        origins.withUnsafeMutableBufferPointer { origins in
            taken.withUnsafeMutableBufferPointer { taken in
                var nextLeaving = 0
                var nextReloaded = 0
                var slot = 0
                for row in 0..<before {
                    while nextLeaving < leaving.count, leaving[nextLeaving] < row { nextLeaving += 1 }
                    if nextLeaving < leaving.count, leaving[nextLeaving] == row { continue }
                    while slot < after, taken[slot] { slot += 1 }
                    guard slot < after else { break }
                    while nextReloaded < reloaded.count, reloaded[nextReloaded] < row { nextReloaded += 1 }
                    let path = ItemPath(section: oldSection, item: row)
                    origins[slot] = nextReloaded < reloaded.count && reloaded[nextReloaded] == row ? .reloaded(path) : .kept(path)
                    taken[slot] = true
                }
            }
        }
        // The row count check guarantees every slot is filled.
        return origins
    }
}

import ListDiff

/// Where a section after a batch update came from.
public enum SectionOrigin: Equatable, Sendable {
    /// The old section at this index, in its place (shifted by other changes only).
    case kept(Int)
    /// The old section at this index, moved here explicitly.
    case moved(Int)
    /// The old section at this index, reloaded: same place, every row renewed.
    case reloaded(Int)
    /// A new section; its rows all come from the data source.
    case inserted
}

/// Where a row after a batch update came from.
public enum RowOrigin: Equatable, Sendable {
    /// The old row at this path, with its cell (shifted by other changes only).
    case kept(ItemPath)
    /// The old row at this path, with its cell, moved here explicitly.
    case moved(ItemPath)
    /// The old row at this path, in its place, with a new cell (`reloadRows`).
    case reloaded(ItemPath)
    /// A new row.
    case inserted
}

/// A validated batch update: for every section and row after the update,
/// where it came from.
///
/// Built by ``resolve(_:rowCountsBefore:rowCountsAfter:)``, which applies
/// UIKit's rules (see `shared/reference/uikit-semantics.md`):
/// - deletes and reloads name before-update paths, inserts after-update paths,
///   moves go from before to after; duplicates in one list count once;
/// - rows of a deleted or reloaded section need no row operations; row
///   deletes and reloads in such a section, and row inserts into an inserted
///   or reloaded section, are accepted and have no further effect;
/// - every conflicting pair (delete+move, delete+reload, insert+move, two moves
///   to one place, one row moved twice, a move out of a deleted or into an
///   inserted section) and every out-of-range path raises a ``BatchUpdateError``;
/// - the counts the data source reports after the update (`rowCountsAfter`)
///   must equal the counts before plus or minus the operations.
///
/// Errors are checked in a fixed order (section ranges and conflicts, the
/// section count, then row deletes, reloads, inserts and moves in the order
/// given, then row counts by ascending section), so the same invalid batch
/// always reports the same message.
public struct BatchUpdatePlan: Equatable, Sendable {
    /// For each section after the update, where it came from.
    public var sections: [SectionOrigin]
    /// For each section after the update, the origin of each row, or `nil`
    /// when no row operation touched the section and it was kept or moved
    /// whole (row `r` is old row `r` of the origin section).
    public var rows: [[RowOrigin]?]
    /// The row counts after the update (as the data source reported them).
    public var rowCounts: [Int]

    /// The origin of one row after the update.
    ///
    /// - Complexity: O(1).
    public func origin(ofRow row: Int, inSection section: Int) -> RowOrigin {
        if let explicit = rows[section] { return explicit[row] }
        switch sections[section] {
        case .kept(let old): return .kept(ItemPath(section: old, item: row))
        case .moved(let old): return .moved(ItemPath(section: old, item: row))
        case .reloaded, .inserted: return .inserted
        }
    }
}

extension BatchUpdatePlan {
    /// Validates a batch update against the row counts before it and the
    /// counts the data source reports after it, as `UITableView` does when the
    /// batch is performed.
    ///
    /// - Complexity: O(s + u + r) expected, for `s` sections, `u` operations
    ///   and `r` rows in the sections that row operations touch.
    /// - Throws: the first ``BatchUpdateError`` in the order described on the type.
    public static func resolve(
        _ update: BatchUpdate, rowCountsBefore before: [Int], rowCountsAfter after: [Int]
    ) throws(BatchUpdateError) -> BatchUpdatePlan {
        let sections = try SectionResolution(update, sectionsBefore: before.count, sectionsAfter: after.count)
        let rows = try RowOperations(update, sections: sections, before: before, after: after)
        try rows.checkCounts(sections: sections, before: before, after: after)
        var rowOrigins: [[RowOrigin]?] = Array(repeating: nil, count: after.count)
        for (newSection, origin) in sections.origins.enumerated() {
            switch origin {
            case .kept(let old), .moved(let old):
                if rows.touchesSection(old: old, new: newSection) {
                    rowOrigins[newSection] = rows.origins(
                        newSection: newSection, oldSection: old, before: before[old], after: after[newSection])
                }
            case .reloaded, .inserted:
                rowOrigins[newSection] = Array(repeating: .inserted, count: after[newSection])
            }
        }
        return BatchUpdatePlan(sections: sections.origins, rows: rowOrigins, rowCounts: after)
    }
}

/// The section half of a batch update, validated.
struct SectionResolution {
    var origins: [SectionOrigin]
    /// For each old section, its index after the update, or nil when deleted.
    var oldToNew: [Int?]
    var deleted: Set<Int>
    var reloaded: Set<Int>
    var inserted: Set<Int>

    init(_ update: BatchUpdate, sectionsBefore: Int, sectionsAfter: Int) throws(BatchUpdateError) {
        deleted = []
        reloaded = []
        inserted = []
        for section in update.deletedSections {
            guard (0..<sectionsBefore).contains(section) else {
                throw .deleteSectionOutOfRange(section: section, sectionsBefore: sectionsBefore)
            }
            deleted.insert(section)
        }
        for section in update.reloadedSections {
            guard (0..<sectionsBefore).contains(section) else {
                throw .deleteSectionOutOfRange(section: section, sectionsBefore: sectionsBefore)
            }
            if deleted.contains(section) { throw .deleteAndReloadSameSection(section) }
            reloaded.insert(section)
        }
        for section in update.insertedSections {
            guard (0..<sectionsAfter).contains(section) else {
                throw .insertSectionOutOfRange(section: section, sectionsAfter: sectionsAfter)
            }
            inserted.insert(section)
        }
        var moveFrom: [Int: Int] = [:]
        var moveTo: [Int: Int] = [:]
        for move in update.movedSections {
            guard (0..<sectionsBefore).contains(move.from) else {
                throw .moveSectionFromOutOfRange(section: move.from, sectionsBefore: sectionsBefore)
            }
            guard (0..<sectionsAfter).contains(move.to) else {
                throw .moveSectionToOutOfRange(from: move.from, to: move.to, sectionsAfter: sectionsAfter)
            }
            if deleted.contains(move.from) || reloaded.contains(move.from) {
                throw .deleteAndMoveSameSection(move.from)
            }
            if inserted.contains(move.to) { throw .insertAndMoveSameSection(move.to) }
            // In UIKit's order: a section moved twice, then two sections moved to one.
            if let other = moveFrom[move.from] { throw .moveSectionTwice(move.from, to: other, and: move.to) }
            if let other = moveTo[move.to] { throw .moveTwoSectionsToSameSection(other, move.from, to: move.to) }
            moveFrom[move.from] = move.to
            moveTo[move.to] = move.from
        }
        guard sectionsAfter == sectionsBefore - deleted.count + inserted.count else {
            throw .invalidSectionCount(
                after: sectionsAfter, before: sectionsBefore, inserted: inserted.count, deleted: deleted.count)
        }
        var origins: [SectionOrigin?] = Array(repeating: nil, count: sectionsAfter)
        for section in inserted { origins[section] = .inserted }
        for (to, from) in moveTo { origins[to] = .moved(from) }
        var oldToNew: [Int?] = Array(repeating: nil, count: sectionsBefore)
        for (from, to) in moveFrom { oldToNew[from] = to }
        var slot = 0
        for old in 0..<sectionsBefore where !deleted.contains(old) && moveFrom[old] == nil {
            while origins[slot] != nil { slot += 1 }
            origins[slot] = reloaded.contains(old) ? .reloaded(old) : .kept(old)
            oldToNew[old] = slot
        }
        // The section count check guarantees that every slot is now filled.
        self.origins = origins.map { $0 ?? .inserted }
        self.oldToNew = oldToNew
    }

    /// Whether an old section's rows disappear with it (deleted or reloaded).
    func rowsGone(old section: Int) -> Bool { deleted.contains(section) || reloaded.contains(section) }

    /// Whether a new section's rows all come fresh from the data source.
    func rowsFresh(new section: Int) -> Bool {
        switch origins[section] {
        case .inserted, .reloaded: return true
        case .kept, .moved: return false
        }
    }
}

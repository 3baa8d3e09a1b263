import ListDiff

/// An invalid batch update: the simulated `NSInternalInconsistencyException`.
///
/// ``description`` is UIKit's own message text (the classic wording family,
/// as quoted in public crash reports; see `shared/reference/uikit-semantics.md`)
/// with the values filled in. Index paths print as UIKit prints an
/// `NSIndexPath`, without the object address (`{length = 2, path = 0 - 3}`),
/// so that messages are deterministic.
///
/// Messages marked *(listbench wording)* below have no public crash report to
/// copy from; they follow UIKit's phrasing for the nearest documented case.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The section count after the update does not follow from the operations.
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    /// A section's row count after the update does not follow from the operations.
    case invalidRowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A delete or reload names a row past the end of its section.
    case deleteRowOutOfRange(row: Int, section: Int, rowsBefore: Int)
    /// A delete or reload names a section that did not exist. *(listbench wording)*
    case deleteRowFromMissingSection(row: Int, section: Int, sectionsBefore: Int)
    /// An insert names a row past the end of its section after the update.
    case insertRowOutOfRange(row: Int, section: Int, rowsAfter: Int)
    /// An insert names a section that does not exist after the update.
    case insertRowIntoMissingSection(row: Int, section: Int, sectionsAfter: Int)
    /// A move's source is out of range. *(listbench wording)*
    case moveRowFromOutOfRange(ItemPath, rowsBefore: Int?, sectionsBefore: Int)
    /// A move's destination is out of range. *(listbench wording)*
    case moveRowToOutOfRange(ItemPath, rowsAfter: Int?, sectionsAfter: Int)
    /// A delete or reload names a section that did not exist. *(listbench wording)*
    case deleteSectionOutOfRange(section: Int, sectionsBefore: Int)
    /// An insert names a section past the end after the update. *(listbench wording)*
    case insertSectionOutOfRange(section: Int, sectionsAfter: Int)
    /// A section move's source or destination is out of range. *(listbench wording)*
    case moveSectionOutOfRange(from: Int, to: Int, sectionsBefore: Int, sectionsAfter: Int)
    /// One section is both deleted (or reloaded) and moved. *(listbench wording)*
    case deleteAndMoveSameSection(Int)
    /// One section is both inserted and the destination of a move. *(listbench wording)*
    case insertAndMoveSameSection(Int)
    /// One section is both deleted and reloaded. *(listbench wording)*
    case deleteAndReloadSameSection(Int)
    /// Two section moves share a source or a destination. *(listbench wording)*
    case conflictingSectionMoves(from: Int, to: Int)
    /// A row is both deleted (or reloaded) and moved.
    case deleteAndMoveSameIndexPath(ItemPath)
    /// A row is both deleted and reloaded.
    case deleteAndReloadSameIndexPath(ItemPath)
    /// A row is both inserted and the destination of a move.
    case insertAndMoveSameIndexPath(ItemPath)
    /// Two rows are moved to one index path.
    case moveTwoRowsToSameIndexPath(ItemPath, ItemPath, to: ItemPath)
    /// One row is moved to two index paths. *(listbench wording)*
    case moveOneRowTwice(ItemPath, to: ItemPath, and: ItemPath)
    /// A row is moved into a section inserted in the same update.
    case moveIntoInsertedSection(Int)
    /// A row is moved out of a section deleted in the same update.
    case moveFromDeletedSection

    public var description: String {
        switch self {
        case let .invalidSectionCount(after, before, inserted, deleted):
            return "Invalid update: invalid number of sections.  The number of sections contained in the table view "
                + "after the update (\(after)) must be equal to the number of sections contained in the table view "
                + "before the update (\(before)), plus or minus the number of sections inserted or deleted "
                + "(\(inserted) inserted, \(deleted) deleted)."
        case let .invalidRowCount(section, after, before, inserted, deleted, movedIn, movedOut):
            return "Invalid update: invalid number of rows in section \(section). The number of rows contained in an "
                + "existing section after the update (\(after)) must be equal to the number of rows contained in that "
                + "section before the update (\(before)), plus or minus the number of rows inserted or deleted from "
                + "that section (\(inserted) inserted, \(deleted) deleted) and plus or minus the number of rows moved "
                + "into or out of that section (\(movedIn) moved in, \(movedOut) moved out)."
        case let .deleteRowOutOfRange(row, section, rowsBefore):
            return "attempt to delete row \(row) from section \(section) which only contains \(rowsBefore) rows "
                + "before the update"
        case let .deleteRowFromMissingSection(row, section, sectionsBefore):
            return "attempt to delete row \(row) from section \(section), but there are only \(sectionsBefore) "
                + "sections before the update"
        case let .insertRowOutOfRange(row, section, rowsAfter):
            return "attempt to insert row \(row) into section \(section), but there are only \(rowsAfter) rows in "
                + "section \(section) after the update"
        case let .insertRowIntoMissingSection(row, section, sectionsAfter):
            return "attempt to insert row \(row) into section \(section), but there are only \(sectionsAfter) "
                + "sections after the update"
        case let .moveRowFromOutOfRange(path, rowsBefore, sectionsBefore):
            if let rowsBefore {
                return "attempt to move row \(path.item) from section \(path.section) which only contains "
                    + "\(rowsBefore) rows before the update"
            }
            return "attempt to move row \(path.item) from section \(path.section), but there are only "
                + "\(sectionsBefore) sections before the update"
        case let .moveRowToOutOfRange(path, rowsAfter, sectionsAfter):
            if let rowsAfter {
                return "attempt to move row to row \(path.item) of section \(path.section), but there are only "
                    + "\(rowsAfter) rows in section \(path.section) after the update"
            }
            return "attempt to move row into section \(path.section), but there are only \(sectionsAfter) "
                + "sections after the update"
        case let .deleteSectionOutOfRange(section, sectionsBefore):
            return "attempt to delete section \(section), but there are only \(sectionsBefore) sections before the "
                + "update"
        case let .insertSectionOutOfRange(section, sectionsAfter):
            return "attempt to insert section \(section) but there are only \(sectionsAfter) sections after the update"
        case let .moveSectionOutOfRange(from, to, sectionsBefore, sectionsAfter):
            return "attempt to move section \(from) to section \(to), but there are only \(sectionsBefore) sections "
                + "before the update and \(sectionsAfter) sections after the update"
        case let .deleteAndMoveSameSection(section):
            return "attempt to perform a delete and a move from the same section (\(section))"
        case let .insertAndMoveSameSection(section):
            return "attempt to perform an insert and a move to the same section (\(section))"
        case let .deleteAndReloadSameSection(section):
            return "attempt to delete and reload the same section (\(section))"
        case let .conflictingSectionMoves(from, to):
            return "attempt to perform multiple moves involving the same section (\(from) to \(to))"
        case let .deleteAndMoveSameIndexPath(path):
            return "attempt to perform a delete and a move from the same index path (\(path))"
        case let .deleteAndReloadSameIndexPath(path):
            return "attempt to delete and reload the same index path (\(path))"
        case let .insertAndMoveSameIndexPath(path):
            return "attempt to perform an insert and a move to the same index path (\(path))"
        case let .moveTwoRowsToSameIndexPath(first, second, to):
            return "attempt to move both row at index path \(first) and \(second) to \(to)"
        case let .moveOneRowTwice(path, first, second):
            return "attempt to move row at index path \(path) to both \(first) and \(second)"
        case let .moveIntoInsertedSection(section):
            return "cannot move a row into a newly inserted section (\(section))"
        case .moveFromDeletedSection:
            return "cannot move a row from a deleted section"
        }
    }
}

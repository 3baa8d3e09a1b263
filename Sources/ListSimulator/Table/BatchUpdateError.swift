import Foundation
import ListDiff

/// An invalid batch update: the simulated `NSInternalInconsistencyException`.
///
/// ``description`` is UIKit's own message text with the values filled in:
/// the format strings of `-[UITableView _endCellAnimationsWithContext:]` in
/// UIKit-3698 (iOS 12), as quoted in public crash reports, with the spacing
/// of iOS 13 and later (one space after "sections." and "section 0.", as in
/// ra1028/DifferenceKit #102 and Automattic/simplenote-ios #730, iOS 13.3.1).
/// ``message(iOS:)`` gives iOS 12's two spaces there (UIKit-3698's format
/// string; Stan-Ost/ReloadableTableView #1, 2019, and earlier reports back
/// to iOS 9). Index paths print as UIKit prints an
/// `NSIndexPath` (``ItemPath/indexPathDescription``). Each case names its
/// source; the few marked *(listbench wording)* have no public text to copy
/// and follow UIKit's phrasing for the nearest case.
public enum BatchUpdateError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The section count after the update does not follow from the operations
    /// (forkingdog/UITableView-FDTemplateLayoutCell #40; ra1028/DifferenceKit #108).
    case invalidSectionCount(after: Int, before: Int, inserted: Int, deleted: Int)
    /// A section's row count after the update does not follow from the operations
    /// (woocommerce-ios #2617; ra1028/DifferenceKit #102).
    case invalidRowCount(
        section: Int, after: Int, before: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
    /// A delete or reload names a row past the end of its section
    /// (forkingdog/UITableView-FDTemplateLayoutCell #366).
    case deleteRowOutOfRange(row: Int, section: Int, rowsBefore: Int)
    /// A delete or reload names a section that did not exist (onmyway133/DeepDiff #8).
    case deleteRowFromMissingSection(row: Int, section: Int, sectionsBefore: Int)
    /// An insert names a row past the end of its section after the update (uikit-semantics.md).
    case insertRowOutOfRange(row: Int, section: Int, rowsAfter: Int)
    /// An insert names a section that does not exist after the update (uikit-semantics.md).
    case insertRowIntoMissingSection(row: Int, section: Int, sectionsAfter: Int)
    /// A move's source is past the end of its section (RxSwiftCommunity/RxDataSources #35).
    case moveRowFromOutOfRange(ItemPath, rowsBefore: Int)
    /// A move's source section did not exist (UIKit-3698's format string).
    case moveRowFromMissingSection(ItemPath, sectionsBefore: Int)
    /// A move's destination is past the end of its section (UIKit-3698's format string).
    case moveRowToOutOfRange(from: ItemPath, to: ItemPath, rowsAfter: Int)
    /// A move's destination section does not exist after the update (UIKit-3698's format string).
    case moveRowToMissingSection(from: ItemPath, to: ItemPath, sectionsAfter: Int)
    /// A delete or reload names a section that did not exist (UIKit-3698's format string).
    case deleteSectionOutOfRange(section: Int, sectionsBefore: Int)
    /// An insert names a section past the end after the update (UIKit-3698's format string, without a comma).
    case insertSectionOutOfRange(section: Int, sectionsAfter: Int)
    /// A section move's source did not exist (UIKit-3698's format string).
    case moveSectionFromOutOfRange(section: Int, sectionsBefore: Int)
    /// A section move's destination does not exist after the update (UIKit-3698's format string, "to to" included).
    case moveSectionToOutOfRange(from: Int, to: Int, sectionsAfter: Int)
    /// One section is both deleted (or reloaded) and moved (UIKit-3698's format string).
    case deleteAndMoveSameSection(Int)
    /// One section is both inserted and the destination of a move (UIKit-3698's format string).
    case insertAndMoveSameSection(Int)
    /// One section is both deleted and reloaded. *(listbench wording: UIKit-3698 has the index-path form only)*
    case deleteAndReloadSameSection(Int)
    /// One section moved to two sections (UIKit-3698's format string).
    case moveSectionTwice(Int, to: Int, and: Int)
    /// Two sections moved to one (UIKit-3698's format string).
    case moveTwoSectionsToSameSection(Int, Int, to: Int)
    /// A row is both deleted (or reloaded) and moved (TextureGroup/Texture #507).
    /// UIKit says "delete" for a reload too: a table that reloads and moves one
    /// index path in one batch raises this very message (openradar 33662307,
    /// iOS 11, 2017, filed as misleading since the batch has no delete).
    case deleteAndMoveSameIndexPath(ItemPath)
    /// A row is both deleted and reloaded (UIKit-3698's format string).
    case deleteAndReloadSameIndexPath(ItemPath)
    /// A row is both inserted and the destination of a move (lightsprint09/Sourcing #54).
    case insertAndMoveSameIndexPath(ItemPath)
    /// Two rows are moved to one index path (UIKit-3698's format string).
    case moveTwoRowsToSameIndexPath(ItemPath, ItemPath, to: ItemPath)
    /// One row is moved to two index paths (UIKit-3698's format string).
    case moveOneRowTwice(ItemPath, to: ItemPath, and: ItemPath)
    /// A row is moved into a section inserted in the same update
    /// (SwiftKickMobile/TLIndexPathTools #13, 2014; not among iOS 12's strings, so later wording is unknown).
    case moveIntoInsertedSection(Int)
    /// A row is moved out of a section deleted in the same update (SwiftKickMobile/TLIndexPathTools #20, 2014).
    case moveFromDeletedSection

    /// The message as a device running `version` prints it: two spaces after
    /// the first sentence of the count messages up to iOS 12, one from iOS 13.
    public func message(iOS version: Int) -> String {
        let text = description
        guard version <= 12 else { return text }
        switch self {
        case .invalidSectionCount, .invalidRowCount:
            guard let end = text.range(of: ". The number of ") else { return text }
            return text.replacingCharacters(in: end, with: ".  The number of ")
        default:
            return text
        }
    }

    public var description: String {
        switch self {
        case let .invalidSectionCount(after, before, inserted, deleted):
            return "Invalid update: invalid number of sections. The number of sections contained in the table view "
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
        case let .moveRowFromOutOfRange(path, rowsBefore):
            return "attempt to move index path (\(path.indexPathDescription)) that does not exist - there are only "
                + "\(rowsBefore) rows in section \(path.section) before the update"
        case let .moveRowFromMissingSection(path, sectionsBefore):
            return "attempt to move index path (\(path.indexPathDescription)) from a section that does not exist - "
                + "there are only \(sectionsBefore) sections before the update"
        case let .moveRowToOutOfRange(from, to, rowsAfter):
            return "attempt to move index path (\(from.indexPathDescription)) to index path (\(to.indexPathDescription)) "
                + "that does not exist - there are only \(rowsAfter) rows in section \(to.section) after the update"
        case let .moveRowToMissingSection(from, to, sectionsAfter):
            return "attempt to move index path (\(from.indexPathDescription)) to index path (\(to.indexPathDescription)) "
                + "in section that does not exist - there are only \(sectionsAfter) sections after the update"
        case let .deleteSectionOutOfRange(section, sectionsBefore):
            return "attempt to delete section \(section), but there are only \(sectionsBefore) sections before the "
                + "update"
        case let .insertSectionOutOfRange(section, sectionsAfter):
            return "attempt to insert section \(section) but there are only \(sectionsAfter) sections after the update"
        case let .moveSectionFromOutOfRange(section, sectionsBefore):
            return "attempt to move section \(section), but there are only \(sectionsBefore) sections before the update"
        case let .moveSectionToOutOfRange(from, to, sectionsAfter):
            return "attempt to to move section \(from) to section \(to), but there are only \(sectionsAfter) sections "
                + "after the update"
        case let .deleteAndMoveSameSection(section):
            return "attempt to perform a delete and a move from the same section (\(section))"
        case let .insertAndMoveSameSection(section):
            return "attempt to perform an insert and a move to the same section (\(section))"
        case let .deleteAndReloadSameSection(section):
            return "attempt to delete and reload the same section (\(section))"
        case let .moveSectionTwice(section, first, second):
            return "attempt to move section \(section) to both section \(first) and section \(second)"
        case let .moveTwoSectionsToSameSection(first, second, to):
            return "attempt to move both section \(first) and section \(second) to section \(to)"
        case let .deleteAndMoveSameIndexPath(path):
            return "attempt to perform a delete and a move from the same index path (\(path.indexPathDescription))"
        case let .deleteAndReloadSameIndexPath(path):
            return "attempt to delete and reload the same index path (\(path.indexPathDescription))"
        case let .insertAndMoveSameIndexPath(path):
            return "attempt to perform an insert and a move to the same index path (\(path.indexPathDescription))"
        case let .moveTwoRowsToSameIndexPath(first, second, to):
            return "attempt to move both row at index path \(first.indexPathDescription) and "
                + "\(second.indexPathDescription) to \(to.indexPathDescription)"
        case let .moveOneRowTwice(path, first, second):
            return "attempt to move row at index path \(path.indexPathDescription) to both \(first.indexPathDescription) "
                + "and \(second.indexPathDescription)"
        case let .moveIntoInsertedSection(section):
            return "cannot move a row into a newly inserted section (\(section))"
        case .moveFromDeletedSection:
            return "cannot move a row from a deleted section"
        }
    }
}

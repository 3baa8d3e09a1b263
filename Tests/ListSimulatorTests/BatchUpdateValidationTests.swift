import ListDiff
import ListSimulator
import Testing

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
private func ip(_ section: Int, _ item: Int) -> String { path(section, item).indexPathDescription }

private func message(
    _ update: BatchUpdate, before: [Int], after: [Int]
) -> String? {
    do {
        _ = try BatchUpdatePlan.resolve(update, rowCountsBefore: before, rowCountsAfter: after)
        return nil
    } catch {
        return error.description
    }
}

/// Every exception case in `shared/reference/uikit-semantics.md`, with UIKit's exact text.
@Suite("Batch update validation: UIKit's messages")
struct BatchUpdateMessageTests {
    @Test func rowCountMismatch() {
        // 11 rows, 2 inserted and 2 deleted, but the data source says 12.
        let update = BatchUpdate(deletedItems: [path(0, 0), path(0, 1)], insertedItems: [path(0, 0), path(0, 1)])
        #expect(message(update, before: [11], after: [12]) ==
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (12) must be equal to the number of rows contained in that section before the update (11), plus or minus the number of rows inserted or deleted from that section (2 inserted, 2 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).")
    }

    @Test func sectionCountMismatch() {
        #expect(message(BatchUpdate(), before: [3, 4], after: [3]) ==
            "Invalid update: invalid number of sections. The number of sections contained in the table view after the update (1) must be equal to the number of sections contained in the table view before the update (2), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted).")
    }

    /// iOS 12 printed two spaces after the first sentence of the count messages (UIKit-3698's format strings).
    @Test func iOS12SpacesTheCountMessagesAsItDid() throws {
        let rows = BatchUpdateError.invalidRowCount(section: 0, after: 12, before: 11, inserted: 2, deleted: 2, movedIn: 0, movedOut: 0)
        #expect(rows.message(iOS: 12).hasPrefix("Invalid update: invalid number of rows in section 0.  The number of rows contained"))
        #expect(rows.message(iOS: 13) == rows.description)
        let sections = BatchUpdateError.invalidSectionCount(after: 1, before: 2, inserted: 0, deleted: 0)
        #expect(sections.message(iOS: 12).hasPrefix("Invalid update: invalid number of sections.  The number of sections contained"))
        #expect(sections.message(iOS: 17).hasPrefix("Invalid update: invalid number of sections. The number"))
        let other = BatchUpdateError.deleteRowOutOfRange(row: 154, section: 0, rowsBefore: 154)
        #expect(other.message(iOS: 12) == other.description)
    }

    @Test func deleteRowPastTheEnd() {
        let update = BatchUpdate(deletedItems: [path(0, 154)])
        #expect(message(update, before: [154], after: [153]) ==
            "attempt to delete row 154 from section 0 which only contains 154 rows before the update")
    }

    @Test func insertRowPastTheEnd() {
        let update = BatchUpdate(insertedItems: [path(0, 8)])
        #expect(message(update, before: [7], after: [8]) ==
            "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update")
    }

    @Test func insertRowIntoMissingSection() {
        let update = BatchUpdate(insertedItems: [path(2, 0)])
        #expect(message(update, before: [1, 1], after: [1, 1]) ==
            "attempt to insert row 0 into section 2, but there are only 2 sections after the update")
    }

    @Test func deleteAndMoveSameIndexPath() {
        let update = BatchUpdate(deletedItems: [path(0, 3)], movedItems: [ItemMove(from: path(0, 3), to: path(0, 0))])
        #expect(message(update, before: [5], after: [4]) ==
            "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0xc000000000600016> {length = 2, path = 0 - 3})")
    }

    /// openradar 33662307 (UITableView, iOS 11): `reloadRows` and `moveRow` of
    /// path 0 - 1 in one batch raise the delete-and-move message.
    @Test func reloadAndMoveSameIndexPathIsADeleteAndMove() {
        let update = BatchUpdate(movedItems: [ItemMove(from: path(0, 1), to: path(0, 0))], reloadedItems: [path(0, 1)])
        #expect(message(update, before: [3], after: [3]) ==
            "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0xc000000000200016> {length = 2, path = 0 - 1})")
    }

    @Test func deleteAndReloadSameIndexPath() {
        let update = BatchUpdate(deletedItems: [path(1, 2)], reloadedItems: [path(1, 2)])
        #expect(message(update, before: [1, 4], after: [1, 3]) ==
            "attempt to delete and reload the same index path (<NSIndexPath: 0xc000000000400116> {length = 2, path = 1 - 2})")
    }

    @Test func insertAndMoveSameIndexPath() {
        let update = BatchUpdate(insertedItems: [path(0, 0)], movedItems: [ItemMove(from: path(0, 2), to: path(0, 0))])
        #expect(message(update, before: [3], after: [4]) ==
            "attempt to perform an insert and a move to the same index path (<NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0})")
    }

    @Test func twoMovesToOneIndexPath() {
        let update = BatchUpdate(movedItems: [
            ItemMove(from: path(0, 0), to: path(0, 2)), ItemMove(from: path(0, 1), to: path(0, 2)),
        ])
        #expect(message(update, before: [3], after: [3]) ==
            "attempt to move both row at index path <NSIndexPath: 0xc000000000000016> {length = 2, path = 0 - 0} and <NSIndexPath: 0xc000000000200016> {length = 2, path = 0 - 1} to <NSIndexPath: 0xc000000000400016> {length = 2, path = 0 - 2}")
    }

    @Test func moveIntoInsertedSection() {
        let update = BatchUpdate(insertedSections: [2], movedItems: [ItemMove(from: path(0, 0), to: path(2, 0))])
        #expect(message(update, before: [2, 1], after: [1, 1, 1]) ==
            "cannot move a row into a newly inserted section (2)")
    }

    @Test func moveFromDeletedSection() {
        let update = BatchUpdate(deletedSections: [1], movedItems: [ItemMove(from: path(1, 0), to: path(0, 0))])
        #expect(message(update, before: [1, 1], after: [2]) == "cannot move a row from a deleted section")
    }

    /// Cases quoted from UIKit-3698's (iOS 12) format strings or crash reports that quote them.
    @Test func sectionAndMoveMessagesInUIKitsWords() {
        #expect(message(BatchUpdate(deletedSections: [5]), before: [1, 1], after: [1]) ==
            "attempt to delete section 5, but there are only 2 sections before the update")
        #expect(message(BatchUpdate(insertedSections: [4]), before: [1], after: [1, 1]) ==
            "attempt to insert section 4 but there are only 2 sections after the update")
        #expect(message(BatchUpdate(deletedItems: [path(3, 0)]), before: [1], after: [1]) ==
            "attempt to delete row 0 from section 3, but there are only 1 sections before the update")
        let twice = BatchUpdate(movedItems: [
            ItemMove(from: path(0, 0), to: path(0, 1)), ItemMove(from: path(0, 0), to: path(0, 2)),
        ])
        #expect(message(twice, before: [3], after: [3]) ==
            "attempt to move row at index path \(ip(0, 0)) to both \(ip(0, 1)) and \(ip(0, 2))")
        // RxSwiftCommunity/RxDataSources #35 quotes this one with these very values.
        #expect(message(BatchUpdate(movedItems: [ItemMove(from: path(2, 0), to: path(0, 0))]), before: [1, 1, 0], after: [1, 1, 0]) ==
            "attempt to move index path (<NSIndexPath: 0xc000000000000216> {length = 2, path = 2 - 0}) that does not exist - there are only 0 rows in section 2 before the update")
        #expect(message(BatchUpdate(movedItems: [ItemMove(from: path(3, 1), to: path(0, 0))]), before: [1], after: [1]) ==
            "attempt to move index path (\(ip(3, 1))) from a section that does not exist - there are only 1 sections before the update")
        #expect(message(BatchUpdate(movedItems: [ItemMove(from: path(0, 0), to: path(0, 5))]), before: [2], after: [2]) ==
            "attempt to move index path (\(ip(0, 0))) to index path (\(ip(0, 5))) that does not exist - there are only 2 rows in section 0 after the update")
        #expect(message(BatchUpdate(movedItems: [ItemMove(from: path(0, 0), to: path(4, 0))]), before: [2], after: [2]) ==
            "attempt to move index path (\(ip(0, 0))) to index path (\(ip(4, 0))) in section that does not exist - there are only 1 sections after the update")
        #expect(message(BatchUpdate(movedSections: [IndexMove(from: 7, to: 0)]), before: [1, 1], after: [1, 1]) ==
            "attempt to move section 7, but there are only 2 sections before the update")
        #expect(message(BatchUpdate(movedSections: [IndexMove(from: 0, to: 9)]), before: [1, 1], after: [1, 1]) ==
            "attempt to to move section 0 to section 9, but there are only 2 sections after the update")
        #expect(message(BatchUpdate(movedSections: [IndexMove(from: 0, to: 1), IndexMove(from: 0, to: 2)]), before: [1, 1, 1], after: [1, 1, 1]) ==
            "attempt to move section 0 to both section 1 and section 2")
        #expect(message(BatchUpdate(movedSections: [IndexMove(from: 0, to: 2), IndexMove(from: 1, to: 2)]), before: [1, 1, 1], after: [1, 1, 1]) ==
            "attempt to move both section 0 and section 1 to section 2")
    }

    /// The address is the tagged pointer every quoted (address, path) pair fits.
    @Test func indexPathsPrintAsUIKitPrintsThem() {
        #expect(path(3, 18).indexPathDescription == "<NSIndexPath: 0xc000000002400316> {length = 2, path = 3 - 18}")
        #expect(path(0, 67).indexPathDescription == "<NSIndexPath: 0xc000000008600016> {length = 2, path = 0 - 67}")
        #expect(path(1, 0).indexPathDescription == "<NSIndexPath: 0xc000000000000116> {length = 2, path = 1 - 0}")
        // Too large to be tagged: a heap-like address (listbench's own), still derived from the path.
        #expect(path(9_000, 1).indexPathDescription.hasPrefix("<NSIndexPath: 0x6"))
        #expect(path(9_000, 1).indexPathDescription.hasSuffix("> {length = 2, path = 9000 - 1}"))
        #expect(path(9_000, 1).indexPathDescription != path(9_000, 2).indexPathDescription)
    }
}

@Suite("Batch update validation: accepted updates and row origins")
struct BatchUpdatePlanTests {
    @Test func deletesUseOldIndexesAndInsertsNewOnes() throws {
        // [a b c d] -> delete b, d; insert x at 0 and y at 3: [x a c y]
        let update = BatchUpdate(deletedItems: [path(0, 3), path(0, 1)], insertedItems: [path(0, 3), path(0, 0)])
        let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: [4], rowCountsAfter: [4])
        let origins = (0..<4).map { plan.origin(ofRow: $0, inSection: 0) }
        #expect(origins == [.inserted, .kept(path(0, 0)), .kept(path(0, 2)), .inserted])
    }

    @Test func movesAcrossSectionsCountAsMovedInAndOut() throws {
        let update = BatchUpdate(movedItems: [ItemMove(from: path(0, 0), to: path(1, 1))])
        let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: [2, 1], rowCountsAfter: [1, 2])
        #expect(plan.origin(ofRow: 0, inSection: 0) == .kept(path(0, 1)))
        #expect(plan.origin(ofRow: 1, inSection: 1) == .moved(path(0, 0)))
        #expect(plan.origin(ofRow: 0, inSection: 1) == .kept(path(1, 0)))
        // The same counts without the move are an inconsistency naming the moves.
        #expect(message(BatchUpdate(), before: [2, 1], after: [1, 2])?.hasPrefix(
            "Invalid update: invalid number of rows in section 0.") == true)
    }

    @Test func reloadKeepsThePlaceButNotTheCell() throws {
        let update = BatchUpdate(deletedItems: [path(0, 0)], reloadedItems: [path(0, 2)])
        let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: [3], rowCountsAfter: [2])
        #expect(plan.origin(ofRow: 1, inSection: 0) == .reloaded(path(0, 2)))
    }

    @Test func sectionMovesCarryTheirRows() throws {
        let update = BatchUpdate(insertedSections: [0], movedSections: [IndexMove(from: 1, to: 1)],
                                 reloadedSections: [0])
        let plan = try BatchUpdatePlan.resolve(update, rowCountsBefore: [2, 3], rowCountsAfter: [4, 3, 2])
        #expect(plan.sections == [.inserted, .moved(1), .reloaded(0)])
        #expect(plan.origin(ofRow: 2, inSection: 1) == .moved(path(1, 2)))
        #expect(plan.origin(ofRow: 0, inSection: 2) == .inserted)
    }

    @Test func untouchedSectionsAreNotExpanded() throws {
        let plan = try BatchUpdatePlan.resolve(
            BatchUpdate(insertedItems: [path(1, 0)]), rowCountsBefore: [1_000_000, 0], rowCountsAfter: [1_000_000, 1])
        #expect(plan.rows[0] == nil)
        #expect(plan.origin(ofRow: 999_999, inSection: 0) == .kept(path(0, 999_999)))
    }
}

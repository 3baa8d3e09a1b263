import ListDiff
import Testing

/// ``OffsetChanges``: IGListKit's `IGListDiff`, as DataSources ported it in 2017.
@Suite("Offset changes (IGListDiff's moves and updates)")
struct OffsetChangesTests {
    /// Moving one element reports every element it passed as moved too: the
    /// moves are counted by offset, not minimal.
    @Test func movingOneElementMovesEverythingBetween() throws {
        let changes = try OffsetChanges(from: [0, 1, 2, 3, 4, 5], to: [1, 2, 3, 0, 4, 5])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty && changes.updates.isEmpty)
        #expect(changes.moves == [IndexMove(from: 1, to: 0), IndexMove(from: 2, to: 1), IndexMove(from: 3, to: 2),
                                  IndexMove(from: 0, to: 3)])
        // The minimal diff moves one element.
        #expect(try LinearChanges(from: [0, 1, 2, 3, 4, 5], to: [1, 2, 3, 0, 4, 5]).moves.count == 1)
    }

    /// Deletes and inserts alone never make moves: the offsets explain every shift.
    @Test func insertsAndDeletesShiftWithoutMoves() throws {
        let changes = try OffsetChanges(from: [0, 1, 2, 3, 4], to: [9, 1, 2, 8, 4])
        #expect(changes.deletes == [0, 3])
        #expect(changes.inserts == [0, 3])
        #expect(changes.moves.isEmpty)
    }

    /// An update is named by its old index, and an element can be updated and moved at once.
    @Test func anUpdatedElementCanAlsoMove() throws {
        let old = [0, 1, 2, 3, 4]
        let new = [1, 2, 0, 3, 4]
        let changed: Set = [2, 4]
        let changes = try OffsetChanges(from: old, to: new) { i, _ in changed.contains(old[i]) }
        #expect(changes.updates == [IndexMove(from: 2, to: 1), IndexMove(from: 4, to: 4)])
        #expect(changes.moves == [IndexMove(from: 1, to: 0), IndexMove(from: 2, to: 1), IndexMove(from: 0, to: 2)])
        #expect(changes.movedUpdates == [IndexMove(from: 2, to: 1)])
        #expect(changes.changeCount == 5)
    }

    /// Duplicates pair in order, as the sources' index stacks do.
    @Test func duplicatesPairInOrder() throws {
        let changes = try OffsetChanges(from: [7, 7, 1], to: [1, 7])
        #expect(changes.deletes == [1])
        #expect(changes.inserts.isEmpty)
        #expect(changes.moves == [IndexMove(from: 2, to: 0), IndexMove(from: 0, to: 1)])
    }

    @Test func equalListsHaveNoChanges() throws {
        #expect(try OffsetChanges(from: [3, 1, 2], to: [3, 1, 2]) { _, _ in false }.isEmpty)
        #expect(try OffsetChanges(from: [Int](), to: []).isEmpty)
    }
}

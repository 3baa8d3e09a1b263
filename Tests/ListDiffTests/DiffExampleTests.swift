import ListDiff
import Testing

private func path(_ section: Int, _ item: Int) -> ItemPath { ItemPath(section: section, item: item) }

@Suite("Linear diff examples")
struct LinearDiffExampleTests {
    @Test func equalListsHaveNoChangesAndNoStages() throws {
        let changes = try LinearChanges(from: [1, 2, 3], to: [1, 2, 3])
        #expect(changes.isEmpty)
        #expect(changes.stages().isEmpty)
        #expect(try LinearChanges(from: [Int](), to: []).isEmpty)
    }

    @Test func rotationIsOneMove() throws {
        // Greedy move detection would move B, C, D and E; one move of A suffices.
        let changes = try LinearChanges(from: ["A", "B", "C", "D", "E"], to: ["B", "C", "D", "E", "A"])
        #expect(changes.moves == [IndexMove(from: 0, to: 4)])
        #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
    }

    @Test func reversalMovesAllButOne() throws {
        let changes = try LinearChanges(from: [1, 2, 3, 4, 5], to: [5, 4, 3, 2, 1])
        #expect(changes.moves.count == 4)
    }

    @Test func deletesAreOldIndexesAndInsertsNewOnes() throws {
        let changes = try LinearChanges(from: ["a", "b", "c", "d"], to: ["x", "a", "c", "y"])
        #expect(changes.deletes == [1, 3])
        #expect(changes.inserts == [0, 3])
        #expect(changes.moves.isEmpty)
    }

    @Test func updatesInPlaceReloadOldPathsInOneStage() throws {
        let old = [(1, "a"), (2, "b"), (3, "c")]
        let new = [(1, "a"), (2, "B"), (3, "C")]
        let changes = try LinearChanges(from: old.map(\.0), to: new.map(\.0)) { old[$0].1 != new[$1].1 }
        #expect(changes.updates == [IndexMove(from: 1, to: 1), IndexMove(from: 2, to: 2)])
        #expect(changes.stages(inSection: 3) == [BatchUpdate(reloadedItems: [path(3, 1), path(3, 2)])])
    }

    @Test func aMovedAndChangedItemIsReloadedInASecondStageAtItsNewPath() throws {
        let old = [(1, 0), (2, 0), (3, 0)]
        let new = [(3, 1), (1, 0), (2, 0)]
        let changes = try LinearChanges(from: old.map(\.0), to: new.map(\.0)) { old[$0].1 != new[$1].1 }
        #expect(changes.stages() == [
            BatchUpdate(movedItems: [ItemMove(from: path(0, 2), to: path(0, 0))]),
            BatchUpdate(reloadedItems: [path(0, 0)]),
        ])
    }

    @Test func duplicatesArePairedInOrderUnderBestEffort() throws {
        // Old: x x y; new: x y x x. The two old x pair with the first two new x.
        let changes = try LinearChanges(from: ["x", "x", "y"], to: ["x", "y", "x", "x"])
        #expect(changes.inserts == [3])
        #expect(changes.deletes.isEmpty)
        #expect(changes.moves == [IndexMove(from: 1, to: 2)] || changes.moves == [IndexMove(from: 2, to: 1)])
    }

    @Test func strictModeNamesEveryDuplicate() {
        #expect(throws: DiffError.duplicateIdentifiers([
            DuplicateReport(kind: .item, side: .old, identifiers: ["b"], firstIndices: [1]),
            DuplicateReport(kind: .item, side: .new, identifiers: ["c", "a"], firstIndices: [0, 1]),
        ])) {
            try LinearChanges(from: ["a", "b", "b"], to: ["c", "a", "c", "a"], duplicates: .strict)
        }
        let error = DiffError.duplicateIdentifiers([
            DuplicateReport(kind: .item, side: .old, identifiers: ["b"], firstIndices: [1]),
        ])
        #expect(error.description == "old item identifiers are not unique: b")
    }

    struct Post: Equatable {
        var id: Int
        var text: String
    }

    @Test func theContentCheckMakesUpdates() throws {
        let old = [Post(id: 1, text: "hello"), Post(id: 2, text: "world")]
        let new = [Post(id: 2, text: "world!"), Post(id: 3, text: "new")]
        let changes = try LinearChanges(from: old.map(\.id), to: new.map(\.id)) { old[$0] != new[$1] }
        #expect(changes.deletes == [0])
        #expect(changes.inserts == [1])
        #expect(changes.updates == [IndexMove(from: 1, to: 0)])
    }

    /// Moves are in the order of their new index, updates in the order of
    /// their old one (their new indexes need not ascend).
    @Test func movesAreOrderedByNewIndexAndUpdatesByOldIndex() throws {
        let old = ["a", "b", "c", "d"]
        let new = ["d", "c", "b", "a"]
        let changes = try LinearChanges(from: old, to: new) { _, _ in true }
        #expect(changes.moves.map(\.to) == changes.moves.map(\.to).sorted())
        #expect(changes.moves.count == 3)
        #expect(changes.updates == [IndexMove(from: 0, to: 3), IndexMove(from: 1, to: 2), IndexMove(from: 2, to: 1), IndexMove(from: 3, to: 0)])
    }
}

@Suite("Sectioned diff examples")
struct SectionedDiffExampleTests {
    typealias Sections = [DiffSection<String, Int>]

    @Test func itemsMoveAcrossSections() throws {
        let old: Sections = [DiffSection(id: "a", items: [1, 2]), DiffSection(id: "b", items: [3])]
        let new: Sections = [DiffSection(id: "a", items: [1]), DiffSection(id: "b", items: [3, 2])]
        let changes = try SectionedChanges(from: old, to: new)
        #expect(changes.itemMoves == [ItemMove(from: path(0, 1), to: path(1, 1))])
        #expect(changes.stages.count == 1)
    }

    @Test func itemsCannotMoveIntoAnInsertedSectionOrOutOfADeletedOne() throws {
        let old: Sections = [DiffSection(id: "a", items: [1, 2]), DiffSection(id: "gone", items: [3])]
        let new: Sections = [DiffSection(id: "a", items: [3]), DiffSection(id: "fresh", items: [1])]
        let changes = try SectionedChanges(from: old, to: new)
        #expect(changes.sectionDeletes == [1] && changes.sectionInserts == [1])
        // 1 leaves for an inserted section: deleted; 2 is gone; 3 leaves a deleted section: inserted.
        #expect(changes.itemDeletes == [path(0, 0), path(0, 1)])
        #expect(changes.itemInserts == [path(0, 0)])
        #expect(changes.itemMoves.isEmpty)
    }

    @Test func sectionMovesAreMinimalAndCarryTheirItems() throws {
        let old: Sections = ["a", "b", "c", "d"].map { DiffSection(id: $0, items: []) }
        let new: Sections = ["b", "c", "d", "a"].map { DiffSection(id: $0, items: []) }
        #expect(try SectionedChanges(from: old, to: new).sectionMoves == [IndexMove(from: 0, to: 3)])
    }

    @Test func aChangedItemInAMovedSectionWaitsForStageTwo() throws {
        let old: Sections = [DiffSection(id: "a", items: [1]), DiffSection(id: "b", items: [2])]
        let new: Sections = [DiffSection(id: "b", items: [2]), DiffSection(id: "a", items: [1])]
        let changes = try SectionedChanges(from: old, to: new, isItemUpdated: { old, _ in old.section == 1 })
        let stages = changes.stages
        #expect(stages.count == 2)
        #expect(stages[0].reloadedItems.isEmpty)
        #expect(stages[1] == BatchUpdate(reloadedItems: [path(0, 0)]))
    }

    @Test func aChangedSectionReloadsInPlaceWhenUntouchedAndLaterOtherwise() throws {
        let old: Sections = [DiffSection(id: "a", items: [1, 2]), DiffSection(id: "b", items: [3])]
        let untouched: Sections = [DiffSection(id: "a", items: [1, 2]), DiffSection(id: "b", items: [3, 4])]
        let first = try SectionedChanges(from: old, to: untouched, isSectionUpdated: { old, _ in old == 0 })
        #expect(first.stages == [BatchUpdate(reloadedSections: [0], insertedItems: [path(1, 1)])])

        // Section a loses an item: its reload waits for stage 2, and its item reloads are dropped.
        let reshaped: Sections = [DiffSection(id: "a", items: [2]), DiffSection(id: "b", items: [3])]
        let second = try SectionedChanges(
            from: old, to: reshaped, isSectionUpdated: { old, _ in old == 0 }, isItemUpdated: { old, _ in old.section == 0 })
        #expect(second.itemUpdates == [ItemMove(from: path(0, 1), to: path(0, 0))])
        #expect(second.stages == [
            BatchUpdate(deletedItems: [path(0, 0)]),
            BatchUpdate(reloadedSections: [0]),
        ])
    }

    @Test func strictModeReportsSectionsAndItemsTogether() {
        let old: Sections = [DiffSection(id: "a", items: [1, 1]), DiffSection(id: "a", items: [])]
        #expect(throws: DiffError.duplicateIdentifiers([
            DuplicateReport(kind: .section, side: .old, identifiers: ["a"], firstIndices: [0]),
            DuplicateReport(kind: .item, side: .old, identifiers: ["1"], firstIndices: [0]),
        ])) {
            try SectionedChanges(from: old, to: [], duplicates: .strict)
        }
    }
}

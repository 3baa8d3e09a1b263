import ListData
import Testing

/// `DataStore.apply` places a change or throws, naming it; it never clamps or drops one.
@Suite("DataStore.apply")
struct DataStoreApplyTests {
    /// Two sections: "a" holds items 1, 2, 3; "b" holds item 4.
    private static func store() -> DataStore {
        DataStore([
            DataSection(id: "a", items: [Item(id: 1), Item(id: 2), Item(id: 3)]),
            DataSection(id: "b", items: [Item(id: 4)]),
        ], keepsVersions: true)
    }

    /// One row per change that cannot be placed: the change, the problem expected.
    static let unplaceable: [(DataChange, DataChangeError.Problem)] = [
        (.insert(section: 2, index: 0, item: Item(id: 9)), .noSuchSection(section: 2, sections: 2)),
        (.insert(section: 0, index: 4, item: Item(id: 9)), .indexPastEnd(index: 4, count: 3)),
        (.delete(id: 9, section: 0, index: 0), .itemNotFound(id: 9)),
        (.update(id: 9, section: 1, index: 0, version: 1, textLength: 1), .itemNotFound(id: 9)),
        (.move(id: 9, fromSection: 0, fromIndex: 0, section: 0, index: 0), .itemNotFound(id: 9)),
        (.move(id: 1, fromSection: 0, fromIndex: 0, section: 5, index: 0), .noSuchSection(section: 5, sections: 2)),
        // Within a section, the index counts after the item's removal: 0...2.
        (.move(id: 1, fromSection: 0, fromIndex: 0, section: 0, index: 3), .indexPastEnd(index: 3, count: 2)),
        (.move(id: 1, fromSection: 0, fromIndex: 0, section: 1, index: 2), .indexPastEnd(index: 2, count: 1)),
        (.append(section: -1, items: [Item(id: 9)]), .noSuchSection(section: -1, sections: 2)),
        // Below zero: refused, never handed to the list (where it would trap).
        (.insert(section: 0, index: -1, item: Item(id: 9)), .negativeIndex(index: -1)),
        (.move(id: 1, fromSection: 0, fromIndex: 0, section: 1, index: -2), .negativeIndex(index: -2)),
    ]

    @Test(arguments: unplaceable.indices)
    func aChangeThatCannotBePlacedThrowsAndLeavesTheStore(_ row: Int) {
        let (change, problem) = Self.unplaceable[row]
        var store = Self.store()
        let before = store
        #expect(throws: DataChangeError(change: change, problem: problem)) { try store.apply(change) }
        #expect(store == before)
    }

    @Test func theMessageNamesTheChangeAndTheProblem() {
        let error = DataChangeError(change: .delete(id: 9, section: 0, index: 2), problem: .itemNotFound(id: 9))
        #expect(error.description == "cannot apply the data change delete of item 9 at section 0, index 2: item 9 is not in the data")
    }

    @Test func changesAtTheEdgesArePlaced() throws {
        var store = Self.store()
        try store.apply(.insert(section: 0, index: 3, item: Item(id: 5)))
        try store.apply(.move(id: 1, fromSection: 0, fromIndex: 0, section: 0, index: 3))
        try store.apply(.move(id: 2, fromSection: 0, fromIndex: 0, section: 1, index: 1))
        #expect(store.sections.map { $0.items.map(\.id) } == [[3, 5, 1], [4, 2]])
    }

    /// Every kind of change, a new state among them, and an unplaceable one.
    private static let changes: [DataChange] = [
        .insert(section: 0, index: 1, item: Item(id: 5, version: 2)),
        .update(id: 3, section: 0, index: 3, version: 7, textLength: 40),
        .move(id: 1, fromSection: 0, fromIndex: 0, section: 1, index: 1),
        .delete(id: 2, section: 0, index: 1),
        .append(section: 1, items: [Item(id: 6), Item(id: 7, version: 1)]),
        .prepend(section: 0, items: [Item(id: 8)]),
        .state([DataSection(id: "a", items: [Item(id: 3, version: 7), Item(id: 9)]), DataSection(id: "b", items: [Item(id: 4)])]),
        .insert(section: 1, index: 0, item: Item(id: 10)),
    ]

    /// A store that keeps no versions (a strategy's own copy, the server's)
    /// holds the same data after the same changes, refuses the same ones,
    /// counts and finds its items, and stays without versions through a new state.
    @Test func aStoreWithoutVersionsHoldsTheSameData() throws {
        var kept = Self.store()
        var unkept = DataStore(kept.sections, keepsVersions: false)
        #expect(!unkept.keepsVersions && kept.keepsVersions)
        for change in Self.changes {
            try kept.apply(change)
            try unkept.apply(change)
            #expect(unkept.sections == kept.sections)
            #expect(unkept.itemCount == kept.itemCount)
            #expect(!unkept.keepsVersions)
        }
        for id in [3, 9, 4, 10, 1, 99] { #expect(unkept.position(of: id)?.section == kept.position(of: id)?.section) }
        #expect(unkept.position(of: 4).map { [$0.section, $0.index] } == [1, 1])
        #expect(kept.versions[3] == 7 && kept.versions[2] == nil)
        let refused = DataChange.delete(id: 2, section: 0, index: 0)
        #expect(throws: DataChangeError(change: refused, problem: .itemNotFound(id: 2))) { try unkept.apply(refused) }
        #expect(unkept.sections == kept.sections)
    }
}

/// The fast lookups that stand in for a search of `allCases` agree with it.
@Suite("Kind ordinals")
struct KindOrdinalTests {
    @Test func everyItemKindsOrdinalIsItsPlaceInAllCases() {
        for (index, kind) in ItemKind.allCases.enumerated() {
            #expect(kind.ordinal == index, "\(kind)")
        }
    }
}

import ListData
import ListDiff

/// A headless `NSDiffableDataSourceSnapshot`: section identifiers, and the
/// item identifiers of each section, all unique.
///
/// Misuse that Apple treats as fatal (a duplicate identifier, items with no
/// section, a reference item that does not exist) is recorded in ``fault``
/// (a ``SnapshotFault``, whose description is Apple's message); applying a
/// faulted snapshot is the simulated crash.
/// The first fault is kept; later operations still run where they can.
///
/// - Complexity: look-ups by identifier are O(1) (a table from item to
///   section); positional look-ups and edits are O(size of the section).
public struct Snapshot<SectionID: Hashable, ItemID: Hashable> {
    public private(set) var sectionIdentifiers: [SectionID] = []
    private var items: [[ItemID]] = []
    private var sectionIndex: [SectionID: Int] = [:]
    /// Each item's section (an ``IdentifierMap``: an ``IntMap`` when the app's identifiers are `Int`s).
    private var itemSection = IdentifierMap<ItemID, SectionID>()
    /// Items and sections marked with `reloadItems`, `reconfigureItems` and `reloadSections`.
    public private(set) var reloadedItemIdentifiers: [ItemID] = []
    public private(set) var reconfiguredItemIdentifiers: [ItemID] = []
    public private(set) var reloadedSectionIdentifiers: [SectionID] = []
    /// The first fatal misuse; its description is Apple's message.
    public private(set) var fault: SnapshotFault?
    /// Messages Apple logs without crashing.
    public private(set) var warnings: [String] = []

    public init() {}

    // MARK: - Queries

    public var numberOfSections: Int { sectionIdentifiers.count }
    public var numberOfItems: Int { itemSection.count }
    public var itemIdentifiers: [ItemID] { items.flatMap { $0 } }

    public func numberOfItems(inSection section: SectionID) -> Int {
        sectionIndex[section].map { items[$0].count } ?? 0
    }

    public func itemIdentifiers(inSection section: SectionID) -> [ItemID] {
        sectionIndex[section].map { items[$0] } ?? []
    }

    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { itemSection[item] }

    public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let section = itemSection[item], let index = sectionIndex[section] else { return nil }
        return items[index].firstIndex(of: item)
    }

    /// The item at a position, if any.
    public func itemIdentifier(at section: Int, _ item: Int) -> ItemID? {
        guard section >= 0, section < items.count, item >= 0, item < items[section].count else { return nil }
        return items[section][item]
    }

    /// Rows per section, in order.
    public var rowCounts: [Int] { items.map(\.count) }

    // MARK: - Sections

    public mutating func appendSections(_ identifiers: [SectionID]) {
        guard uniqueSections(identifiers) else { return }
        for identifier in identifiers {
            sectionIndex[identifier] = sectionIdentifiers.count
            sectionIdentifiers.append(identifier)
            items.append([])
        }
    }

    public mutating func insertSections(_ identifiers: [SectionID], beforeSection reference: SectionID) {
        insertSections(identifiers, at: reference, offset: 0)
    }

    public mutating func insertSections(_ identifiers: [SectionID], afterSection reference: SectionID) {
        insertSections(identifiers, at: reference, offset: 1)
    }

    private mutating func insertSections(_ identifiers: [SectionID], at reference: SectionID, offset: Int) {
        guard uniqueSections(identifiers) else { return }
        guard let index = sectionIndex[reference] else {
            return setFault(.unknownReferenceSection(String(describing: reference)))
        }
        sectionIdentifiers.insert(contentsOf: identifiers, at: index + offset)
        items.insert(contentsOf: identifiers.map { _ in [] }, at: index + offset)
        reindexSections()
    }

    public mutating func deleteSections(_ identifiers: [SectionID]) {
        let doomed = Set(identifiers)
        for (index, section) in sectionIdentifiers.enumerated() where doomed.contains(section) {
            for item in items[index] { itemSection[item] = nil }
        }
        let kept = sectionIdentifiers.indices.filter { !doomed.contains(sectionIdentifiers[$0]) }
        items = kept.map { items[$0] }
        sectionIdentifiers = kept.map { sectionIdentifiers[$0] }
        reindexSections()
    }

    public mutating func moveSection(_ identifier: SectionID, beforeSection reference: SectionID) {
        moveSection(identifier, to: reference, offset: 0)
    }

    public mutating func moveSection(_ identifier: SectionID, afterSection reference: SectionID) {
        moveSection(identifier, to: reference, offset: 1)
    }

    private mutating func moveSection(_ identifier: SectionID, to reference: SectionID, offset: Int) {
        guard let from = sectionIndex[identifier], sectionIndex[reference] != nil else {
            return setFault(.unknownSectionInMove(String(describing: identifier), reference: String(describing: reference)))
        }
        guard identifier != reference else { return }
        let sectionItems = items.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindexSections()
        let to = (sectionIndex[reference] ?? 0) + offset
        sectionIdentifiers.insert(identifier, at: to)
        items.insert(sectionItems, at: to)
        reindexSections()
    }

    public mutating func reloadSections(_ identifiers: [SectionID]) {
        for identifier in identifiers where sectionIndex[identifier] != nil {
            if !reloadedSectionIdentifiers.contains(identifier) { reloadedSectionIdentifiers.append(identifier) }
        }
    }

    // MARK: - Items

    /// Appends items to a section (the last one by default). Items already in
    /// the snapshot are moved into place, with Apple's warning.
    public mutating func appendItems(_ identifiers: [ItemID], toSection section: SectionID? = nil) {
        guard let target = section ?? sectionIdentifiers.last else {
            return setFault(.noSections)
        }
        guard let index = sectionIndex[target] else {
            return setFault(.sectionNotFound)
        }
        if enterNew(identifiers, into: target) {
            items[index].append(contentsOf: identifiers)
            return
        }
        guard uniqueItems(identifiers) else { return }
        removeExisting(identifiers)
        for item in identifiers { itemSection[item] = target }
        items[index].append(contentsOf: identifiers)
    }

    /// The common case of appending or inserting, in one hashing pass: enters
    /// each identifier into the item-to-section table, and returns true when
    /// none was there before nor repeated. Otherwise it leaves the table as it
    /// found it and returns false, for the checked path (Apple's fault or
    /// warning).
    ///
    /// - Complexity: O(k) expected for `k` identifiers: one hash each.
    private mutating func enterNew(_ identifiers: [ItemID], into section: SectionID) -> Bool {
        itemSection.reserveCapacity(itemSection.count + identifiers.count)
        for (entered, item) in identifiers.enumerated() {
            guard let previous = itemSection.updateValue(section, forKey: item) else { continue }
            // Already there (before, or earlier in this list): put it back, then take out what was entered.
            itemSection[item] = previous
            for earlier in identifiers[..<entered] { itemSection[earlier] = nil }
            return false
        }
        return true
    }

    public mutating func insertItems(_ identifiers: [ItemID], beforeItem reference: ItemID) {
        insertItems(identifiers, at: reference, offset: 0)
    }

    public mutating func insertItems(_ identifiers: [ItemID], afterItem reference: ItemID) {
        insertItems(identifiers, at: reference, offset: 1)
    }

    private mutating func insertItems(_ identifiers: [ItemID], at reference: ItemID, offset: Int) {
        guard uniqueItems(identifiers) else { return }
        guard itemSection[reference] != nil, !identifiers.contains(reference) else {
            // UIKit finds no section for the reference item: the same assertion as an unknown section.
            return setFault(.sectionNotFound)
        }
        removeExisting(identifiers)
        guard let section = itemSection[reference], let sectionIndex = sectionIndex[section],
              let position = items[sectionIndex].firstIndex(of: reference) else { return }
        items[sectionIndex].insert(contentsOf: identifiers, at: position + offset)
        for item in identifiers { itemSection[item] = section }
    }

    /// Deletes items; identifiers not in the snapshot are ignored.
    public mutating func deleteItems(_ identifiers: [ItemID]) {
        var bySection: [Int: Set<ItemID>] = [:]
        for item in identifiers {
            guard let section = itemSection.removeValue(forKey: item), let index = sectionIndex[section] else { continue }
            bySection[index, default: []].insert(item)
        }
        for (index, doomed) in bySection { items[index].removeAll { doomed.contains($0) } }
    }

    public mutating func deleteAllItems() {
        self = Snapshot()
    }

    public mutating func moveItem(_ identifier: ItemID, beforeItem reference: ItemID) {
        moveItem(identifier, to: reference, offset: 0)
    }

    public mutating func moveItem(_ identifier: ItemID, afterItem reference: ItemID) {
        moveItem(identifier, to: reference, offset: 1)
    }

    private mutating func moveItem(_ identifier: ItemID, to reference: ItemID, offset: Int) {
        guard itemSection[identifier] != nil, itemSection[reference] != nil else {
            return setFault(.unknownItemInMove(String(describing: identifier), reference: String(describing: reference)))
        }
        guard identifier != reference else { return }
        deleteItems([identifier])
        insertItems([identifier], at: reference, offset: offset)
    }

    /// Marks items to be reloaded (a new cell) when the snapshot is applied.
    public mutating func reloadItems(_ identifiers: [ItemID]) {
        reloadedItemIdentifiers = mark(identifiers, onto: reloadedItemIdentifiers, as: .reload)
    }

    /// Marks items to be reconfigured (the same cell) when the snapshot is applied.
    public mutating func reconfigureItems(_ identifiers: [ItemID]) {
        reconfiguredItemIdentifiers = mark(identifiers, onto: reconfiguredItemIdentifiers, as: .reconfigure)
    }

    /// Forgets reload and reconfigure marks (a snapshot taken from a data source has none).
    mutating func clearMarks() {
        reloadedItemIdentifiers = []
        reconfiguredItemIdentifiers = []
        reloadedSectionIdentifiers = []
    }

    // MARK: - Helpers

    /// Adds identifiers to a mark list once each.
    ///
    /// - Complexity: O(m + k) for `m` marked and `k` new identifiers.
    private mutating func mark(_ identifiers: [ItemID], onto marked: [ItemID], as mark: SnapshotFault.Mark) -> [ItemID] {
        var list = marked
        list.reserveCapacity(marked.count + identifiers.count)
        var seen = IdentifierMap<ItemID, Bool>(minimumCapacity: marked.count + identifiers.count)
        for item in marked { seen[item] = true }
        for item in identifiers {
            guard itemSection[item] != nil else {
                setFault(.markedItemNotFound(mark, item: String(describing: item)))
                return list
            }
            if seen.updateValue(true, forKey: item) == nil { list.append(item) }
        }
        return list
    }

    private mutating func removeExisting(_ identifiers: [ItemID]) {
        let existing = identifiers.filter { itemSection[$0] != nil }
        guard !existing.isEmpty else { return }
        warnings.append(DiffableMessages.alreadyExistsWarning(existing.map { String(describing: $0) }))
        deleteItems(existing)
    }

    private mutating func uniqueItems(_ identifiers: [ItemID]) -> Bool {
        let duplicates = Self.duplicates(in: identifiers)
        guard duplicates.isEmpty else {
            setFault(.duplicateIdentifiers(.item, duplicates))
            return false
        }
        return true
    }

    private mutating func uniqueSections(_ identifiers: [SectionID]) -> Bool {
        let duplicates = Self.duplicates(in: identifiers + identifiers.filter { sectionIndex[$0] != nil })
        guard duplicates.isEmpty else {
            setFault(.duplicateIdentifiers(.section, duplicates))
            return false
        }
        return true
    }

    /// The repeated values, each once, in order of first appearance.
    private static func duplicates<T: Hashable>(in values: [T]) -> [String] {
        var seen = Set<T>()
        var reported = Set<T>()
        var repeated: [String] = []
        for value in values where !seen.insert(value).inserted && reported.insert(value).inserted {
            repeated.append(String(describing: value))
        }
        return repeated
    }

    private mutating func setFault(_ new: SnapshotFault) {
        if fault == nil { fault = new }
    }

    private mutating func reindexSections() {
        sectionIndex = [:]
        for (index, section) in sectionIdentifiers.enumerated() { sectionIndex[section] = index }
    }
}

/// The diffable data source's messages, in UIKit's words.
public enum DiffableMessages {
    /// UIKit's fatal message for duplicate identifiers, the duplicates printed
    /// as the `NSOrderedSet` it formats them from:
    /// `Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    7\n)}`
    /// (the format string of iOS 26.1's `_UIDiffableDataSourceUpdate.m`; quoted
    /// in public crash reports in this shape).
    public static func notUniqueMessage(kind: IdentifierKind, _ duplicates: [String]) -> String {
        "Fatal: supplied \(kind.rawValue) identifiers are not unique. Duplicate identifiers: {(\n"
            + duplicates.map { "    \($0)" }.joined(separator: ",\n") + "\n)}"
    }

    /// UIKit's console message when appended or inserted items are already in
    /// the snapshot (`BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS`;
    /// its format string, singular and plural, with a quoted instance).
    public static func alreadyExistsWarning(_ identifiers: [String]) -> String {
        let one = identifiers.count == 1
        let those = one ? "identifier that already exists" : "identifiers that already exist"
        let listed = one ? identifiers[0] : "(\n" + identifiers.map { "    \($0)" }.joined(separator: ",\n") + "\n)"
        return "Diffable data source detected an attempt to insert or append \(identifiers.count) item \(those) in the "
            + "snapshot. The existing item \(one ? "identifier" : "identifiers") will be moved into place instead, but "
            + "this operation will be more expensive. For best performance, inserted item identifiers should always be "
            + "unique. Set a symbolic breakpoint on BUG_IN_CLIENT_OF_DIFFABLE_DATA_SOURCE__IDENTIFIER_ALREADY_EXISTS to "
            + "catch this in the debugger. Item \(those): \(listed)"
    }
}

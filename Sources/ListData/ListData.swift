/// The data vocabulary shared by scenarios, strategies and the runner:
/// items with stable identifiers and content versions, sections, and changes.

/// What a list row shows: a post of the feed, or one row kind of the detail page.
public enum ItemKind: String, Sendable, Equatable, Hashable, CaseIterable {
    case post
    case topImage, name, buttons, addToList, redirect, calendar, catchCopy, menu, photoStrip
    case courseHeader, course, courseMore, newsHeader, news, newsMore, otherReports
    case reportHeader, report, noReports, reportsMore, staff, recommended, edit, history
}

/// One item of generated data: a stable unique identifier, a content version
/// (bumped when its content changes), and the shape its cells are built from.
///
/// 32 bytes: `textLength` is kept in 32 bits and `photos` and
/// `commentPreviews` in 16 (a scenario's limits are far inside them:
/// 100,000 and 50; docs/scenario-format.md, "A feed"). Each store
/// of a list holds every item (sharing them until it changes), so a million
/// items take up to 32 MB a store, besides the tree, instead of the 64 MB
/// they took with every count an `Int`.
///
/// - Caveat: `textLength` must fit in 32 bits and `photos` and
///   `commentPreviews` in 16 (``textLengths``, ``counts``): a value outside
///   stops the program with a message naming the field, as a misuse of an
///   API (only code can make one: decoding a scenario file enforces its
///   limits, and decoding an item or an update, ``init(from:)``, throws).
///   Printed, an item shows these fields as before (``customMirror``).
public struct Item: Equatable, Hashable, Sendable {
    public var id: Int
    public var version: Int
    private var storedTextLength: Int32
    private var storedPhotos: Int16
    private var storedCommentPreviews: Int16
    /// The item's kind in its scenario's kinds (``KindSet``, `data.kinds`),
    /// plus one; 0 for built-in data, whose kind is ``kind``. Two bytes in
    /// padding the struct has anyway (without it, 28 bytes round to 32).
    public var design: UInt16
    public var kind: ItemKind
    /// Whether the post has a link card.
    public var linkCard: Bool
    /// Whether the post has a video.
    public var video: Bool
    /// Whether the post has a reactions bar.
    public var reactions: Bool

    /// The text lengths an item can hold.
    public static let textLengths = Int(Int32.min)...Int(Int32.max)
    /// The photo and comment-preview counts an item can hold.
    public static let counts = Int(Int16.min)...Int(Int16.max)

    /// Characters of text.
    public var textLength: Int {
        get { Int(storedTextLength) }
        set { storedTextLength = Self.narrow(newValue, "textLength") }
    }

    /// Photos.
    public var photos: Int {
        get { Int(storedPhotos) }
        set { storedPhotos = Self.narrow(newValue, "photos") }
    }

    /// Comment previews.
    public var commentPreviews: Int {
        get { Int(storedCommentPreviews) }
        set { storedCommentPreviews = Self.narrow(newValue, "commentPreviews") }
    }

    public init(
        id: Int, version: Int = 0, kind: ItemKind = .post, textLength: Int = 0, photos: Int = 0,
        linkCard: Bool = false, video: Bool = false, commentPreviews: Int = 0, reactions: Bool = false, design: UInt16 = 0
    ) {
        self.id = id
        self.version = version
        self.kind = kind
        self.design = design
        storedTextLength = Self.narrow(textLength, "textLength")
        storedPhotos = Self.narrow(photos, "photos")
        self.linkCard = linkCard
        self.video = video
        storedCommentPreviews = Self.narrow(commentPreviews, "commentPreviews")
        self.reactions = reactions
    }

    /// `value` in the field's own width; a value that does not fit stops
    /// the program naming the field (`fatalError`, whose message an
    /// optimised build keeps, where `precondition`'s is dropped).
    @inline(__always)
    private static func narrow<Narrow: FixedWidthInteger>(_ value: Int, _ field: StaticString) -> Narrow {
        guard let narrow = Narrow(exactly: value) else {
            fatalError("Item.\(field) \(value) does not fit in \(Narrow.bitWidth) bits")
        }
        return narrow
    }

    /// An item of kind `index` of its scenario's kinds (``KindSet``): its
    /// values are drawn from the kind's design, so it holds none of its own.
    public init(id: Int, version: Int = 0, designIndex index: Int) {
        self.init(id: id, version: version, design: UInt16(clamping: index + 1))
    }

    /// The index of the item's kind in its scenario's kinds, or nil for built-in data.
    public var designIndex: Int? { design == 0 ? nil : Int(design) - 1 }
}

extension Item: CustomReflectable {
    /// The item's fields by their public names, in the order they were
    /// declared while every count was an `Int`: printed or dumped, an item
    /// reads as it did (its stored counts are private and narrower).
    public var customMirror: Mirror {
        Mirror(self, children: [
            "id": id, "version": version, "kind": kind, "design": design, "textLength": textLength, "photos": photos,
            "linkCard": linkCard, "video": video, "commentPreviews": commentPreviews, "reactions": reactions,
        ], displayStyle: .struct)
    }
}

/// A section of generated data.
///
/// Its items are a ``TreeList``: reading, inserting, removing or moving the
/// item at an index is O(log n), and a copy of a section shares its items
/// until one side changes them (then only the changed path is copied).
public struct DataSection: Equatable, Sendable {
    public var id: String
    public var items: TreeList<Item>

    public init(id: String, items: TreeList<Item>) {
        self.id = id
        self.items = items
    }

    /// A section of the sequence's items, in order.
    ///
    /// - Complexity: O(n).
    public init<S: Sequence>(id: String, items: S) where S.Element == Item {
        self.init(id: id, items: TreeList(items))
    }
}

/// A change of the world's data, resolved to concrete items and positions.
///
/// Positions are those of a model that applied every earlier change in
/// order, so such a model finds the item at `index` without searching.
public enum DataChange: Equatable, Sendable {
    /// A new item at an index of a section.
    case insert(section: Int, index: Int, item: Item)
    /// The item disappears from its position.
    case delete(id: Int, section: Int, index: Int)
    /// The item leaves its position and goes to an index of a section (counted after its removal).
    case move(id: Int, fromSection: Int, fromIndex: Int, section: Int, index: Int)
    /// The item's content changes: its new version and text length.
    case update(id: Int, section: Int, index: Int, version: Int, textLength: Int)
    /// A whole new state of the data (the detail page's `newState`).
    case state([DataSection])
    /// A page of items arrived: appended to the end of a section.
    case append(section: Int, items: [Item])
    /// A page of items arrived at the top: put before the first item of a
    /// section, in their order (a chat's older messages).
    case prepend(section: Int, items: [Item])
}

/// Data as an app or the world holds it: sections of items, changed by
/// ``DataChange``s applied in order, with each item's current version at
/// hand when the store is made to keep them (``keepsVersions``; by default
/// it keeps none).
///
/// Two stores made from the same sections (the world's and an app's) share
/// their items until they diverge; each change then costs O(log n) in the
/// store it is applied to.
///
/// Equality compares ``keepsVersions`` too: two stores of the same sections,
/// one keeping versions and one not, are not equal.
public struct DataStore: Equatable, Sendable {
    public private(set) var sections: [DataSection]
    /// The versions, when kept (``versions``).
    private var versionIndex = IntMap<Int>()
    /// Whether ``versions`` is kept. Only the runner's truth asks for them:
    /// coverage reads an item's version by its identifier. A strategy's own
    /// copy of its data, and the server's, are read by position (and
    /// ``position(of:)``, which searches without them), so the default is
    /// none: the index is a host cost (an entry per item, updated on every
    /// change), no modeled one.
    public let keepsVersions: Bool

    /// The current version of every item present (an ``IntMap``, entered
    /// item by item). Read only on a store made with `keepsVersions: true`:
    /// on another it stops the program with a message saying so (a misuse
    /// of the API, as an index out of range is; `fatalError`, whose message
    /// an optimised build keeps), never an empty map that would read as
    /// every item gone.
    public var versions: IntMap<Int> {
        guard keepsVersions else { fatalError("DataStore.versions: this store was made with keepsVersions: false and keeps none") }
        return versionIndex
    }

    /// - Complexity: O(n) with ``keepsVersions``; O(1) without.
    public init(_ sections: [DataSection] = [], keepsVersions: Bool = false) {
        self.sections = sections
        self.keepsVersions = keepsVersions
        guard keepsVersions else { return }
        versionIndex.reserveCapacity(sections.reduce(0) { $0 + $1.items.count })
        for section in sections { for item in section.items { versionIndex[item.id] = item.version } }
    }

    /// The number of items (identifiers are unique in a store's data:
    /// scenario files refuse duplicates, so counting identifiers and
    /// counting rows agree).
    ///
    /// - Complexity: O(1) with ``keepsVersions``; O(sections) without.
    public var itemCount: Int { keepsVersions ? versionIndex.count : sections.reduce(0) { $0 + $1.items.count } }

    /// Applies one change, or throws without changing anything when the
    /// change cannot be placed: its section does not exist, its item is not
    /// in the data (not at its hinted position, nor anywhere else), or its
    /// index is past the end of the section.
    ///
    /// A change whose position hint is stale but whose item is present is
    /// placed where the item is (see ``locate(_:_:_:)``): that is not an error.
    ///
    /// - Throws: ``DataChangeError`` naming the change and what was wrong.
    /// - Complexity: O(log n) when the change's position hint is right (the
    ///   item is where a model that applied every earlier change has it);
    ///   O(n) to search for an item whose hint is stale; O(n) for a new state,
    ///   O(k log n) for an append or a prepend of `k` items.
    /// - Caveat: an `.update` whose text length does not fit an item (32
    ///   bits, ``Item/textLengths``) stops the program (``Item``); decoded
    ///   changes are checked when decoded.
    public mutating func apply(_ change: DataChange) throws(DataChangeError) {
        switch change {
        case let .insert(section, index, item):
            let count = try self.count(of: section, change)
            try Self.check(index, atMost: count, change)
            sections[section].items.insert(item, at: index)
            if keepsVersions { versionIndex[item.id] = item.version }
        case let .delete(id, section, index):
            let position = try find(id, section, index, change)
            sections[position.section].items.remove(at: position.index)
            if keepsVersions { versionIndex[id] = nil }
        case let .move(id, fromSection, fromIndex, section, index):
            let position = try find(id, fromSection, fromIndex, change)
            let count = try self.count(of: section, change)
            // The index counts after the item's removal.
            let countAfterRemoval = position.section == section ? count - 1 : count
            try Self.check(index, atMost: countAfterRemoval, change)
            if position.section == section {
                sections[section].items.move(from: position.index, to: index)
            } else {
                let item = sections[position.section].items.remove(at: position.index)
                sections[section].items.insert(item, at: index)
            }
        case let .update(id, section, index, version, textLength):
            let position = try find(id, section, index, change)
            var item = sections[position.section].items[position.index]
            item.version = version
            item.textLength = textLength
            sections[position.section].items[position.index] = item
            if keepsVersions { versionIndex[id] = version }
        case .state(let new):
            self = DataStore(new, keepsVersions: keepsVersions)
        case let .append(section, items):
            _ = try count(of: section, change)
            sections[section].items.append(contentsOf: items)
            if keepsVersions { for item in items { versionIndex[item.id] = item.version } }
        case let .prepend(section, items):
            _ = try count(of: section, change)
            for (index, item) in items.enumerated() {
                sections[section].items.insert(item, at: index)
                if keepsVersions { versionIndex[item.id] = item.version }
            }
        }
    }

    /// The item count of section `section`, or an error naming `change` when there is no such section.
    private func count(of section: Int, _ change: DataChange) throws(DataChangeError) -> Int {
        guard sections.indices.contains(section) else {
            throw DataChangeError(change: change, problem: .noSuchSection(section: section, sections: sections.count))
        }
        return sections[section].items.count
    }

    /// Throws unless `index` is in `0...count`.
    private static func check(_ index: Int, atMost count: Int, _ change: DataChange) throws(DataChangeError) {
        guard index >= 0 else { throw DataChangeError(change: change, problem: .negativeIndex(index: index)) }
        guard index <= count else { throw DataChangeError(change: change, problem: .indexPastEnd(index: index, count: count)) }
    }

    /// ``locate(_:_:_:)``, or an error naming `change` when the item is nowhere.
    private func find(_ id: Int, _ section: Int, _ index: Int, _ change: DataChange) throws(DataChangeError) -> (section: Int, index: Int) {
        guard let position = locate(id, section, index) else {
            throw DataChangeError(change: change, problem: .itemNotFound(id: id))
        }
        return position
    }

    /// Where the item with identifier `id` is, or nil when the data does not have it.
    ///
    /// - Complexity: O(n): a search, section by section (O(1) for an item
    ///   not in the data, with ``keepsVersions``).
    public func position(of id: Int) -> (section: Int, index: Int)? {
        guard !keepsVersions || versionIndex[id] != nil else { return nil }
        for (s, section) in sections.enumerated() {
            if let i = section.items.firstIndex(where: { $0.id == id }) { return (s, i) }
        }
        return nil
    }

    /// Where an item is: at the hinted position, or found by a search if the hint is stale.
    ///
    /// - Complexity: O(log n) with a right hint, O(n) otherwise.
    func locate(_ id: Int, _ section: Int, _ index: Int) -> (section: Int, index: Int)? {
        if sections.indices.contains(section), sections[section].items.indices.contains(index),
           sections[section].items[index].id == id {
            return (section, index)
        }
        for (s, candidate) in sections.enumerated() {
            if let i = candidate.items.firstIndex(where: { $0.id == id }) { return (s, i) }
        }
        return nil
    }
}

/// Why ``DataStore/apply(_:)`` could not place a change. The store is unchanged.
public struct DataChangeError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What was wrong with the change.
    public enum Problem: Equatable, Sendable {
        /// The change names section `section`; the data has `sections` sections.
        case noSuchSection(section: Int, sections: Int)
        /// The change's item is not in the data.
        case itemNotFound(id: Int)
        /// The change's index is past the end: at most `count` is allowed there.
        case indexPastEnd(index: Int, count: Int)
        /// The change's index is below zero.
        case negativeIndex(index: Int)
    }

    /// The change that could not be placed.
    public var change: DataChange
    public var problem: Problem

    public init(change: DataChange, problem: Problem) {
        self.change = change
        self.problem = problem
    }

    public var description: String {
        let what: String
        switch problem {
        case let .noSuchSection(section, sections):
            what = "section \(section) does not exist (the data has \(sections) section\(sections == 1 ? "" : "s"))"
        case let .itemNotFound(id):
            what = "item \(id) is not in the data"
        case let .indexPastEnd(index, count):
            what = "index \(index) is past the end of its section (at most \(count) there)"
        case .negativeIndex(let index):
            what = "index \(index) is below zero"
        }
        return "cannot apply the data change \(Self.describe(change)): \(what)"
    }

    /// A short form of a change for messages (an append or a state without its items).
    static func describe(_ change: DataChange) -> String {
        switch change {
        case let .insert(section, index, item): return "insert of item \(item.id) at section \(section), index \(index)"
        case let .delete(id, section, index): return "delete of item \(id) at section \(section), index \(index)"
        case let .move(id, fromSection, fromIndex, section, index):
            return "move of item \(id) from section \(fromSection), index \(fromIndex) to section \(section), index \(index)"
        case let .update(id, section, index, version, _):
            return "update of item \(id) at section \(section), index \(index) to version \(version)"
        case .state(let sections): return "new state of \(sections.count) sections"
        case let .append(section, items): return "append of \(items.count) items to section \(section)"
        case let .prepend(section, items): return "prepend of \(items.count) items to section \(section)"
        }
    }
}

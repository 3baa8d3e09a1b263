/// The kinds a list's items come in, each with its cell design
/// (``KindDesign``), and where an item's values come from.
///
/// A scenario's own kinds (`data.kinds`) make a set whose items name their
/// kind (``Item/design``) and draw their values from the design, seeded by
/// the item. The built-in data has no kinds of its own: each strategy shows
/// it with the cells its write-up shipped, ``feed`` (one post cell, for the
/// feed strategies) or ``restaurantDetail`` (one nib cell per row kind, for
/// seed #1's), which read an item's values from its fields.
///
/// Memory: a set is held once (by the scenario and the app); an item holds
/// only its kind's index (two bytes, in padding ``Item`` has anyway), so a
/// million designed items cost no more than a million posts.
public struct KindSet: Equatable, Sendable {
    /// Where an item finds its kind and its values.
    public enum Source: Equatable, Sendable {
        /// Built-in data: the kind follows ``Item/kind`` (a set of one kind
        /// takes every item), the values the items' fields (``DesignValue/field``).
        case itemFields
        /// A scenario's kinds: the kind is ``Item/design``, each value drawn
        /// from its distribution by a generator seeded with this seed, the
        /// item's id and version, and the value's place in the design.
        case drawn(seed: UInt64)
    }

    /// The set's name: `feed`, `restaurant-detail`, or `scenario` for a scenario's own.
    public var name: String
    public var kinds: [KindDesign] {
        didSet { flatKinds = Self.flatten(kinds) }
    }
    public var source: Source
    /// ``kinds`` as plain numbers (``FlatKind``), kept with them.
    public private(set) var flatKinds: [FlatKind]

    public init(name: String, kinds: [KindDesign], source: Source) {
        self.name = name
        self.kinds = kinds
        self.source = source
        flatKinds = Self.flatten(kinds)
    }

    /// Sets are equal when their names, kinds and sources are (the flat
    /// form follows from the kinds).
    public static func == (lhs: KindSet, rhs: KindSet) -> Bool {
        lhs.name == rhs.name && lhs.kinds == rhs.kinds && lhs.source == rhs.source
    }

    /// The most kinds a set holds (an item keeps its kind's index in 16 bits).
    public static let maximumKinds = 1_000

    /// The index of the item's kind in ``kinds``.
    ///
    /// - Complexity: O(1).
    public func kindIndex(of item: Item) -> Int {
        let index: Int
        switch source {
        case .itemFields: index = kinds.count == 1 ? 0 : item.kind.ordinal
        case .drawn: index = item.designIndex ?? 0
        }
        return min(max(0, index), kinds.count - 1)
    }

    /// The item's kind.
    ///
    /// - Complexity: O(1).
    public func kind(of item: Item) -> KindDesign { kinds[kindIndex(of: item)] }

    /// The name of the item's kind (``kind(of:)``'s `name`, without copying
    /// the rest of its design): a cell's reuse identifier, asked for every row.
    ///
    /// - Complexity: O(1).
    public func name(of item: Item) -> String { kinds[kindIndex(of: item)].name }

    /// The value an item has for one value of its design; `slot` is the
    /// value's place in the design (``KindDesign/slots(ofPart:)``'s order),
    /// which seeds its draw, so each value is drawn on its own and the same
    /// item always has the same values (a new version draws them anew).
    ///
    /// - Complexity: O(1) (O(w) for `w` weights).
    public func value(_ value: DesignValue, slot: Int, of item: Item) -> Int {
        if case .weights(let weights) = value.distribution {
            return draw(FlatValue(value, weightsAt: 0), slot: slot, of: item, weights: weights)
        }
        return draw(FlatValue(value, weightsAt: 0), slot: slot, of: item, weights: [])
    }
}

extension ItemKind {
    /// The kind's place in ``allCases`` (the order of the declaration; a
    /// test checks the two agree for every kind).
    ///
    /// - Complexity: O(1): a switch, where a search of ``allCases`` would
    ///   build that array on every call (this is asked for every row bound).
    public var ordinal: Int {
        switch self {
        case .post: 0
        case .topImage: 1
        case .name: 2
        case .buttons: 3
        case .addToList: 4
        case .redirect: 5
        case .calendar: 6
        case .catchCopy: 7
        case .menu: 8
        case .photoStrip: 9
        case .courseHeader: 10
        case .course: 11
        case .courseMore: 12
        case .newsHeader: 13
        case .news: 14
        case .newsMore: 15
        case .otherReports: 16
        case .reportHeader: 17
        case .report: 18
        case .noReports: 19
        case .reportsMore: 20
        case .staff: 21
        case .recommended: 22
        case .edit: 23
        case .history: 24
        }
    }
}

extension KindDesign {
    /// Every value of the design in a fixed order (each part's count, then
    /// its texts' lengths, then its image count), with its slot: the order
    /// that seeds an item's draws (``KindSet/value(_:slot:of:)``).
    ///
    /// - Complexity: O(parts + texts).
    public func slots(ofPart part: Int) -> (count: Int, texts: Int, images: Int) {
        var slot = 0
        for index in 0..<part { slot += 2 + parts[index].texts.count }
        return (slot, slot + 1, slot + 1 + parts[part].texts.count)
    }
}

import ListData

/// `row-ids`' row identifiers: a feed row is `post(i)` of its section, its
/// identifier its position (``RowIDsStrategy/rowID(_:section:index:)``);
/// every other row carries its item's own identifier (`report(3)`).
///
/// The two tables below answer what the strategy's published model answers
/// with a dictionary of every row: the kind each identifier was first seen
/// with, and the item behind each identifier of the last applied state.
/// They give the same answers as those dictionaries, identifier for
/// identifier (the other rows' identifiers may be anything, a post's
/// included), without hashing a post row: a million-row edit used to insert
/// every row into both.
enum RowIDPositions {
    /// A post row's identifier is `-(section × stride + index + 1)`.
    static let sectionStride = 10_000_000

    /// The identifier of the post row at `index` of `section`.
    static func postID(section: Int, index: Int) -> Int { -(section * sectionStride + index + 1) }

    /// The (section, index) a post row identifier names, if `id` has a post's
    /// form (whether a post is there is the caller's question).
    ///
    /// - Complexity: O(1).
    static func position(ofPostID id: Int) -> (section: Int, index: Int)? {
        guard id < 0 else { return nil }
        let flat = ~id  // −id − 1, without overflow at Int.min
        return (flat / sectionStride, flat % sectionStride)
    }

    /// A row's position as one integer that orders as the rows do (section, then index).
    static func packed(section: Int, index: Int) -> Int { section << 32 | index }
    static func unpacked(_ packed: Int) -> (section: Int, index: Int) { (packed >> 32, packed & 0xFFFF_FFFF) }
}

/// The kind each row identifier was first seen with (an identifier names
/// its kind for good). Post rows are flags by position; the other rows' kinds
/// a map. The answer is the first sighting's kind, whichever row it was.
///
/// - Complexity: O(1) a sighting (amortized) and a look-up.
/// - Memory: a byte per post position ever seen, plus the other rows' map.
struct RowIDKinds {
    /// Identifiers first seen on a row that is not a post.
    private var others = IntMap<ItemKind>()
    /// Each section's post positions seen so far (by section index).
    private var postsSeen: [[Bool]] = []

    /// A post row seen at `index` of section `section`.
    mutating func sawPost(section: Int, index: Int) {
        while postsSeen.count <= section { postsSeen.append([]) }
        if index >= postsSeen[section].count {
            postsSeen[section].append(contentsOf: repeatElement(false, count: index + 1 - postsSeen[section].count))
        }
        postsSeen[section][index] = true
    }

    /// A row that is not a post seen with identifier `id`: its kind counts if the identifier is new.
    mutating func saw(_ id: Int, kind: ItemKind) {
        guard others[id] == nil, !postSeen(id) else { return }
        others[id] = kind
    }

    private func postSeen(_ id: Int) -> Bool {
        guard let (section, index) = RowIDPositions.position(ofPostID: id), section < postsSeen.count,
              index < postsSeen[section].count else { return false }
        return postsSeen[section][index]
    }

    /// The kind the identifier was first seen with; nil if never seen.
    subscript(id: Int) -> ItemKind? { others[id] ?? (postSeen(id) ? .post : nil) }
}

/// The item behind each row identifier of one state: the state's sections
/// themselves (a post row is found at its position) and the other rows'
/// positions by identifier. Where a post and another row share an
/// identifier, the later row in the state answers, as the last write to a
/// dictionary of every row would.
///
/// - Complexity: built in O(r) for `r` rows that are not posts (plus O(1)
///   for the sections, a tree list shared copy-on-write by node); a look-up
///   is O(log n) (a tree list's subscript).
struct RowIDItems {
    private var sections: [DataSection] = []
    /// The last position of each identifier of a row that is not a post (``RowIDPositions/packed(section:index:)``).
    private var others = IntMap<Int>()
    /// The number of distinct identifiers: what a dictionary of every row would count.
    private(set) var count = 0

    init() {}

    /// - Parameters:
    ///   - others: the identifiers of the rows that are not posts, each at its last position.
    ///   - postRows: the number of post rows in `sections`.
    private init(sections: [DataSection], others: IntMap<Int>, postRows: Int) {
        self.sections = sections
        self.others = others
        var shared = 0
        for id in others.keys where postPosition(of: id) != nil { shared += 1 }
        count = postRows + others.count - shared
    }

    /// The packed position of the post row `id` names, if a post is there.
    private func postPosition(of id: Int) -> Int? {
        guard let (section, index) = RowIDPositions.position(ofPostID: id), section < sections.count,
              index < sections[section].items.count, sections[section].items[index].kind == .post else { return nil }
        return RowIDPositions.packed(section: section, index: index)
    }

    /// Builds one state's table row by row, in the state's order, noting
    /// each row's kind in the kinds seen as it goes.
    struct Builder {
        private var others = IntMap<Int>()
        private var postRows = 0

        init() {}

        /// Takes the row at `index` of section `section` and returns its identifier.
        ///
        /// - Complexity: O(1) amortized.
        mutating func add(_ item: Item, section: Int, index: Int, kinds: inout RowIDKinds) -> Int {
            let id = RowIDsStrategy.rowID(item, section: section, index: index)
            if item.kind == .post {
                postRows += 1
                kinds.sawPost(section: section, index: index)
            } else {
                others[id] = RowIDPositions.packed(section: section, index: index)
                kinds.saw(id, kind: item.kind)
            }
            return id
        }

        /// The table of the state whose rows were added, all of them, in order.
        func build(_ sections: [DataSection]) -> RowIDItems { RowIDItems(sections: sections, others: others, postRows: postRows) }
    }

    subscript(id: Int) -> Item? {
        let post = postPosition(of: id)
        let other = others[id]
        guard let position = post.map({ max($0, other ?? $0) }) ?? other else { return nil }
        let (section, index) = RowIDPositions.unpacked(position)
        return sections[section].items[index]
    }
}

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
public struct Item: Equatable, Hashable, Sendable {
    public var id: Int
    public var version: Int
    public var kind: ItemKind
    /// Characters of text, photos, a link card, a video, comment previews, a reactions bar.
    public var textLength: Int
    public var photos: Int
    public var linkCard: Bool
    public var video: Bool
    public var commentPreviews: Int
    public var reactions: Bool

    public init(
        id: Int, version: Int = 0, kind: ItemKind = .post, textLength: Int = 0, photos: Int = 0,
        linkCard: Bool = false, video: Bool = false, commentPreviews: Int = 0, reactions: Bool = false
    ) {
        self.id = id
        self.version = version
        self.kind = kind
        self.textLength = textLength
        self.photos = photos
        self.linkCard = linkCard
        self.video = video
        self.commentPreviews = commentPreviews
        self.reactions = reactions
    }
}

/// A section of generated data.
public struct DataSection: Equatable, Sendable {
    public var id: String
    public var items: [Item]

    public init(id: String, items: [Item]) {
        self.id = id
        self.items = items
    }
}

/// A change of the world's data, resolved to concrete items and positions.
public enum DataChange: Equatable, Sendable {
    /// A new item at an index of a section.
    case insert(section: Int, index: Int, item: Item)
    /// The item with this identifier disappears.
    case delete(id: Int)
    /// The item moves to an index of a section (counted after its removal).
    case move(id: Int, section: Int, index: Int)
    /// The item's content changes: its new version and text length.
    case update(id: Int, version: Int, textLength: Int)
    /// A whole new state of the data (the detail page's `newState`).
    case state([DataSection])
    /// A page of items arrived: appended to the end of a section.
    case append(section: Int, items: [Item])
}


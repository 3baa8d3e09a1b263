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
}

/// A change at a time of the world's clock, in milliseconds from the start.
public struct TimedChange: Equatable, Sendable {
    public var atMs: Double
    public var change: DataChange
}

/// A user step with repeats expanded.
public enum UserStep: Equatable, Sendable {
    case wait(ms: Double)
    case scroll(to: ScrollTarget, pace: ScrollPace, untilAllLoaded: Bool)
    case flick(velocity: Double, deceleration: Double)
    case scrollToTop
}

/// A scenario turned into data and events: the same file always gives the
/// same value, whatever strategy will run it.
public struct GeneratedScenario: Equatable, Sendable {
    public var scenario: Scenario
    /// The device to run on: the command line's, else the file's, else the default.
    public var device: String
    /// The server's data at the start. With paging, the app receives it page
    /// by page; otherwise all of it is the initial load.
    public var sections: [DataSection]
    /// The world's changes, in time order.
    public var changes: [TimedChange]
    /// The user's steps, in order.
    public var steps: [UserStep]
    /// The latency of each page's response, in milliseconds (empty without paging).
    public var pageLatenciesMs: [Double]

    /// All items at the start.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

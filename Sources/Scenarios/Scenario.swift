import ListSimulator
import Foundation
import ListData
/// A scenario file, decoded and validated (format version 1 or 2).
///
/// The format is documented field by field in `docs/scenario-format.md`.
/// Version 2 adds to version 1 (kinds and cell designs, bottom-anchored
/// lists, steps both ways); a version 1 file reads as it always did, and a
/// version 1 file that uses a version 2 key is refused, naming the key
/// (``versionTwoKeys``).
public struct Scenario: Equatable, Sendable {
    /// The newest format version this build reads.
    public static let formatVersion = 2
    /// Every format version this build reads.
    public static let readableVersions = 1...formatVersion

    /// The file's format version (1 or 2).
    public var version: Int = formatVersion

    public var name: String
    public var summary: String
    /// Which published comparison this scenario reproduces; nil when the
    /// file names none (`reproduces` is optional: a user's own scenario
    /// need not reproduce anything).
    public var reproduces: String?
    /// A device profile name; nil for the default device.
    public var device: String?
    public var seed: UInt64
    public var data: ScenarioData
    public var paging: Paging?
    public var world: [WorldEvent]
    public var steps: [Step]
    /// Where the list opens (`data.anchor`, version 2): at its top, as a
    /// feed does, or at its bottom, as a chat opens on its newest messages.
    public var anchor: ListEnd = .top
    /// The item kinds and their cell designs (`data.kinds`, version 2):
    /// empty for built-in data (posts, or the detail page's rows).
    public var kinds: [KindDesign] = []
    /// How the list lays out its items (`data.layout`, version 2): nil for
    /// a list (one item a row, the default); a grid of columns, which only
    /// a collection surface can show.
    public var grid: GridLayout? = nil
    /// The height of each section's header (`data.layout.headerHeight`,
    /// version 2), in points; 0 (the default): no headers.
    public var sectionHeaderHeight = 0.0
}

/// The kinds of `data.layout`.
enum LayoutKind: String, CaseIterable {
    case list
    case grid
}

/// An inclusive range of whole numbers drawn uniformly.
public struct IntRange: Equatable, Sendable {
    public var min: Int
    public var max: Int

    public init(min: Int, max: Int) {
        self.min = min
        self.max = max
    }
}

/// Distributions of a generated post's shape.
public struct PostShapeSpec: Equatable, Sendable {
    /// Characters of body text.
    public var textLength = IntRange(min: 20, max: 400)
    /// Photo count and relative weight, e.g. [(0, 5), (1, 3), (4, 1)].
    public var photos: [(count: Int, weight: Double)] = [(0, 5), (1, 3), (2, 1), (4, 1)]
    /// Probabilities (0…1) of a link card, a video, and a reactions bar.
    public var linkCard = 0.15
    public var video = 0.05
    public var reactions = 0.6
    /// Comment previews shown under the post.
    public var commentPreviews = IntRange(min: 0, max: 2)

    /// The default shape (the values above), to adjust field by field.
    public init() {}

    public static func == (lhs: PostShapeSpec, rhs: PostShapeSpec) -> Bool {
        lhs.textLength == rhs.textLength && lhs.photos.map(\.count) == rhs.photos.map(\.count)
            && lhs.photos.map(\.weight) == rhs.photos.map(\.weight) && lhs.linkCard == rhs.linkCard
            && lhs.video == rhs.video && lhs.reactions == rhs.reactions && lhs.commentPreviews == rhs.commentPreviews
    }
}

/// A post given explicitly in the file.
public struct ExplicitPost: Equatable, Sendable {
    public var id: Int
    public var textLength: Int
    public var photos: Int
    public var linkCard: Bool
    public var video: Bool
    public var commentPreviews: Int
    public var reactions: Bool
    /// With `data.kinds`: the item's kind (its index in ``Scenario/kinds``); its values come from the kind's design.
    public var kind: Int? = nil
}

/// A section of a feed: generated posts, explicit posts, or both (generated first).
public struct SectionSpec: Equatable, Sendable {
    public var id: String
    public var generate: Int
    public var items: [ExplicitPost]
    /// With `data.kinds`: the kinds its items are drawn from, by index in
    /// ``Scenario/kinds``, with weights; empty: every kind at its own weight.
    public var kinds: [DesignValue.Weighted] = []
}

/// The data a scenario starts from.
public enum ScenarioData: Equatable, Sendable {
    /// A feed of posts in sections.
    case feed(sections: [SectionSpec], shape: PostShapeSpec)
    /// The 17-section restaurant detail page of the reference (seed 1),
    /// built from a state; `state` events deliver new states.
    case restaurantDetail(initial: DetailState)
}

/// The restaurant detail page's state: which pieces have loaded, and counts.
/// A missing key means "not loaded yet".
///
/// Stored inline, one 32-bit lane per key of ``keys`` (64 bytes, no heap
/// allocation), so that a generated scenario can keep one per `state` event
/// (up to a million) without holding the page each one makes. A value is
/// kept clamped to `0...Int32.max`: decoding allows 0 … 1,000, and a count
/// past that range built in code would make a page no run could hold anyway.
public struct DetailState: Equatable, Hashable, Sendable {
    public static let keys = [
        "restaurant", "images", "redirect", "calendar", "catchCopy", "menu", "photos", "courses", "news",
        "otherReports", "reports", "reportsPageMax", "staff", "recommended", "edit", "history",
    ]

    /// Each key's value, in the order of ``keys``; ``missing`` where the key is not set.
    private var lanes = SIMD16<Int32>(repeating: Self.missing)
    private static let missing: Int32 = -1

    /// The lane of a key, or nil for a key that is not a state key.
    ///
    /// - Complexity: O(keys), 16 string comparisons at most.
    private static func lane(of key: String) -> Int? { keys.firstIndex(of: key) }

    /// Every key that is set, with its value. Setting it replaces every value;
    /// a key that is not a state key is left out (decoding rejects one).
    public var values: [String: Int] {
        get {
            var result: [String: Int] = [:]
            for (index, key) in Self.keys.enumerated() where lanes[index] != Self.missing { result[key] = Int(lanes[index]) }
            return result
        }
        set {
            lanes = SIMD16(repeating: Self.missing)
            for (key, value) in newValue {
                if let index = Self.lane(of: key) { lanes[index] = Int32(clamping: max(0, value)) }
            }
        }
    }

    public init(values: [String: Int] = [:]) { self.values = values }

    /// A key's value, or nil when it is not set (or is not a state key).
    ///
    /// - Complexity: O(keys).
    public subscript(key: String) -> Int? {
        guard let index = Self.lane(of: key), lanes[index] != Self.missing else { return nil }
        return Int(lanes[index])
    }

    /// The value of the key at `lane` in ``keys``, or nil when it is not set.
    ///
    /// - Complexity: O(1).
    func value(lane: Int) -> Int? {
        let value = lanes[lane]
        return value == Self.missing ? nil : Int(value)
    }

    /// This state with another's keys laid over it.
    ///
    /// - Complexity: O(1): 16 lanes.
    public func merging(_ patch: DetailState) -> DetailState {
        var merged = self
        for lane in 0..<Self.keys.count where patch.lanes[lane] != Self.missing { merged.lanes[lane] = patch.lanes[lane] }
        return merged
    }

    /// The value of every key in the order of ``keys``, nil where unset (the binary form).
    var laneValues: [Int?] { (0..<Self.keys.count).map { lanes[$0] == Self.missing ? nil : Int(lanes[$0]) } }

    /// A state from ``laneValues``.
    init(laneValues: [Int?]) {
        for (index, value) in laneValues.prefix(Self.keys.count).enumerated() {
            if let value { lanes[index] = Int32(clamping: max(0, value)) }
        }
    }
}

/// How data arrives page by page.
public struct Paging: Equatable, Sendable {
    /// Items per page.
    public var pageSize: Int
    /// Modeled network latency of a page response, plus a seeded jitter of up to `jitterMs`.
    public var latencyMs: Double
    public var jitterMs: Double
    /// With ``PagingTrigger/screens``: the next page is requested when the
    /// viewport is within this many screens of the end.
    public var triggerScreens: Double
    /// What requests the next page.
    public var trigger: PagingTrigger = .screens
    /// Where each next page goes (`paging.at`, version 2): at the bottom
    /// (the first page is the data's first rows, each next page appends the
    /// rows after), or at the top (the first page is the data's last rows,
    /// each next page prepends the rows before: a chat loading older
    /// messages). Pages at the top need a bottom-anchored list.
    public var at: ListEnd = .bottom
}

/// What requests the next page.
public enum PagingTrigger: String, CaseIterable, Equatable, Sendable {
    /// The viewport comes within ``Paging/triggerScreens`` screens of the
    /// end of the loaded content (a batch-fetching table, an infinite scroll).
    case screens
    /// The list's last row will display: it comes on screen, and it is not
    /// the last row that requested the page before, as an app that appends
    /// in `tableNode(_:willDisplayRowWith:)` when the row is its last one
    /// (seed #5's sample).
    case lastRowWillDisplay
}

/// What a data change does.
public enum ChangeOperation: String, CaseIterable, Sendable {
    case insert, delete, move, update
}

/// Where a change acts: the first or last item, a seeded-random one, or an index.
public enum ChangePosition: Equatable, Sendable {
    case top, bottom, random
    case index(Int)
}

/// An event of the world's clock: data changing when the server says so.
public struct WorldEvent: Equatable, Sendable {
    public var atMs: Double
    public var kind: Kind

    public indirect enum Kind: Equatable, Sendable {
        /// `count` changes of one operation at once.
        case change(ChangeOperation, count: Int, at: ChangePosition, section: String?)
        /// `changes` changes every `everyMs` for `forMs`, operations drawn by
        /// weight, each acting at `at`: nil is the version 1 burst, a seeded
        /// random item for each change (as ``ChangePosition/random``); a
        /// position is version 2's `at`.
        case burst(everyMs: Double, forMs: Double, changes: Int, weights: [ChangeOperation: Double], section: String?,
                   at: ChangePosition? = nil)
        /// A new state for the detail page (merged over the previous one).
        case state(DetailState)
        /// The events `times` times, each repetition `everyMs` after the previous.
        case repetition(times: Int, everyMs: Double, events: [WorldEvent])
    }
}

/// How long the user repeats a flick or a page-down.
public enum RepeatGoal: UInt8, Equatable, Sendable {
    /// Once.
    case once
    /// Until every page has arrived and the last row is shown (`untilAllLoaded`).
    case allLoaded
    /// As `allLoaded`, then, while some post the user passed (or jumped over)
    /// was never shown, back to the first such post and on down from there,
    /// until every post has been shown (`untilEveryPostShown`): seed #4's
    /// "scroll until every post was fetched and displayed".
    case everyPostShown
}

/// Where a scroll goes.
public enum ScrollTarget: Equatable, Sendable {
    case end
    /// The top of the content (offset 0), as it is when the drag ends: a
    /// chat read back to its first message (`to: "start"`, version 2).
    case start
    case offset(Double)
    /// A row of the table, counted from 0 in the section: the same row
    /// number may show different items under strategies that split an item
    /// into several rows (`viewmodel-cells`).
    case row(section: String, row: Int)
    /// An item of the data, by its index in the section (from 0): each
    /// strategy scrolls to the first row it shows that item in
    /// (``ListStrategy/row(showing:at:)``), so every strategy lands on the
    /// same content.
    case item(section: String, index: Int)
    /// An item of the data by its identifier (version 2): wherever it is
    /// when the scroll starts, each strategy scrolls to the first row it
    /// shows it in. The identifier is one the data has at the start
    /// (validation says so otherwise). `notLoaded` says what the app does
    /// when the item is not loaded yet when the step runs.
    case itemID(Int, notLoaded: NotLoadedJump = .load)
}

/// What an app does when the person jumps to an item it has not loaded yet
/// (a tap on a quoted message in a chat whose older pages are still on the
/// server): `notLoaded` on a scroll to an item by `id` (version 2).
public enum NotLoadedJump: String, Equatable, Sendable, CaseIterable {
    /// The app asks for pages towards the item, one after another at the
    /// scenario's page latency, until it has it, then scrolls to it (an app
    /// whose server pages only from its ends can do no better).
    case load
    /// The app does not go there: the step ends where the list is, and the
    /// report says which item was not reached.
    case stop
}

/// How fast a scroll goes: a finger speed, or a duration.
public enum ScrollPace: Equatable, Sendable {
    /// A scroll step's speed when it names none (points per second).
    public static let defaultPointsPerSecond = 2_000.0
    case velocity(Double)
    case durationMs(Double)
}

/// A step as a scenario file writes it: one of the user's actions, or a
/// `repeat` of steps. ``Scenario/generate(device:)`` expands the repeats, so a run
/// sees only ``UserStep``s, one after another.
///
/// An action is written as its ``UserStep`` case (`.wait(ms: 300)`,
/// `.scan(ScanPace(), until: .allLoaded)`): the static functions below make
/// the `.action`.
public indirect enum Step: Equatable, Sendable {
    case action(UserStep)
    case repetition(times: Int, steps: [Step])

    /// ``UserStep/wait(ms:)``, as an action.
    public static func wait(ms: Double) -> Step { .action(.wait(ms: ms)) }
    /// ``UserStep/waitForWorld``, as an action.
    public static func waitForWorld(throughMs: Double?) -> Step { .action(.waitForWorld(throughMs: throughMs)) }
    /// ``UserStep/scroll``, as an action.
    public static func scroll(to target: ScrollTarget, pace: ScrollPace, untilAllLoaded: Bool) -> Step {
        .action(.scroll(to: target, pace: pace, untilAllLoaded: untilAllLoaded))
    }
    /// ``UserStep/flick``, as an action.
    public static func flick(velocity: Double, deceleration: Double, until goal: RepeatGoal) -> Step {
        .action(.flick(velocity: velocity, deceleration: deceleration, until: goal))
    }
    /// ``UserStep/pageDown``, as an action.
    public static func pageDown(screens: Double, until goal: RepeatGoal) -> Step { .action(.pageDown(screens: screens, until: goal)) }
    /// ``UserStep/read``, as an action.
    public static func read(_ pace: ReadingPace, until goal: RepeatGoal) -> Step { .action(.read(pace, until: goal)) }
    /// ``UserStep/scan``, as an action.
    public static func scan(_ pace: ScanPace, until goal: RepeatGoal) -> Step { .action(.scan(pace, until: goal)) }
    /// ``UserStep/scrollToTop``, as an action.
    public static let scrollToTop = Step.action(.scrollToTop)
}

/// How a tester scans a feed: the `scan` step's pace, a `read` without the
/// dwell. The swipe is the reader's (``ReadingPace/defaultSwipeMs``, an
/// estimate whose reasoning is there and in `docs/scenario-format.md`).
public struct ScanPace: Equatable, Sendable {
    /// How far one swipe moves the content, in viewport heights: negative
    /// up the list (towards its top: `direction: "up"`), positive down.
    public var screens: Double
    /// How long one swipe takes, in milliseconds.
    public var swipeMs: Double

    public init(screens: Double = 1, swipeMs: Double = ReadingPace.defaultSwipeMs) {
        self.screens = screens
        self.swipeMs = swipeMs
    }
}

/// How a person reads a feed: the `read` step's pace. The defaults and their
/// sources are in `docs/scenario-format.md`.
public struct ReadingPace: Equatable, Sendable {
    /// How far one swipe moves the content, in viewport heights: negative
    /// up the list (towards its top: `direction: "up"`), positive down.
    public var screens: Double
    /// How long one swipe takes, in milliseconds.
    public var swipeMs: Double
    /// How long the reader stays with each post a swipe shows for the first time.
    public var dwellMsPerPost: Double

    public init(screens: Double = 1, swipeMs: Double = ReadingPace.defaultSwipeMs,
                dwellMsPerPost: Double = ReadingPace.defaultDwellMsPerPost) {
        self.screens = screens
        self.swipeMs = swipeMs
        self.dwellMsPerPost = dwellMsPerPost
    }

    /// Facebook IQ, "Capturing Attention in Feed" (20 April 2016): "people
    /// spend, on average, 1.7 seconds with a piece of content on mobile".
    public static let defaultDwellMsPerPost = 1_700.0

    /// Estimate: no public study gives a typical finger speed for reading a
    /// feed (only fling bounds, such as Android's 50 to 8,000 dp/s). Released
    /// at the speed with which UIKit's normal deceleration (0.998 per ms)
    /// carries content one screen, v₀ = screen × ln(1/0.998) per ms, a swipe
    /// moves one screen at that speed in 1 / ln(1/0.998) = 499.5 ms, whatever
    /// the screen: 500 ms.
    public static let defaultSwipeMs = 500.0
}

/// The documented limits a scenario must stay within.
public enum ScenarioLimits {
    public static let fileBytes = 16 << 20
    /// A grid's columns (`data.layout.columns`): two at least (one is a
    /// list), twelve at most (estimate: photo grids pinch down to about a
    /// dozen columns on a phone; more gives items a few points wide).
    public static let gridColumns = 2...12
    /// Items at the start, in all (a section's `generate` and explicit
    /// items included) and in any one section; also the largest position a
    /// change may name, and `sim-bench`'s largest `--change-rows`. Issue 28
    /// asks for 2,000,000 (a run at twice a million items); validating that
    /// many takes O(items) time and about 64 bytes an item
    /// (docs/scenario-format.md, Limits).
    public static let items = 2_000_000
    public static let sections = 1_000
    public static let worldEvents = 1_000_000
    public static let steps = 100_000
    public static let repeatTimes = 10_000
    public static let timeMs = 86_400_000.0
    public static let velocity = 100_000.0
    public static let textLength = 100_000
    public static let photos = 50
    public static let commentPreviews = 50
    public static let changesAtOnce = 100_000
    public static let pageSize = 10_000
}

import ListSimulator
import ListData

/// A change at a time of the world's clock, in milliseconds from the start.
///
/// A detail page's new state is kept as its ``DetailState`` (64 bytes),
/// never as the page it makes: ``change`` builds the page when asked, so a
/// generated scenario holds O(1) per `state` event however many rows the
/// page has (a million events would otherwise hold a million pages). The
/// runner asks for it when the event is delivered, when only that page is
/// alive.
public struct TimedChange: Equatable, Sendable {
    public var atMs: Double
    private var payload: Payload

    private enum Payload: Equatable, Sendable {
        case data(DataChange)
        case detailState(DetailState)
    }

    public init(atMs: Double, change: DataChange) {
        self.atMs = atMs
        payload = .data(change)
    }

    /// A new state of the restaurant detail page, built into its page only when ``change`` is read.
    public init(atMs: Double, detailState: DetailState) {
        self.atMs = atMs
        payload = .detailState(detailState)
    }

    /// The change the world makes. For a detail page's state, the page it
    /// makes (``DetailTemplate/build(_:)``), built anew at each read.
    ///
    /// - Complexity: O(1); O(rows of the page) for a detail page's state.
    public var change: DataChange {
        get {
            switch payload {
            case .data(let change): return change
            case .detailState(let state): return .state(DetailTemplate.build(state))
            }
        }
        set { payload = .data(newValue) }
    }

    /// The detail page's state this change delivers, if it is one kept as a state.
    public var detailState: DetailState? {
        if case .detailState(let state) = payload { return state }
        return nil
    }

    /// Equal when they come at the same time and make the same change (a
    /// state and the page it makes are equal).
    ///
    /// - Complexity: O(1) for two states that are equal, else as ``change``.
    public static func == (lhs: TimedChange, rhs: TimedChange) -> Bool {
        guard lhs.atMs == rhs.atMs else { return false }
        if case .detailState(let left) = lhs.payload, case .detailState(let right) = rhs.payload, left == right { return true }
        return lhs.change == rhs.change
    }

    func encode(to writer: inout ByteWriter) {
        writer.write(atMs)
        switch payload {
        case .data(let change):
            writer.write(byte: 0)
            change.encode(to: &writer)
        case .detailState(let state):
            writer.write(byte: 1)
            writer.write(state.laneValues) { writer, value in
                writer.write(value != nil)
                if let value { writer.write(value) }
            }
        }
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        atMs = try reader.double()
        switch try reader.byte() {
        case 0:
            payload = .data(try DataChange(from: &reader))
        case 1:
            let lanes = try reader.array(minimumBytes: 1) { reader throws(BinaryDecodingError) -> Int? in
                try reader.bool() ? try reader.int() : nil
            }
            guard lanes.count == DetailState.keys.count else {
                throw reader.failure("a detail state of \(lanes.count) keys; expected \(DetailState.keys.count)")
            }
            payload = .detailState(DetailState(laneValues: lanes))
        case let tag:
            throw reader.failure("unknown timed change kind \(tag)")
        }
    }
}

/// One of the user's actions; each starts when the previous one's result is
/// on screen (``Step`` adds the file's `repeat` around them).
public enum UserStep: Equatable, Sendable {
    case wait(ms: Double)
    /// The user waits until every world event due by `throughMs` (all of them
    /// when nil) has arrived and its result is on screen.
    case waitForWorld(throughMs: Double?)
    case scroll(to: ScrollTarget, pace: ScrollPace, untilAllLoaded: Bool)
    /// Repeated until its goal holds: the user flicks again after each flick's
    /// result is on screen (waiting at the end for the next page).
    case flick(velocity: Double, deceleration: Double, until: RepeatGoal)
    /// A jump of `screens` viewport heights without animation (a harness's
    /// `setContentOffset(_:animated: false)`), repeated until its goal holds.
    case pageDown(screens: Double, until: RepeatGoal)
    /// Reading a feed as a person does (`read`): a swipe of `screens`
    /// viewport heights taking `swipeMs`, then a dwell of `dwellMsPerPost`
    /// for each post shown since the last dwell; repeated until its goal holds.
    case read(ReadingPace, until: RepeatGoal)
    /// Scanning a feed as a tester checking that every post loads (`scan`):
    /// a swipe of `screens` viewport heights taking `swipeMs`, no dwell, and
    /// the next swipe as soon as the rows that swiped in show their content
    /// (seed #4's measurement); repeated until its goal holds.
    case scan(ScanPace, until: RepeatGoal)
    case scrollToTop

    /// How long the user repeats this step (`once` for steps that do not repeat).
    public var goal: RepeatGoal {
        switch self {
        case .flick(_, _, let goal), .pageDown(_, let goal), .read(_, let goal), .scan(_, let goal): return goal
        case .wait, .waitForWorld, .scroll, .scrollToTop: return .once
        }
    }

    /// Whether the user repeats this step until every page has arrived and the last row is shown.
    public var repeatsUntilAllLoaded: Bool { goal != .once }

    /// The step's kind, as a scenario file names it (for traces).
    public var traceName: String {
        switch self {
        case .wait(let ms): return "wait \(Int(ms)) ms"
        case .waitForWorld: return "waitForWorld"
        case .scroll: return "scroll"
        case .flick: return "flick"
        case .pageDown: return "pageDown"
        case .read: return "read"
        case .scan: return "scan"
        case .scrollToTop: return "scrollToTop"
        }
    }
}

/// A scenario turned into data and events: the same file always gives the
/// same value, whatever strategy will run it. It holds everything a run
/// needs and nothing of the file it came from, so it can be generated once
/// and handed to every run (``encoded()``, ``init(decoding:)``).
public struct GeneratedScenario: Equatable, Sendable {
    /// The scenario's name.
    public var name: String
    /// How the data arrives page by page, if it does.
    public var paging: Paging?
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
    /// Where the list opens (``Scenario/anchor``).
    public var anchor: ListEnd = .top
    /// The scenario's item kinds and their designs (`data.kinds`); nil for built-in data.
    public var kinds: KindSet? = nil
    /// The list's grid (``Scenario/grid``); nil for a list.
    public var grid: GridLayout? = nil
    /// The height of each section's header (``Scenario/sectionHeaderHeight``); 0: none.
    public var sectionHeaderHeight = 0.0

    /// All items at the start.
    public var itemCount: Int { sections.reduce(0) { $0 + $1.items.count } }
}

// MARK: - Binary form

extension GeneratedScenario {
    static let magic = "listbench generated scenario"
    /// Bumped whenever the layout below changes what an existing value
    /// encodes to. A new tag (the `item` scroll target, 3) leaves every
    /// existing encoding, and so every ``inputDigest`` that baselines
    /// record, as it was; a reader of this version refuses a tag it does not know.
    static let formatVersion = 5
    /// The binary form of a scenario with kinds: version 5's, then the kinds
    /// (a scenario without kinds keeps version 5's bytes, and so its digest).
    static let formatVersionWithKinds = 6

    /// A paging block as ``encode(to:)`` writes it.
    static func decodePaging(from reader: inout ByteReader) throws(BinaryDecodingError) -> Paging {
        var paging = Paging(pageSize: try reader.int(), latencyMs: try reader.double(), jitterMs: try reader.double(),
                            triggerScreens: try reader.double())
        let trigger = try reader.string()
        guard let known = PagingTrigger(rawValue: trigger) else { throw reader.failure("unknown paging trigger '\(trigger)'") }
        paging.trigger = known
        return paging
    }

    /// The scenario in ``ByteWriter``'s compact form.
    ///
    /// - Complexity: O(items + changes + steps).
    public func encoded() -> [UInt8] {
        var writer = ByteWriter()
        encode(to: &writer)
        return writer.bytes
    }

    /// The FNV-1a digest of ``encoded()`` (16 hexadecimal digits): what a
    /// report records of the scenario its runs were made from. Two scenarios
    /// with the same digest hand the runner the same sections, items,
    /// changes, steps and page latencies; another seed, post count or edit of
    /// the file changes it, reformatting the file does not.
    ///
    /// - Complexity: O(items + changes + steps).
    public var inputDigest: String { FNV1a.digest(encoded()) }

    public func encode(to writer: inout ByteWriter) {
        writer.writeHeader(Self.magic, version: kinds == nil ? Self.formatVersion : Self.formatVersionWithKinds)
        writer.write(name)
        writer.write(device)
        // One byte of flags: a paging block follows (1), the list opens at
        // its bottom (2), pages go at the top (4). A version 1 scenario
        // writes 0 or 1, as the boolean this byte was, so its encoding and
        // digest are as they were.
        var flags: UInt8 = paging != nil ? 1 : 0
        if anchor == .bottom { flags |= 2 }
        if paging?.at == .top { flags |= 4 }
        // A grid follows the kinds (8): a list writes nothing more, so its digest is as it was.
        if grid != nil { flags |= 8 }
        // Section headers follow (16): a list without them writes nothing more.
        if sectionHeaderHeight > 0 { flags |= 16 }
        writer.write(byte: flags)
        if let paging {
            writer.write(paging.pageSize)
            writer.write(paging.latencyMs)
            writer.write(paging.jitterMs)
            writer.write(paging.triggerScreens)
            writer.write(paging.trigger.rawValue)
        }
        sections.encode(to: &writer)
        writer.write(changes) { $1.encode(to: &$0) }
        writer.write(steps) { $1.encode(to: &$0) }
        writer.write(pageLatenciesMs) { $0.write($1) }
        kinds?.encode(to: &writer)
        if let grid {
            writer.write(grid.columns)
            writer.write(grid.itemAspect)
            writer.write(grid.spacing)
        }
        if sectionHeaderHeight > 0 { writer.write(sectionHeaderHeight) }
    }

    /// Reads back what ``encoded()`` wrote; anything else is an error naming where it went wrong.
    ///
    /// - Complexity: O(bytes).
    public init(decoding bytes: [UInt8]) throws(BinaryDecodingError) {
        var reader = ByteReader(bytes)
        try self.init(from: &reader)
        guard reader.isAtEnd else { throw reader.failure("data after the end of the scenario") }
    }

    public init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        // Version 5, or 6 with the kinds at the end.
        let start = reader
        let withKinds: Bool
        do {
            try reader.readHeader(Self.magic, version: Self.formatVersionWithKinds)
            withKinds = true
        } catch {
            reader = start
            try reader.readHeader(Self.magic, version: Self.formatVersion)
            withKinds = false
        }
        name = try reader.string()
        device = try reader.string()
        let flags = try reader.byte()
        guard flags & ~31 == 0, flags & 1 != 0 || flags & 4 == 0 else { throw reader.failure("unknown scenario flags \(flags)") }
        paging = flags & 1 != 0 ? try Self.decodePaging(from: &reader) : nil
        paging?.at = flags & 4 != 0 ? .top : .bottom
        anchor = flags & 2 != 0 ? .bottom : .top
        sections = try [DataSection](from: &reader)
        changes = try reader.array(minimumBytes: 10) { reader throws(BinaryDecodingError) in try TimedChange(from: &reader) }
        steps = try reader.array { reader throws(BinaryDecodingError) in try UserStep(from: &reader) }
        pageLatenciesMs = try reader.array(minimumBytes: 8) { reader throws(BinaryDecodingError) in try reader.double() }
        kinds = withKinds ? try KindSet(from: &reader) : nil
        if flags & 8 != 0 {
            grid = GridLayout(columns: try reader.int(), itemAspect: try reader.double(), spacing: try reader.double())
        }
        if flags & 16 != 0 { sectionHeaderHeight = try reader.double() }
    }
}

extension UserStep {
    func encode(to writer: inout ByteWriter) {
        switch self {
        case .wait(let ms):
            writer.write(byte: 0)
            writer.write(ms)
        case .waitForWorld(let throughMs):
            writer.write(byte: 1)
            writer.write(throughMs)
        case let .scroll(target, pace, untilAllLoaded):
            writer.write(byte: 2)
            switch target {
            case .end:
                writer.write(byte: 0)
            case .offset(let offset):
                writer.write(byte: 1)
                writer.write(offset)
            case let .row(section, row):
                writer.write(byte: 2)
                writer.write(section)
                writer.write(row)
            case let .item(section, index):
                writer.write(byte: 3)
                writer.write(section)
                writer.write(index)
            case .start:
                writer.write(byte: 4)
            case let .itemID(id, notLoaded):
                // `load`, the default, keeps the tag and the bytes it always had (and so every digest).
                writer.write(byte: notLoaded == .load ? 5 : 6)
                writer.write(id)
            }
            switch pace {
            case .velocity(let pointsPerSecond):
                writer.write(byte: 0)
                writer.write(pointsPerSecond)
            case .durationMs(let ms):
                writer.write(byte: 1)
                writer.write(ms)
            }
            writer.write(untilAllLoaded)
        case let .flick(velocity, deceleration, goal):
            writer.write(byte: 3)
            writer.write(velocity)
            writer.write(deceleration)
            writer.write(byte: goal.rawValue)
        case let .pageDown(screens, goal):
            writer.write(byte: 4)
            writer.write(screens)
            writer.write(byte: goal.rawValue)
        case .scrollToTop:
            writer.write(byte: 5)
        case let .read(pace, goal):
            writer.write(byte: 6)
            writer.write(pace.screens)
            writer.write(pace.swipeMs)
            writer.write(pace.dwellMsPerPost)
            writer.write(byte: goal.rawValue)
        case let .scan(pace, goal):
            writer.write(byte: 7)
            writer.write(pace.screens)
            writer.write(pace.swipeMs)
            writer.write(byte: goal.rawValue)
        }
    }

    private static func goal(_ reader: inout ByteReader) throws(BinaryDecodingError) -> RepeatGoal {
        let raw = try reader.byte()
        guard let goal = RepeatGoal(rawValue: raw) else { throw reader.failure("unknown repeat goal \(raw)") }
        return goal
    }

    init(from reader: inout ByteReader) throws(BinaryDecodingError) {
        switch try reader.byte() {
        case 0:
            self = .wait(ms: try reader.double())
        case 1:
            self = .waitForWorld(throughMs: try reader.optionalDouble())
        case 2:
            let target: ScrollTarget
            switch try reader.byte() {
            case 0: target = .end
            case 1: target = .offset(try reader.double())
            case 2: target = .row(section: try reader.string(), row: try reader.int())
            case 3: target = .item(section: try reader.string(), index: try reader.int())
            case 4: target = .start
            case 5: target = .itemID(try reader.int())
            case 6: target = .itemID(try reader.int(), notLoaded: .stop)
            case let tag: throw reader.failure("unknown scroll target \(tag)")
            }
            let pace: ScrollPace
            switch try reader.byte() {
            case 0: pace = .velocity(try reader.double())
            case 1: pace = .durationMs(try reader.double())
            case let tag: throw reader.failure("unknown scroll pace \(tag)")
            }
            self = .scroll(to: target, pace: pace, untilAllLoaded: try reader.bool())
        case 3:
            self = .flick(velocity: try reader.double(), deceleration: try reader.double(), until: try Self.goal(&reader))
        case 4:
            self = .pageDown(screens: try reader.double(), until: try Self.goal(&reader))
        case 5:
            self = .scrollToTop
        case 6:
            let pace = ReadingPace(screens: try reader.double(), swipeMs: try reader.double(), dwellMsPerPost: try reader.double())
            self = .read(pace, until: try Self.goal(&reader))
        case 7:
            let pace = ScanPace(screens: try reader.double(), swipeMs: try reader.double())
            self = .scan(pace, until: try Self.goal(&reader))
        case let tag:
            throw reader.failure("unknown step kind \(tag)")
        }
    }
}

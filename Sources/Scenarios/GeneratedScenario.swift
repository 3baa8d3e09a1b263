import ListData

/// A change at a time of the world's clock, in milliseconds from the start.
public struct TimedChange: Equatable, Sendable {
    public var atMs: Double
    public var change: DataChange
}

/// A user step with repeats expanded.
public enum UserStep: Equatable, Sendable {
    case wait(ms: Double)
    case waitForWorld(throughMs: Double?)
    case scroll(to: ScrollTarget, pace: ScrollPace, untilAllLoaded: Bool)
    case flick(velocity: Double, deceleration: Double, untilAllLoaded: Bool)
    case pageDown(screens: Double, untilAllLoaded: Bool)
    case scrollToTop

    /// Whether the user repeats this step until every page has arrived and the last row is shown.
    public var repeatsUntilAllLoaded: Bool {
        switch self {
        case .flick(_, _, let untilAllLoaded), .pageDown(_, let untilAllLoaded): return untilAllLoaded
        case .wait, .waitForWorld, .scroll, .scrollToTop: return false
        }
    }
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

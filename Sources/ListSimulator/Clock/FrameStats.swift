/// Frame and hitch figures, as Apple defines them.
public struct FrameStats: Equatable, Sendable {
    /// Frames presented.
    public var frames = 0
    /// Frames presented later than expected.
    public var hitches = 0
    /// The sum over frames of how late each was presented.
    public var hitchTime: SimTime = 0
    /// The longest time from a frame's vsync to its presentation (one interval when on time).
    public var worstFrame: SimTime = 0
    /// The time spent rendering: the sum over frames of vsync to presentation
    /// (one interval per frame on time, plus its lateness), so frames ×
    /// interval + ``hitchTime``. The display is animating only while a frame
    /// is in flight: the clock draws one only when something asked for it,
    /// and a frame's window never overlaps the next's (the next frame's vsync
    /// is at or after this one's presentation). Apple's hitch time ratio
    /// divides hitch time by this, not by the whole run.
    public var renderingTime: SimTime = 0
    /// When the first frame was presented.
    public var firstFrameAt: SimTime?
    /// When the last frame was presented.
    public var lastFrameAt: SimTime?
    /// Per 100 ms of virtual time with frames, the longest frame in it (vsync
    /// to presentation; one interval when on time), for charts.
    public var series: [FrameSample] = []
    /// The spacing of ``series`` (100 ms of virtual time).
    public static let seriesInterval: SimTime = 100_000_000
    /// How late the hitches were, by the category of the main-thread work
    /// that filled each late frame most (the work since the frame before).
    public var hitchCauses = CategoryTimes()
    /// The category of main-thread work that filled the worst frame most.
    public var worstFrameCause: CostCategory?
    /// How late the hitches were, by what set off the main-thread work that
    /// filled each late frame most (a user step, a world change, a page).
    public var hitchTriggers: [FrameSetOff: SimTime] = [:]
    /// What set off the work that filled the worst frame most (nil: no main-thread work was in it).
    public var worstFrameTrigger: TriggerID?

    /// A frame whose vsync was `due`, presented at `presented` where it was
    /// expected by `expected`; `cause` and `setOff` are the category and the
    /// trigger of the main-thread work that filled it most.
    ///
    /// - Complexity: O(1).
    mutating func record(vsync due: SimTime, presented: SimTime, expected: SimTime, cause: CostCategory?, setOff: FrameSetOff) {
        frames += 1
        renderingTime += presented - due
        if presented > expected {
            hitches += 1
            hitchTime += presented - expected
            hitchCauses.add(presented - expected, to: cause ?? .app)
            hitchTriggers[setOff, default: 0] += presented - expected
        }
        if presented - due > worstFrame {
            worstFrameCause = cause
            if case .trigger(let id) = setOff { worstFrameTrigger = id } else { worstFrameTrigger = nil }
        }
        worstFrame = max(worstFrame, presented - due)
        let bucket = due / Self.seriesInterval * Self.seriesInterval
        if let last = series.last, last.time == bucket {
            series[series.count - 1].duration = max(last.duration, presented - due)
        } else {
            series.append(FrameSample(time: bucket, duration: presented - due))
        }
        if firstFrameAt == nil { firstFrameAt = presented }
        lastFrameAt = presented
    }
}

/// The longest frame presented in one interval of ``FrameStats/series``.
public struct FrameSample: Equatable, Sendable, Codable {
    /// The start of the interval.
    public var time: SimTime
    /// Vsync to presentation, in nanoseconds.
    public var duration: SimTime

    public init(time: SimTime, duration: SimTime) {
        self.time = time
        self.duration = duration
    }
}

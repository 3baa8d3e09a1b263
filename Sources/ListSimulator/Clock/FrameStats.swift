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
}

/// The longest frame presented in one interval of ``FrameStats/series``.
public struct FrameSample: Equatable, Sendable, Codable {
    /// The start of the interval.
    public var time: SimTime
    /// Vsync to presentation, in nanoseconds.
    public var duration: SimTime
}

import ListData
import ListDiff
import ListSimulator
import Scenarios
import Strategies

/// Runs one strategy through one generated scenario on one device, on the
/// simulator's virtual clock, and collects the modeled metrics.
///
/// - The world: the initial data (or, with paging, page after page as the
///   user nears the end) and the world's changes arrive on a background
///   worker (the network's callback queue) at their virtual times; the
///   runner's own copy of what the app has been sent is the truth that
///   `staleRows` compares the screen with.
/// - With paging, the server's data and the app's differ: the app holds a
///   prefix of each section (all of the sections before the one being
///   paged, part of that one, none after it). A world change inside that
///   prefix reaches the app at the same positions; one beyond it changes
///   the server's data only, and the app sees its result in the page that
///   delivers those rows. A page is cut from the server's data as it is
///   when the response is made. Pages and world events share the network's
///   serial queue, but a world event due later never holds back a page
///   that is ready (``SimClock/async(_:after:_:)``).
/// - The user: the first step starts once the first content is on screen;
///   each later step once the previous one's motion is over and no work is
///   ready to run and no block waits on main for later (its result is on
///   screen). After a `scan` swipe (but the scenario's last step), only main
///   must be done and every visible row show its content, not the workers.
///   Motions follow touch time
///   (``ScrollMotion``).
/// - A run stops at the first inconsistency (the simulated crash), at a
///   memory kill, at ``maximumVirtualTime`` or after ``maximumSteps`` steps
///   of the simulator (status `timedOut`, with ``RunMetrics/boundReached``
///   saying which), or when its ``cancellation`` is set. So every run ends,
///   whatever the scenario asks for.
public final class ScenarioRunner {
    /// The network's callback queue: serial, as the operation queue URLSession
    /// makes when it is given none. Its class is an estimate: Apple documents
    /// none for that queue, and its Energy Efficiency Guide names
    /// "downloading or importing data" as utility work.
    static let network = SimQueue.serial("network", .utility)

    /// The bound on the repetitions of all repeat-until-loaded steps in one run.
    public static let maximumRepetitions = 1_000_000

    /// The bound on a run's virtual time (4 hours).
    public static let maximumVirtualTime: SimTime = 4 * 3_600_000_000_000

    /// The bound on a run's simulator steps (events run: frames, main- and
    /// background-queue blocks, world deliveries). The shipped scenarios take
    /// at most about 123,000 (large-list); the bound is there so that no
    /// scenario, however hostile, runs without end.
    public static let maximumSteps = 20_000_000

    /// Both bounds, as reports state them.
    public static var boundsDescription: String {
        "every run is bounded to \(virtualTimeBound) of virtual time and \(stepBound) simulator steps (status timedOut past either)"
    }

    /// ``maximumSteps`` with thousands separated by commas, whatever the host's locale.
    static var stepBound: String {
        var digits = Array(String(maximumSteps))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// ``maximumVirtualTime`` in hours, for messages.
    static var virtualTimeBound: String { "\(maximumVirtualTime / 3_600_000_000_000) h" }

    /// Checked every 16 steps: when set, the run stops where it is.
    public var cancellation: Cancellation?
    /// Simulator steps taken.
    private var steps = 0
    /// Which bound stopped the run, if one did.
    private var boundReached: RunBound?

    private let generated: GeneratedScenario
    public let simulation: Simulation
    private let strategy: any ListStrategy
    /// What the app has been sent, and, with paging, the world's whole data
    /// (without paging the app is sent all of it: `truth` is the world's data).
    private var truth = DataStore()
    private var server = DataStore()
    /// With paging: the app's prefix of each section, and the section the next page starts in (those before it are whole).
    private var loaded: [Int] = []
    private var cursor = 0
    /// Pages requested so far (the next one's latency is `pageLatenciesMs[nextPage]`).
    private var nextPage = 0
    private var pageInFlight = false
    /// With ``PagingTrigger/lastRowWillDisplay``: the list's row count when
    /// its last row last requested a page (that row does not request again).
    private var lastRowTrigger: Int?
    private var stepIndex = -1
    private var motion: ScrollMotion?
    private var deadline: SimTime?
    /// The times of the world's change groups, in order, and how many have been delivered.
    private var worldTimes: [SimTime] = []
    private var worldDelivered = 0
    /// With a `waitForWorld` step: how many change groups must have been delivered.
    private var worldAwaited: Int?
    private var untilAllLoaded = false
    /// The step the user repeats until everything is loaded, if the current step is one.
    private var repeating: UserStep?
    /// Repetitions performed by such steps (bounded by ``maximumRepetitions``).
    private var repetitions = 0
    /// Whether the current drag goes to the end of the content as it is now (re-targeted every frame).
    private var tracksEnd = false
    private var firstContentSeen = false
    /// Set by the frame that first shows content, until the run loop reads its presentation time.
    private var firstContentFramePending = false
    private var firstContentAt: SimTime?
    private var staleRows = 0
    /// Items shown with their content for at least one frame; the furthest
    /// position in the app's data (all sections end to end) that the last item
    /// on screen has had; items a step's goal named.
    private var displayedItems = Set<Int>()
    private var lastShownItem: Int?
    /// Where the last item on screen was found: the next one is searched from there.
    private var lastShownPosition: Int?
    private var furthestPosition = -1
    private var namedItems = Set<Int>()
    /// Items the user already went back to (`untilEveryPostShown`), each once.
    private var revisited = Set<Int>()
    /// A `read` step: how many of the posts shown the reader has already
    /// dwelt on, and the dwell per post still to come after the current
    /// swipe (nil once the dwell has started).
    private var postsDwelt = 0
    private var pendingDwellMsPerPost: Double?
    private var finishedAt: SimTime?
    /// Whether to check the list's invariants after every step (the conformance tests set it).
    public var checksInvariants = false
    /// Invariants found broken, with the step after which they were: the
    /// list's (when ``checksInvariants``), and the world's own data refusing
    /// a change (always; the run stops there).
    public private(set) var invariantViolations: [RunViolation] = []
    /// Set when the world's own data refused a change.
    private var worldFailed = false

    public init(generated: GeneratedScenario, device: DeviceProfile, strategy descriptor: StrategyDescriptor) {
        self.generated = generated
        simulation = Simulation(device: device)
        simulation.pageLatencyMs = generated.paging?.latencyMs ?? 0
        strategy = descriptor.make(simulation)
        simulation.clock.frameHandler = { [unowned self] _ in self.frame() }
        if generated.paging != nil { server = DataStore(generated.sections) }
        loaded = Array(repeating: 0, count: generated.sections.count)
        cursor = generated.paging == nil ? generated.sections.count : 0
    }

    private var surface: any ListSurface { strategy.surface }
    private var clock: SimClock { simulation.clock }

    /// Records a timeline of the run (every charge, frame, step, world
    /// change, page, crash and kill) into `trace`; call before ``run()``.
    public func record(into trace: TraceRecorder) { simulation.clock.trace = trace }

    /// One run recorded as a timeline (the same modeled run as without a
    /// recorder: modeled figures are deterministic), with its metrics.
    public static func traced(generated: GeneratedScenario, device: DeviceProfile,
                              strategy: StrategyDescriptor) -> (trace: TraceRecorder, metrics: RunMetrics) {
        let runner = ScenarioRunner(generated: generated, device: device, strategy: strategy)
        let trace = TraceRecorder()
        runner.record(into: trace)
        return (trace, runner.run())
    }

    /// Asks for a frame for the user's own motion: its work is blamed on the current step.
    private func requestUserFrame() {
        clock.startUserWork()
        clock.setNeedsDisplay()
    }

    /// Runs to the end and returns the metrics.
    public func run() -> RunMetrics {
        scheduleWorld()
        while true {
            if simulation.hasFailed || worldFailed { break }
            if clock.now > Self.maximumVirtualTime {
                boundReached = .virtualTime
                break
            }
            steps += 1
            if steps > Self.maximumSteps {
                boundReached = .steps
                break
            }
            if steps & 15 == 0, cancellation?.isCancelled == true { break }
            checkPaging()
            if advanceSteps() { break }
            // A wait's deadline bounds the clock only until it has passed; a
            // worker's running task, until its end (when it hands its result
            // over, and the app may have settled).
            let wake = deadline.flatMap { $0 > clock.now ? $0 : nil }
            let bound = [wake, clock.nextWorkerEnd(after: clock.now)].compactMap { $0 }.min()
            if let next = clock.nextEventTime, bound.map({ next <= $0 }) ?? true {
                clock.step()
                if firstContentFramePending {
                    // The step that ran the frame also presented it.
                    firstContentFramePending = false
                    firstContentAt = clock.frameStats.lastFrameAt
                }
            } else if let bound {
                clock.run(until: bound)
            } else if !firstContentSeen {
                // Nothing will ever show (no data): the user goes on anyway.
                firstContentSeen = true
            } else if motion == nil {
                break
            } else {
                requestUserFrame()
            }
        }
        if let trace = clock.trace {
            for inconsistency in simulation.inconsistencies {
                trace.instant("crash: \(inconsistency.message)", kind: "inconsistency", at: inconsistency.time)
            }
            if let killed = simulation.ledger.killedAt { trace.instant("killed: memory past the device's limit", kind: "kill", at: killed) }
        }
        return metrics()
    }

    // MARK: - The world

    private func scheduleWorld() {
        let initial = generated.paging == nil
            ? generated.sections
            : generated.sections.map { DataSection(id: $0.id, items: []) }
        clock.async(Self.network) { [self] in
            clock.startTrigger("first data")
            truth = DataStore(initial)
            strategy.load(initial)
        }
        // Changes due at one time arrive together. Each is kept as the
        // scenario holds it until it is delivered: a detail page's state
        // becomes its page only then (``TimedChange/change``), so a run holds
        // one page at a time, not one per state event.
        var index = 0
        let changes = generated.changes
        while index < changes.count {
            let time = changes[index].atMs
            let start = index
            while index < changes.count, changes[index].atMs == time { index += 1 }
            let group = changes[start..<index]
            worldTimes.append(Sim.ms(time))
            clock.async(Self.network, after: Sim.ms(time)) { [self] in
                clock.trace?.instant("world: \(group.count) change\(group.count == 1 ? "" : "s")", kind: "world", at: clock.now)
                clock.startTrigger(String(format: "world change at %.0f ms", time))
                deliver(group.map(\.change))
                worldDelivered += 1
            }
        }
    }

    /// World changes that arrived together: all of them change the server's
    /// data; those inside the app's prefix reach the app.
    private func deliver(_ changes: [DataChange]) {
        guard generated.paging != nil else {
            send(changes)
            return
        }
        var visible: [DataChange] = []
        for change in changes {
            if let seen = appView(of: change) { visible.append(seen) }
            do { try server.apply(change) } catch { return worldRefused(error) }
        }
        if !visible.isEmpty { send(visible) }
    }

    private func send(_ changes: [DataChange]) {
        for change in changes {
            do { try truth.apply(change) } catch { return worldRefused(error) }
        }
        strategy.receive(changes)
    }

    /// The world's own data (the server's, or the truth the app is checked
    /// against) could not place a change the scenario made: a fault of the
    /// scenario or of listbench, never of the strategy. Validation rejects
    /// such changes in files, so only a scenario built in code reaches this.
    /// The run stops, and the violation fails it.
    private func worldRefused(_ error: DataChangeError) {
        worldFailed = true
        invariantViolations.append(RunViolation(step: stepIndex, .worldData(error)))
    }

    /// How far into section `s` the app's prefix goes: all of it before the paged section, none after it.
    private func prefix(_ s: Int) -> Int { s < cursor ? .max : (s == cursor && s < loaded.count ? loaded[s] : 0) }

    /// What the app sees of a world change (nil: nothing, it is beyond what
    /// the app has loaded), keeping the prefix lengths in step. Called before
    /// the server applies the change, whose positions are the server's.
    private func appView(of change: DataChange) -> DataChange? {
        switch change {
        case let .insert(section, index, _):
            guard index < prefix(section) else { return nil }
            if section == cursor { loaded[section] += 1 }
            return change
        case let .delete(_, section, index):
            guard index < prefix(section) else { return nil }
            if section == cursor { loaded[section] -= 1 }
            return change
        case let .update(_, section, index, _, _):
            return index < prefix(section) ? change : nil
        case let .append(section, _):
            return section < cursor ? change : nil
        case let .move(id, fromSection, fromIndex, section, index):
            let removed = fromIndex < prefix(fromSection)
            if removed, fromSection == cursor { loaded[fromSection] -= 1 }
            let inserted = index < prefix(section)
            if inserted, section == cursor { loaded[section] += 1 }
            switch (removed, inserted) {
            case (true, true): return change
            case (true, false): return .delete(id: id, section: fromSection, index: fromIndex)
            case (false, true):
                guard server.sections.indices.contains(fromSection), fromIndex < server.sections[fromSection].items.count else {
                    return nil
                }
                return .insert(section: section, index: index, item: server.sections[fromSection].items[fromIndex])
            case (false, false): return nil
            }
        case .state(let sections):
            // The app keeps the extent it had loaded, cut from the new data.
            cursor = min(cursor, sections.count)
            loaded = sections.indices.map { s in
                s < cursor ? sections[s].items.count : (s == cursor && s < loaded.count ? min(loaded[s], sections[s].items.count) : 0)
            }
            return .state(sections.enumerated().map { s, section in
                DataSection(id: section.id, items: TreeList(section.items.prefix(loaded[s])))
            })
        }
    }

    /// Whether the server has rows the app has not been sent.
    private var hasMoreToLoad: Bool {
        guard generated.paging != nil, cursor < server.sections.count else { return false }
        return (cursor..<server.sections.count).contains { $0 >= loaded.count || loaded[$0] < server.sections[$0].items.count }
    }

    /// The next page, cut from the server's data as it is now: up to `size`
    /// rows after the app's prefix, in section order, one append per section
    /// it touches. Moves the prefix past them.
    ///
    /// - Complexity: O(size × log n + sections).
    private func cutPage(size: Int) -> [DataChange] {
        var changes: [DataChange] = []
        var remaining = size
        while cursor < server.sections.count {
            let items = server.sections[cursor].items
            let start = min(loaded[cursor], items.count)
            let take = min(remaining, items.count - start)
            if take > 0 {
                changes.append(.append(section: cursor, items: Array(items[start..<(start + take)])))
                loaded[cursor] = start + take
                remaining -= take
            }
            guard loaded[cursor] >= items.count else { break }
            cursor += 1
            if remaining == 0 { break }
        }
        return changes
    }

    /// Requests the next page when the paging's trigger holds: the viewport
    /// nears the end of the loaded content, or the list's last row is on
    /// screen for the first time.
    ///
    /// - Complexity: O(s) for `s` sections, plus O(log n) for the visible rows.
    private func checkPaging() {
        guard let paging = generated.paging, hasMoreToLoad, !pageInFlight else { return }
        if nextPage > 0 {
            switch paging.trigger {
            case .screens:
                let remaining = surface.contentHeight - (surface.contentOffset + surface.viewportHeight)
                guard remaining <= paging.triggerScreens * surface.viewportHeight else { return }
            case .lastRowWillDisplay:
                let rows = surface.rowCounts.reduce(0, +)
                // The list shrank (a reset to its first page): its last row may ask again when it comes back.
                if let last = lastRowTrigger, rows < last { lastRowTrigger = nil }
                guard rows > 0, rows != lastRowTrigger, surface.visibleRowRange.contains(rows - 1) else { return }
                lastRowTrigger = rows
            }
        }
        pageInFlight = true
        let latency = nextPage < generated.pageLatenciesMs.count ? generated.pageLatenciesMs[nextPage] : paging.latencyMs
        clock.async(Self.network, after: Sim.ms(latency)) { [self] in
            let page = cutPage(size: paging.pageSize)
            clock.trace?.instant("page \(nextPage + 1) arrives", kind: "page", at: clock.now)
            clock.startTrigger("page \(nextPage + 1)")
            // The world may have deleted the rows this page was for.
            if !page.isEmpty { send(page) }
            nextPage += 1
            pageInFlight = false
        }
    }

    private var allLoaded: Bool { !hasMoreToLoad && !pageInFlight }

    // MARK: - The user

    /// One frame: the finger's position at this time, then the layout pass.
    private func frame() {
        if let motion {
            var offset = motion.offset(at: clock.now)
            if tracksEnd { offset = min(offset, surface.maximumOffset) }
            surface.setContentOffset(offset)
        }
        surface.layoutIfNeeded()
        let shown = strategy.visibleContent()
        for key in shown { displayedItems.insert(key.item) }
        if let trace = clock.trace {
            trace.sample("memory MiB", Double(simulation.ledger.total) / 1_048_576, at: clock.now)
            trace.sample("scroll offset pt", surface.contentOffset, at: clock.now)
        }
        // An item the app's data no longer holds (a stale row) has no position: no search for it.
        if let last = shown.last?.item, last != lastShownItem, truth.versions[last] != nil {
            lastShownItem = last
            if let position = position(of: last, near: lastShownPosition ?? max(0, furthestPosition)) {
                lastShownPosition = position
                // Every item takes a row at least, so the surface's last visible
                // row bounds how far the user has come. The app may lag the
                // world (a post the world has moved far away is still shown
                // where the app had it): rows the list never had are not owed.
                let reached = surface.visibleRowRange.last.map { min(position, $0) } ?? position
                furthestPosition = max(furthestPosition, reached)
            }
        }
        if !firstContentSeen, !shown.isEmpty {
            firstContentSeen = true
            firstContentFramePending = true
        }
        if motion != nil, !motionDone { requestUserFrame() }
    }

    private var motionDone: Bool {
        guard let motion else { return true }
        let atEnd = surface.contentOffset >= surface.maximumOffset - 0.5
        switch motion {
        case .drag:
            // The end moves as rows are measured and pages arrive: done once it stays put.
            if tracksEnd { return atEnd && (allLoaded || !untilAllLoaded) && !clock.hasWork(readyBy: clock.now) }
            return motion.isFinished(at: clock.now)
        case .flick:
            return motion.isFinished(at: clock.now) || (atEnd && motion.offset(at: clock.now) > surface.maximumOffset)
        case .scrollToTop:
            return motion.isFinished(at: clock.now) && surface.contentOffset <= 0.5
        }
    }

    /// Starts, finishes and checks steps; returns true when the run is over.
    private func advanceSteps() -> Bool {
        // Settled: no work ready, and no block waiting on main for later (an
        // app's timer on main, such as a throttle's, still has a result to show).
        let settled = !clock.hasWork(readyBy: clock.now) && !clock.hasMainTaskScheduled
        if stepIndex < 0 {
            guard firstContentSeen, settled else { return false }
        } else {
            if let deadline, clock.now < deadline { return false }
            if let worldAwaited, worldDelivered < worldAwaited { return false }
            guard motionDone, settled || scanMaySwipeAgain else { return false }
            // A reader stays with each post shown since the last dwell (the first
            // screen's posts with the first swipe's).
            if let dwell = pendingDwellMsPerPost {
                pendingDwellMsPerPost = nil
                let newPosts = displayedItems.count - postsDwelt
                postsDwelt = displayedItems.count
                if newPosts > 0, dwell > 0 {
                    deadline = clock.now + Sim.ms(dwell * Double(newPosts))
                    return false
                }
            }
            staleRows += countStaleRows()
            // The list's invariants hold between updates: a scan may swipe on
            // while nodes or updates are still in flight on the workers.
            if checksInvariants, settled {
                invariantViolations += surface.checkInvariants().map { RunViolation(step: stepIndex, .list($0)) }
            }
            if let step = repeating, repetitions < Self.maximumRepetitions {
                let atEnd = surface.contentOffset >= surface.maximumOffset - 0.5
                if !(atEnd && allLoaded) {
                    // At the end with a page on its way, the user waits for it.
                    if atEnd { return false }
                    repetitions += 1
                    start(step)
                    return false
                }
                // Everything loaded and the last row shown: back to the first post passed unseen, if any.
                if step.goal == .everyPostShown, let target = firstOwedUnshown() {
                    revisited.insert(target.item)
                    repetitions += 1
                    motion = .drag(from: surface.contentOffset, to: target.offset, start: clock.now, pointsPerMs: .infinity)
                    if case .read(let pace, _) = step { expectDwell(pace) }
                    requestUserFrame()
                    return false
                }
            }
        }
        motion = nil
        deadline = nil
        worldAwaited = nil
        stepIndex += 1
        guard stepIndex < generated.steps.count else {
            finishedAt = clock.now
            return true
        }
        let stepName = "step \(stepIndex + 1): \(generated.steps[stepIndex].traceName)"
        clock.trace?.instant(stepName, kind: "step", at: clock.now)
        clock.startUserStep(stepName)
        start(generated.steps[stepIndex])
        return false
    }

    private func start(_ step: UserStep) {
        let now = clock.now
        let from = surface.contentOffset
        untilAllLoaded = false
        tracksEnd = false
        repeating = step.repeatsUntilAllLoaded ? step : nil
        switch step {
        case .wait(let ms):
            deadline = now + Sim.ms(ms)
        case .waitForWorld(let throughMs):
            let through = throughMs.map(Sim.ms) ?? .max
            worldAwaited = worldTimes.firstIndex { $0 > through } ?? worldTimes.count
        case let .scroll(target, pace, loadAll):
            let to = max(0, offset(of: target))
            let distance = abs(to - from)
            let speed: Double
            switch pace {
            case .velocity(let pointsPerSecond): speed = pointsPerSecond / 1_000
            case .durationMs(let ms): speed = ms > 0 ? distance / ms : .infinity
            }
            untilAllLoaded = loadAll && target == .end
            tracksEnd = target == .end
            motion = .drag(from: from, to: tracksEnd ? .greatestFiniteMagnitude : to, start: now, pointsPerMs: speed)
        case let .flick(velocity, deceleration, _):
            motion = .flick(from: from, start: now, pointsPerMs: velocity / 1_000, deceleration: deceleration)
        case let .pageDown(screens, _):
            let to = min(from + screens * surface.viewportHeight, surface.maximumOffset)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: .infinity)
        case let .read(pace, _):
            let distance = pace.screens * surface.viewportHeight
            let to = min(from + distance, surface.maximumOffset)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: distance / pace.swipeMs)
            deadline = nil
            expectDwell(pace)
        case let .scan(pace, _):
            let distance = pace.screens * surface.viewportHeight
            let to = min(from + distance, surface.maximumOffset)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: distance / pace.swipeMs)
        case .scrollToTop:
            strategy.willScrollToTop()
            motion = .scrollToTop(from: from, start: now)
        }
        requestUserFrame()
    }

    /// Whether a `scan` may swipe again although work is still under way:
    /// once the frame that laid out the rows that swiped in has run, main
    /// has nothing ready, and every visible row shows its content (a cell
    /// configured with its images set, a Texture node that is not a
    /// placeholder). Work on the workers for rows off screen (the next
    /// page's preparation, say) does not hold the tester back. At the end
    /// of the content, and for the scenario's last step, the tester waits
    /// for everything, as every other step does.
    ///
    /// - Complexity: O(v) for `v` visible rows.
    private var scanMaySwipeAgain: Bool {
        guard stepIndex >= 0, stepIndex < generated.steps.count - 1 || repeating != nil,
              case .scan = generated.steps[stepIndex] else { return false }
        let atEnd = surface.contentOffset >= surface.maximumOffset - 0.5
        guard !atEnd, !clock.hasMainWork(readyBy: clock.now) else { return false }
        return strategy.visibleContent().count == surface.visibleRowRange.count
    }

    /// After this motion, the reader dwells on each post not dwelt on yet.
    private func expectDwell(_ pace: ReadingPace) {
        pendingDwellMsPerPost = pace.dwellMsPerPost
    }

    private func offset(of target: ScrollTarget) -> Double {
        switch target {
        case .end: return surface.maximumOffset
        case .offset(let offset): return min(offset, surface.maximumOffset)
        case let .row(section, row):
            guard let sectionIndex = truth.sections.firstIndex(where: { $0.id == section }) else { return 0 }
            if row < truth.sections[sectionIndex].items.count { namedItems.insert(truth.sections[sectionIndex].items[row].id) }
            let counts = surface.rowCounts
            // A row the list does not have (yet): as far as the content goes.
            guard sectionIndex < counts.count, row < counts[sectionIndex] else { return surface.maximumOffset }
            return min(surface.frame(ofRow: ItemPath(section: sectionIndex, item: row)).minY, surface.maximumOffset)
        }
    }

    /// The first post the user passed (at or above the furthest position
    /// reached) that was never shown and not yet gone back to, with the offset
    /// that brings its row to the top of the viewport.
    ///
    /// - Complexity: O(n) in the items passed.
    private func firstOwedUnshown() -> (item: Int, offset: Double)? {
        var index = 0
        for (sectionIndex, section) in truth.sections.enumerated() {
            for (itemIndex, item) in section.items.enumerated() {
                guard index <= furthestPosition else { return nil }
                index += 1
                guard !displayedItems.contains(item.id), !revisited.contains(item.id),
                      let row = strategy.row(showing: item.id, at: ItemPath(section: sectionIndex, item: itemIndex)) else { continue }
                let counts = surface.rowCounts
                guard row.section < counts.count, row.item < counts[row.section] else { continue }
                return (item.id, min(surface.frame(ofRow: row).minY, surface.maximumOffset))
            }
        }
        return nil
    }

    /// Items owed and never shown: in the app's data at the end, every item
    /// at or above the furthest of the last-shown items, and every named item.
    ///
    /// - Complexity: O(n) once, at the end of the run.
    private func rowsNeverDisplayed() -> Int {
        var owed = Set<Int>()
        var present = Set<Int>()
        var index = 0
        for section in truth.sections {
            for item in section.items {
                if index <= furthestPosition { owed.insert(item.id) }
                if namedItems.contains(item.id) { present.insert(item.id) }
                index += 1
            }
        }
        return owed.union(present).subtracting(displayedItems).count
    }

    /// An item's position in the app's data, sections end to end, searched
    /// outward from `hint` (the user scrolls a few rows a frame, so the item
    /// on screen is near where the last one was).
    ///
    /// - Complexity: O(d log n) for an item `d` positions from the hint; O(n log n) at worst.
    private func position(of item: Int, near hint: Int) -> Int? {
        var starts: [Int] = []
        var total = 0
        for section in truth.sections {
            starts.append(total)
            total += section.items.count
        }
        func identifier(at position: Int) -> Int? {
            guard position >= 0, position < total else { return nil }
            var section = 0
            while section + 1 < starts.count, starts[section + 1] <= position { section += 1 }
            return truth.sections[section].items[position - starts[section]].id
        }
        var distance = 0
        while hint - distance >= 0 || hint + distance < total {
            if identifier(at: hint + distance) == item { return hint + distance }
            if distance > 0, identifier(at: hint - distance) == item { return hint - distance }
            distance += 1
        }
        return nil
    }

    /// Visible rows whose content is not the item's current version (or whose item is gone).
    private func countStaleRows() -> Int {
        strategy.visibleContent().reduce(0) { $0 + (truth.versions[$1.item] == $1.version ? 0 : 1) }
    }

    // MARK: - Metrics

    private func metrics() -> RunMetrics {
        let sim = simulation
        let stats = clock.frameStats
        let end = max(clock.now, stats.lastFrameAt ?? 0)
        let seconds = max(Sim.milliseconds(end) / 1_000, 0.001)
        let hitchMs = Sim.milliseconds(stats.hitchTime)
        let status: RunStatus
        if !sim.inconsistencies.isEmpty {
            status = .crashed
        } else if sim.ledger.killedAt != nil {
            status = .killed
        } else if finishedAt == nil {
            status = .timedOut
        } else {
            status = .completed
        }
        return RunMetrics(
            status: status,
            boundReached: boundReached,
            timeToFirstFrameMs: firstContentAt.map(Sim.milliseconds),
            completionMs: finishedAt.map { Sim.milliseconds(max($0, stats.lastFrameAt ?? 0)) },
            mainThreadBusyMs: Sim.milliseconds(clock.mainBusy),
            mainThreadWaitingMs: Sim.milliseconds(clock.mainWaiting),
            backgroundBusyMs: Sim.milliseconds(clock.backgroundBusy),
            frames: stats.frames, hitches: stats.hitches, hitchTimeMs: hitchMs,
            hitchRatioMsPerS: hitchMs / seconds, hitchRating: HitchRating(ratioMsPerS: hitchMs / seconds),
            worstFrameMs: Sim.milliseconds(stats.worstFrame),
            cellsCreated: sim.counters.cellsCreated, cellsReused: sim.counters.cellsReused,
            cellsConfigured: sim.counters.cellsConfigured, heightsComputed: sim.counters.heightsComputed,
            nodesAllocated: sim.counters.nodesAllocated, diffedItems: sim.counters.diffedItems,
            peakMemoryBytes: sim.ledger.peak, finalMemoryBytes: sim.ledger.total,
            killed: sim.ledger.killedAt != nil, killedAtMs: sim.ledger.killedAt.map(Sim.milliseconds),
            memorySeries: sim.ledger.series, frameSeries: stats.series,
            inconsistencies: sim.inconsistencies.count, firstInconsistency: sim.inconsistencies.first?.message,
            staleRows: staleRows, scrollJumpPoints: sim.counters.scrollJumpPoints,
            unchangedCellsReloaded: sim.counters.unchangedCellsReloaded,
            rowsDisplayed: displayedItems.count, rowsNeverDisplayed: rowsNeverDisplayed(),
            misSizedRows: sim.counters.misSizedRows,
            breakdown: CostBreakdown(main: clock.mainByCategory, background: clock.backgroundByCategory),
            hitchCauses: CostBreakdown.shares(stats.hitchCauses).enumerated()
                .sorted { $0.element.ms != $1.element.ms ? $0.element.ms > $1.element.ms : $0.offset < $1.offset }.map(\.element),
            worstFrameCause: stats.worstFrameCause,
            hitchTriggers: stats.hitchTriggers.map { CostBreakdown.Share(category: $0.key, ms: Sim.milliseconds($0.value)) }
                .sorted { $0.ms != $1.ms ? $0.ms > $1.ms : $0.category < $1.category },
            worstFrameTrigger: stats.worstFrameTrigger,
            loggedMessages: sim.logged.isEmpty ? nil : sim.logged.count,
            firstLoggedMessage: sim.logged.first?.message)
    }
}

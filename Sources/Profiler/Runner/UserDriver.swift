import ListDiff
import ListData
import ListSimulator
import Scenarios
import Strategies

/// The person using the app: the scenario's steps, one after another, each
/// a motion at touch pace (``ScrollMotion``), a wait or a dwell.
///
/// The first step starts once the first content is on screen; each later
/// step once the previous one's motion is over and the app has settled (no
/// work ready to run and no block waiting on main for later: its result is
/// on screen). After a `scan` swipe (but the scenario's last step), only
/// main must be done and every visible row show its content, not the
/// workers. A step that repeats until everything is loaded repeats at the
/// end of the content while a page is on its way, and, for
/// `untilEveryPostShown`, goes back to each owed post it passed unseen.
///
/// Touches are handled on main (docs/simulator.md, "Touches are handled on
/// main"): the finger's position reaches the content only in a frame
/// (``moveFinger()``), so a stalled main thread holds the content, and the
/// first frame after it jumps to where the finger is; a gesture is over
/// only once main has handled its last touch, since the run loop that checks
/// it runs between main's tasks; a status-bar tap runs on main as a task.
final class UserDriver {
    private let steps: [UserStep]
    private let clock: SimClock
    private let strategy: any ListStrategy
    private let world: World
    private let coverage: Coverage
    private let triggers: TriggerTable
    /// The current step (-1 before the first).
    private(set) var stepIndex = -1
    private(set) var motion: ScrollMotion?
    /// When the current wait or dwell ends.
    private(set) var deadline: SimTime?
    /// When the last step finished (nil until then).
    private(set) var finishedAt: SimTime?
    /// With a `waitForWorld` step: how many change groups must have been delivered.
    private var worldAwaited: Int?
    private var untilAllLoaded = false
    /// The step the user repeats until everything is loaded, if the current step is one.
    private var repeating: UserStep?
    /// Repetitions performed by such steps (bounded by ``ScenarioRunner/maximumRepetitions``).
    private var repetitions = 0
    /// Whether the current drag goes to the end of the content as it is now (re-targeted every frame).
    private var tracksEnd = false
    /// Whether the current drag goes to the top of the content (`scroll to: "start"`): older pages may arrive above meanwhile.
    private var tracksStart = false
    /// The app's offset moves when the current motion started (``ListSurface/appOffsetShift``).
    private var shiftAtStart = 0.0
    /// The list's content drift when the current motion started (``ListSurface/contentDrift``).
    private var driftAtStart = 0.0
    /// Which way the current step goes: -1 up the list, 1 down (``UserStep/direction``).
    private var direction = 1.0
    /// A `read` step: how many of the posts shown the reader has already
    /// dwelt on, and the dwell per post still to come after the current
    /// swipe (nil once the dwell has started).
    private var postsDwelt = 0
    private var pendingDwellMsPerPost: Double?
    /// A scroll to an item the app had not loaded (`notLoaded: load`): the
    /// item and the step, while the app pages towards it.
    private var seeking: (id: Int, step: UserStep)?
    /// Scroll targets the person never reached, one line each ("step 3: …"), for the report.
    private(set) var missed: [String] = []

    /// The strategy's list, read once (``ListStrategy/surface`` never changes):
    /// every frame asks it several things.
    private let surface: any ListSurface

    init(steps: [UserStep], clock: SimClock, strategy: any ListStrategy, world: World, coverage: Coverage, triggers: TriggerTable) {
        self.steps = steps
        self.clock = clock
        self.strategy = strategy
        surface = strategy.surface
        self.world = world
        self.coverage = coverage
        self.triggers = triggers
    }

    private var atEnd: Bool { surface.contentOffset >= surface.maximumOffset - 0.5 }
    private var atStart: Bool { surface.contentOffset <= 0.5 }
    /// At the end the current step goes towards: the top for a step up the list, the bottom otherwise.
    private var atGoalEnd: Bool { direction < 0 ? atStart : atEnd }
    /// How far the app has moved the offset since the current motion started,
    /// plus how far the list's own layout moved the content being read: a
    /// gesture moves content, so it follows both (docs/simulator.md, "A
    /// person reads content"). A scroll to the top goes to offset 0 whatever moved.
    private var appShift: Double {
        let drift: Double
        if case .scrollToTop? = motion { drift = 0 } else { drift = surface.contentDrift - driftAtStart }
        return surface.appOffsetShift - shiftAtStart + drift
    }

    /// Asks for a frame for the user's own motion: its work is blamed on the current step.
    func requestFrame() {
        clock.startUserWork()
        clock.setNeedsDisplay()
    }

    /// The finger's position at this frame's time.
    func moveFinger() {
        guard let motion else { return }
        var offset = motion.offset(at: clock.now)
        // The finger moves the content from where the app left it.
        let shift = appShift
        if shift != 0 { offset += shift }
        if tracksEnd { offset = min(offset, surface.maximumOffset) }
        if tracksStart { offset = max(offset, 0) }
        surface.setContentOffset(offset)
    }

    var motionDone: Bool {
        guard let motion else { return true }
        switch motion {
        case .drag:
            // The end moves as rows are measured and pages arrive: done once it stays put.
            if tracksEnd { return atEnd && (world.allLoaded || !untilAllLoaded) && !clock.hasWork(readyBy: clock.now) }
            if tracksStart { return atStart && (world.allLoaded || !untilAllLoaded) && !clock.hasWork(readyBy: clock.now) }
            return motion.isFinished(at: clock.now)
        case .flick:
            // The viewport stops early at the end the flick goes towards.
            if direction < 0 { return motion.isFinished(at: clock.now) || (atStart && motion.offset(at: clock.now) + appShift < 0) }
            return motion.isFinished(at: clock.now) || (atEnd && motion.offset(at: clock.now) > surface.maximumOffset)
        case .scrollToTop:
            return motion.isFinished(at: clock.now) && surface.contentOffset <= 0.5
        }
    }

    /// Whether the current step is over (for the first, whether the user may
    /// begin): its wait, the world it awaits, its motion and the app's work
    /// are done. A `read` step's dwell on the posts it brought begins here
    /// (the first screen's posts with the first swipe's), so it is over only
    /// after that.
    func stepIsOver(firstContentSeen: Bool, settled: Bool) -> Bool {
        guard stepIndex >= 0 else { return firstContentSeen && settled }
        if let deadline, clock.now < deadline { return false }
        if let worldAwaited, world.groupsDelivered < worldAwaited { return false }
        guard motionDone, settled || scanMaySwipeAgain else { return false }
        if let dwell = pendingDwellMsPerPost {
            pendingDwellMsPerPost = nil
            let newPosts = coverage.displayed.count - postsDwelt
            postsDwelt = coverage.displayed.count
            if newPosts > 0, dwell > 0 {
                deadline = clock.now + Sim.ms(dwell * Double(newPosts))
                return false
            }
        }
        return true
    }

    /// After ``stepIsOver(firstContentSeen:settled:)``: repeats the step,
    /// goes back to a post passed unseen, or starts the next step. Returns
    /// true when the last step is done.
    func moveOn() -> Bool {
        if let seek = seeking {
            if world.truth.position(of: seek.id) != nil {
                // The page with the item has arrived: the scroll the step asked for.
                seeking = nil
                start(seek.step)
                return false
            }
            if world.allLoaded {
                seeking = nil
                missed.append("step \(stepIndex + 1): item \(seek.id) is not in the app's data once every page has loaded (deleted); the list stayed at the end it paged to")
            } else {
                // At the end with a page on its way, the person waits for it; else the app pages on.
                if atGoalEnd { return false }
                seekTowardsPages()
                return false
            }
        }
        if let step = repeating, repetitions < ScenarioRunner.maximumRepetitions {
            if !(atGoalEnd && world.allLoaded) {
                // At the end with a page on its way, the user waits for it.
                if atGoalEnd { return false }
                repetitions += 1
                start(step)
                return false
            }
            // Everything loaded and the last row shown: back to the first post passed unseen, if any.
            if step.goal == .everyPostShown, let target = coverage.revisitFirstOwedUnshown(truth: world.truth, strategy: strategy) {
                repetitions += 1
                motion = .drag(from: surface.contentOffset, to: target, start: clock.now, pointsPerMs: .infinity)
                shiftAtStart = surface.appOffsetShift
                driftAtStart = surface.contentDrift
                if case .read(let pace, _) = step { pendingDwellMsPerPost = pace.dwellMsPerPost }
                requestFrame()
                return false
            }
        }
        motion = nil
        deadline = nil
        worldAwaited = nil
        stepIndex += 1
        guard stepIndex < steps.count else {
            finishedAt = clock.now
            return true
        }
        let trigger = Trigger.step(stepIndex + 1, name: steps[stepIndex].traceName)
        clock.trace?.instant(trigger.description, kind: "step", at: clock.now)
        clock.setUserTrigger(triggers.id(trigger))
        start(steps[stepIndex])
        return false
    }

    private func start(_ step: UserStep) {
        let now = clock.now
        let from = surface.contentOffset
        untilAllLoaded = false
        tracksEnd = false
        tracksStart = false
        shiftAtStart = surface.appOffsetShift
        driftAtStart = surface.contentDrift
        direction = step.direction
        repeating = step.repeatsUntilAllLoaded ? step : nil
        switch step {
        case .wait(let ms):
            deadline = now + Sim.ms(ms)
        case .waitForWorld(let throughMs):
            worldAwaited = world.groups(through: throughMs)
        case let .scroll(.itemID(id, notLoaded), _, _) where world.truth.position(of: id) == nil:
            // Not loaded when the step runs: the scenario says what the app does.
            switch notLoaded {
            case .stop:
                missed.append("step \(stepIndex + 1): item \(id) was not loaded; the app stayed where it was (notLoaded: stop)")
                deadline = now
            case .load:
                seeking = (id, step)
                seekTowardsPages()
                return
            }
        case let .scroll(target, pace, loadAll):
            let to = max(0, offset(of: target))
            let distance = abs(to - from)
            let speed: Double
            switch pace {
            case .velocity(let pointsPerSecond): speed = pointsPerSecond / 1_000
            case .durationMs(let ms): speed = ms > 0 ? distance / ms : .infinity
            }
            untilAllLoaded = loadAll && (target == .end || target == .start)
            tracksEnd = target == .end
            tracksStart = target == .start
            let goal = tracksEnd ? .greatestFiniteMagnitude : (tracksStart ? -.greatestFiniteMagnitude : to)
            motion = .drag(from: from, to: goal, start: now, pointsPerMs: speed)
        case let .flick(velocity, deceleration, _):
            motion = .flick(from: from, start: now, pointsPerMs: velocity / 1_000, deceleration: deceleration)
        case let .pageDown(screens, _):
            let to = swipeTarget(from: from, distance: screens * surface.viewportHeight)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: .infinity)
        case let .read(pace, _):
            let distance = pace.screens * surface.viewportHeight
            let to = swipeTarget(from: from, distance: distance)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: abs(distance) / pace.swipeMs)
            deadline = nil
            // After this motion, the reader dwells on each post not dwelt on yet.
            pendingDwellMsPerPost = pace.dwellMsPerPost
        case let .scan(pace, _):
            let distance = pace.screens * surface.viewportHeight
            let to = swipeTarget(from: from, distance: distance)
            motion = .drag(from: from, to: to, start: now, pointsPerMs: abs(distance) / pace.swipeMs)
        case .scrollToTop:
            // The tap is handled on main, where UIScrollView asks its delegate
            // (`scrollViewShouldScrollToTop`); the scroll begins once it returns.
            motion = .scrollToTop(from: from, start: now)
            clock.async(.main) { [self] in
                strategy.willScrollToTop()
                motion = .scrollToTop(from: surface.contentOffset, start: clock.now)
                shiftAtStart = surface.appOffsetShift
                requestFrame()
            }
        }
        requestFrame()
    }

    /// The app asks for the pages towards an item it has not loaded: a drag
    /// to the end where pages arrive (the top for a list that pages at its
    /// top), at the default drag speed, as a scroll to that end does; each
    /// page the drag brings near is asked for as paging does.
    private func seekTowardsPages() {
        let up = world.pagesAtTop
        direction = up ? -1 : 1
        tracksEnd = !up
        tracksStart = up
        untilAllLoaded = false
        shiftAtStart = surface.appOffsetShift
        driftAtStart = surface.contentDrift
        motion = .drag(from: surface.contentOffset, to: up ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude, start: clock.now,
                       pointsPerMs: ScrollPace.defaultPointsPerSecond / 1_000)
        requestFrame()
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
        guard stepIndex >= 0, stepIndex < steps.count - 1 || repeating != nil,
              case .scan = steps[stepIndex] else { return false }
        guard !atGoalEnd, !clock.hasMainWork(readyBy: clock.now) else { return false }
        return strategy.visibleContent().count == surface.visibleRowRange.count
    }

    /// Where a swipe of `distance` points (negative: up) from `from` ends, within the content.
    private func swipeTarget(from: Double, distance: Double) -> Double {
        distance < 0 ? max(from + distance, 0) : min(from + distance, surface.maximumOffset)
    }

    private func offset(of target: ScrollTarget) -> Double {
        switch target {
        case .end: return surface.maximumOffset
        case .start: return 0
        case .offset(let offset): return min(offset, surface.maximumOffset)
        case let .row(section, row):
            let truth = world.truth
            guard let sectionIndex = truth.sections.firstIndex(where: { $0.id == section }) else { return 0 }
            if row < truth.sections[sectionIndex].items.count { coverage.name(truth.sections[sectionIndex].items[row].id) }
            let counts = surface.rowCounts
            // A row the list does not have (yet): as far as the content goes.
            guard sectionIndex < counts.count, row < counts[sectionIndex] else { return surface.maximumOffset }
            return min(surface.frame(ofRow: ItemPath(section: sectionIndex, item: row)).minY, surface.maximumOffset)
        case let .item(section, index):
            let truth = world.truth
            guard let sectionIndex = truth.sections.firstIndex(where: { $0.id == section }) else { return 0 }
            // An item the app does not have (yet): as far as the content goes.
            guard index < truth.sections[sectionIndex].items.count else { return surface.maximumOffset }
            return offset(ofItem: truth.sections[sectionIndex].items[index].id, at: ItemPath(section: sectionIndex, item: index))
        case .itemID(let id, _):
            // Where the item is in what the app has been sent (a step whose
            // item is not loaded pages towards it first, or stops, as its
            // `notLoaded` says; one deleted meanwhile: as far as the content goes).
            guard let position = world.truth.position(of: id) else { return surface.maximumOffset }
            return offset(ofItem: id, at: ItemPath(section: position.section, item: position.index))
        }
    }

    /// The offset that brings the first row showing `item` (at `path` in the
    /// app's data) to the top, and the item named as owed.
    private func offset(ofItem item: Int, at path: ItemPath) -> Double {
        coverage.name(item)
        let counts = surface.rowCounts
        guard let row = strategy.row(showing: item, at: path),
              row.section < counts.count, row.item < counts[row.section] else { return surface.maximumOffset }
        return min(surface.frame(ofRow: row).minY, surface.maximumOffset)
    }
}

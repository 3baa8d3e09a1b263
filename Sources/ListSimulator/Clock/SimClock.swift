/// Virtual time for one simulated app: a main thread, the device's
/// background workers, the CPU cores they share, and the display's vsync.
///
/// Cores: when more threads are running than the device has cores, they
/// share them as the kernel of the device's iOS does (``CPUScheduler``): from
/// iOS 13, as XNU's clutch scheduler does (`doc/scheduler/sched_clutch_edge.md`,
/// `osfmk/kern/sched_clutch.c`, `thread_policy.c` in apple-oss-distributions/xnu):
/// - the main thread of the frontmost app is in the top bucket (FG,
///   priority 47) with user-interactive workers (46); user-initiated (37),
///   default (31), utility (20) and background (4) work fall in the IN, DF,
///   UT and BG buckets;
/// - cores go to the higher buckets first; the threads of one bucket share
///   what it gets equally (time-sharing);
/// - a bucket left without any core still gets ``QoS/starvationShare`` of
///   one, taken from the threads above it in proportion to their shares.
/// So user-interactive workers slow the main thread down as soon as main
/// and they outnumber the cores, while user-initiated, default, utility and
/// background work take from main only its starvation share, and only when
/// main and higher work hold every core. Up to iOS 12 (``CPUScheduler/decayBand``),
/// user-initiated and default work time-share the cores with main as well,
/// and utility and background work only take cores they leave.
///
/// A task's speed follows the tasks that started before it and are still
/// running (their ends are known, since tasks run in start order) and the
/// idle workers' tasks that are ready to start, taken as running until a
/// known end (estimate: the atomic model cannot know how long they run; a
/// task queued after this one started does not slow it down).
/// Time the main thread spends ready but without a full core is
/// ``mainWaiting``, not busy time.
///
/// Tasks run atomically at their start time, in start-time order. At equal
/// start times: a delayed submission joins its serial queue first; then a
/// main task; then the frame; then a worker's task. Within main, and
/// within one class of background work, the earlier ready time and then the
/// first enqueued goes first; among background classes, the highest class
/// with a task ready by the start goes first, on the worker free earliest
/// (the lowest index among equals). While a task runs, ``charge(_:)``
/// advances ``now`` and keeps the thread busy. So a background task's
/// mutation is visible to every main-thread task that starts later, and a
/// main-thread batch update that was queued before it still reads the
/// mutated model, exactly the race of real apps.
///
/// Frames: ``setNeedsDisplay()`` asks for a frame at the next vsync `v`. The
/// frame's work (``frameHandler``) runs once main is free and no main task is
/// ready before it; it is presented at the first vsync after its work ends, and
/// never before `v` + one interval. A frame presented later than that is a
/// hitch; its hitch time is how much later (Apple, "Understanding hitches in
/// your app"). So a 40 ms main-thread task at 60 Hz delays the frame due at
/// 16.7 ms to 50 ms: one hitch of 33.3 ms.
///
/// - Complexity: O(log q) per task for `q` queued tasks.
public final class SimClock {
    public let frameInterval: SimTime
    /// The current virtual time (inside a task: its start plus what it charged so far).
    public private(set) var now: SimTime = 0
    /// The thread of the running task (main when idle).
    public private(set) var thread: SimThread = .main
    /// Modeled time spent working on main and on the workers.
    public private(set) var mainBusy: SimTime = 0
    public private(set) var backgroundBusy: SimTime = 0
    /// Time main was ready to run but had no (full) core: it shared one with other threads.
    public private(set) var mainWaiting: SimTime = 0
    /// Records every charge and frame when set (`--export-trace`).
    public var trace: TraceRecorder?
    /// Busy time by category: each adds up to ``mainBusy`` / ``backgroundBusy``.
    public private(set) var mainByCategory = CategoryTimes()
    public private(set) var backgroundByCategory = CategoryTimes()
    /// Main's work since the last frame was presented, by category (what a late frame is blamed on).
    private var frameWork = CategoryTimes()
    /// The same, by trigger (indexed by ``TriggerID/rawValue``), and the triggers it holds time for.
    private var frameWorkByTrigger: [SimTime] = [0]
    private var frameTriggers: [TriggerID] = []
    /// What set off the work running now: a task inherits it from the work
    /// that enqueued it; nil is the user's own (``userTrigger``).
    private var trigger: TriggerID?
    /// What the user's own work is blamed on (the host's current step).
    private var userTrigger = TriggerID(0)
    /// What set off the work that asked for the next frame.
    private var displayTrigger: TriggerID?
    /// The CPU cores the threads share, and how the kernel shares them.
    public let cores: Int
    public let scheduler: CPUScheduler
    public private(set) var frameStats = FrameStats()
    /// Hangs closed so far (``hangStats`` adds the stretch still open).
    private var closedHangs = HangStats()
    /// Where main's current busy stretch began (its tasks and frames back to back).
    private var busyStretchStart: SimTime = 0
    /// Called on main at each frame: the layout and display pass.
    public var frameHandler: ((SimTime) -> Void)?

    private var mainFree: SimTime = 0
    private var workerFree: [SimTime]
    /// The class of the task each worker runs or last ran (busy until its `workerFree`).
    private var workerQoS: [QoS]
    private var mainQueue = TaskHeap()
    private var backgroundQueues: [TaskHeap]
    private var sequence = 0
    private var displayRequestedAt: SimTime?
    /// Serial queues: tasks waiting behind the one that is queued or running.
    private var serialWaiting: [String: FIFO<(qos: QoS, task: SimTask)>] = [:]
    private var serialBusy = Set<String>()
    /// Serial queues: when the last task that ran ends (tasks run atomically, so
    /// a queue is busy in virtual time until then even after its task has run).
    private var serialFreeAt: [String: SimTime] = [:]
    /// Delayed submissions to serial queues, by the time they join their
    /// queue (as `asyncAfter` hands a block to its queue at the deadline).
    private var timers = TaskHeap()
    private var lastFrameVsync: SimTime

    /// - Parameter cores: the CPU cores the main thread and the workers share
    ///   (nil: as many as there are threads, so nothing ever waits for one).
    public init(frameInterval: SimTime, workers: Int, cores: Int? = nil, scheduler: CPUScheduler = .clutch) {
        self.frameInterval = max(1, frameInterval)
        lastFrameVsync = -self.frameInterval
        workerFree = Array(repeating: 0, count: max(1, workers))
        workerQoS = Array(repeating: .background, count: max(1, workers))
        self.cores = max(1, cores ?? (max(1, workers) + 1))
        self.scheduler = scheduler
        backgroundQueues = Array(repeating: TaskHeap(), count: QoS.allCases.count)
    }

    /// Spends modeled CPU time on the current thread. The clock advances by
    /// more than `cost` when the thread shares a core (see the type's notes).
    ///
    /// - Complexity: O(w²) for `w` workers when cores are contended (ready
    ///   work counted up to the idle workers), O(1) when every thread has a core.
    public func charge(_ cost: SimTime, category: CostCategory = .app) {
        guard cost > 0 else { return }
        let start = now
        now = start + wallTime(for: cost)
        trace?.slice(TraceRecorder.Slice(thread: thread, start: start, duration: now - start, busy: cost, category: category))
        if thread == .main {
            countMainTime(cost, category)
            mainWaiting += now - start - cost
        } else {
            backgroundBusy += cost
            backgroundByCategory.add(cost, to: category)
        }
    }

    /// Main's busy time, by category and by what set it off (for the frame it delays).
    private func countMainTime(_ time: SimTime, _ category: CostCategory) {
        mainBusy += time
        mainByCategory.add(time, to: category)
        frameWork.add(time, to: category)
        let setOff = trigger ?? userTrigger
        if setOff.rawValue >= frameWorkByTrigger.count {
            frameWorkByTrigger += Array(repeating: 0, count: setOff.rawValue + 1 - frameWorkByTrigger.count)
        }
        if frameWorkByTrigger[setOff.rawValue] == 0 { frameTriggers.append(setOff) }
        frameWorkByTrigger[setOff.rawValue] += time
    }

    /// Main blocks until `done()` says when what it waits for was done, as a
    /// `dispatch_group_wait` on main does: the workers' tasks and delayed
    /// submissions run meanwhile, in start order, until `done()` returns a
    /// time (nil: not yet); main resumes then (the end of the task that
    /// finished last, which may have started before the wait), or at once
    /// if that is past. Main's own tasks and frames wait. The blocked time
    /// is main's in `category` (busy time, hangs, the late frame it causes)
    /// but takes no core: the workers that run meanwhile do not share one
    /// with main. Called by the host between tasks (main idle), it blocks
    /// from the current time as a main task would.
    ///
    /// Caveat (estimate): a worker's task that starts during the wait but
    /// runs after main resumes (the clock runs tasks whole, in start order)
    /// sees main as running from where it blocked.
    ///
    /// - Complexity: O(log q) per task run meanwhile, plus the tasks' work.
    public func blockMain(until done: () -> SimTime?, category: CostCategory) {
        guard thread == .main else { return }
        let start = now
        let blockedTrigger = trigger
        let busyUntil = mainFree
        mainFree = start
        var finished = done()
        while finished == nil, let event = nextWorkerEvent() {
            perform(event)
            finished = done()
        }
        let resume = max(start, finished ?? now)
        thread = .main
        trigger = blockedTrigger
        now = resume
        mainFree = max(busyUntil, resume)
        guard resume > start else { return }
        trace?.slice(TraceRecorder.Slice(thread: .main, start: start, duration: resume - start, busy: resume - start, category: category))
        countMainTime(resume - start, category)
    }

    /// The class the running thread's task is scheduled in.
    private var runningQoS: QoS {
        switch thread {
        case .main: return .userInteractive
        case .worker(let index): return workerQoS[index]
        }
    }

    /// How long `cost` of CPU takes on the running thread from `now`,
    /// given the other threads' tasks still running (``CPUScheduler/wallTime(for:from:load:)``).
    private func wallTime(for cost: SimTime) -> SimTime {
        // Every thread has a core of its own: nothing to share.
        guard workerFree.count + 1 > cores else { return cost }
        let queues = backgroundQueues
        let load = CoreLoad(thread: thread, qos: runningQoS, mainFree: mainFree, workerFree: workerFree, workerQoS: workerQoS,
                            cores: cores) { qos, time, limit in queues[qos.rawValue].countReady(by: time, limit: limit) }
        return scheduler.wallTime(for: cost, from: now, load: load)
    }

    /// Enqueues work, ready `delay` after the current time.
    ///
    /// With a delay, work for a serial queue joins that queue only when the
    /// delay has passed, as `DispatchQueue.asyncAfter` submits its block at
    /// the deadline: a task queued for later never holds back one that is
    /// ready (a page response does not wait behind a world event due later).
    /// Main and concurrent queues order tasks by ready time already.
    ///
    /// - Complexity: O(log q).
    public func async(_ queue: SimQueue, after delay: SimTime = 0, _ work: @escaping () -> Void) {
        sequence += 1
        let origin = trigger
        let task = SimTask(ready: now + max(0, delay), sequence: sequence) { [unowned self] in
            self.trigger = origin
            work()
        }
        switch queue {
        case .main: mainQueue.push(task)
        case .background(let qos): backgroundQueues[qos.rawValue].push(task)
        case let .serial(name, qos):
            let wrapped = SimTask(ready: task.ready, sequence: task.sequence) { [unowned self] in
                self.trigger = origin
                work()
                self.releaseNext(onSerial: name)
            }
            if delay > 0 {
                timers.push(SimTask(ready: task.ready, sequence: task.sequence) { [unowned self] in
                    self.submit(wrapped, toSerial: name, qos: qos)
                })
            } else {
                submit(wrapped, toSerial: name, qos: qos)
            }
        }
    }

    /// A task joins a serial queue: it runs once the tasks before it have.
    private func submit(_ task: SimTask, toSerial name: String, qos: QoS) {
        if serialBusy.contains(name) {
            serialWaiting[name, default: FIFO()].append((qos, task))
        } else {
            serialBusy.insert(name)
            var ready = task
            ready.ready = max(ready.ready, serialFreeAt[name] ?? 0)
            backgroundQueues[qos.rawValue].push(ready)
        }
    }

    /// A serial queue's task finished: the next one may start, not before now.
    ///
    /// - Complexity: O(1) amortised (the waiting list is taken from in place).
    private func releaseNext(onSerial name: String) {
        serialFreeAt[name] = now
        guard var next = serialWaiting[name]?.popFirst() else {
            serialBusy.remove(name)
            return
        }
        next.task.ready = max(next.task.ready, now)
        backgroundQueues[next.qos.rawValue].push(next.task)
    }

    /// Work from now on was set off by `trigger` (a world change, a page,
    /// the first data, as the host numbers them); tasks it enqueues inherit it.
    ///
    /// - Complexity: O(1).
    public func startTrigger(_ trigger: TriggerID) { self.trigger = trigger }

    /// The user's own work from now on (a motion's frames), blamed on ``setUserTrigger(_:)``'s trigger.
    public func startUserWork() { trigger = nil }

    /// The user's own work is blamed on `trigger` from now on (the host's
    /// current step), and the work running now is the user's.
    ///
    /// - Complexity: O(1).
    public func setUserTrigger(_ trigger: TriggerID) {
        userTrigger = trigger
        self.trigger = nil
    }

    /// Asks for a frame at the next vsync.
    public func setNeedsDisplay() {
        if displayRequestedAt == nil {
            displayRequestedAt = now
            displayTrigger = trigger
        }
    }

    /// Whether any work is ready to run by `time`: a task whose ready time has
    /// come, a wanted frame, or a worker still running a task at `time` (the
    /// clock runs a task whole when it starts, so what it hands to main or to
    /// a serial queue becomes ready only at its end, after `time`). Work
    /// queued for later (a world event at a future time) does not count.
    ///
    /// - Complexity: O(workers + QoS classes).
    public func hasWork(readyBy time: SimTime) -> Bool {
        displayRequestedAt != nil || workerFree.contains { $0 > time }
            || (mainQueue.top.map { $0.ready <= time } ?? false)
            || (timers.top.map { $0.ready <= time } ?? false)
            || backgroundQueues.contains { $0.top.map { $0.ready <= time } ?? false }
    }

    /// Whether a block waits on the main queue, due now or later (an app's
    /// `asyncAfter` on main: a throttle's timer, say). What it will do
    /// reaches the screen only when it runs, so a user waiting for a
    /// result waits for it too.
    ///
    /// - Complexity: O(1).
    public var hasMainTaskScheduled: Bool { !mainQueue.isEmpty }

    /// Whether main has work ready by `time`: a frame to display or a block
    /// on its queue. Work on the workers (running, or waiting on their
    /// queues) does not count: what it makes reaches the screen only through
    /// main, later.
    ///
    /// - Complexity: O(1).
    public func hasMainWork(readyBy time: SimTime) -> Bool {
        displayRequestedAt != nil || (mainQueue.top.map { $0.ready <= time } ?? false)
    }

    /// The earliest end, after `time`, of a task a worker is still running,
    /// if any: the task may hand work to main only then.
    ///
    /// - Complexity: O(workers).
    public func nextWorkerEnd(after time: SimTime) -> SimTime? {
        var earliest: SimTime?
        for end in workerFree where end > time && earliest.map({ end < $0 }) ?? true { earliest = end }
        return earliest
    }

    /// Runs every task and frame that starts at or before `time`, then sets
    /// the clock to `time` (or later, if a task ran past it).
    public func run(until time: SimTime) {
        while let next = nextEvent(), next.start <= time { perform(next) }
        thread = .main
        now = max(now, time)
    }

    /// Runs the next task or frame, if any; returns false when nothing is pending.
    @discardableResult
    public func step() -> Bool { step(startingBy: nil) }

    /// The start time of the next task or frame, if any.
    public var nextEventTime: SimTime? { nextEvent()?.start }

    /// Runs the next task or frame if there is one that starts at or before
    /// `bound` (any, with no bound); returns whether it ran one: what a run
    /// loop asks each pass, the next event worked out once.
    @discardableResult
    public func step(startingBy bound: SimTime?) -> Bool {
        guard let next = nextEvent(), bound.map({ next.start <= $0 }) ?? true else { return false }
        perform(next)
        thread = .main
        return true
    }

    /// Main-thread hangs so far (``HangStats``), the busy stretch still
    /// open included as if it ended where main's work last ended.
    ///
    /// - Complexity: O(1).
    public var hangStats: HangStats {
        var stats = closedHangs
        stats.close(stretchFrom: busyStretchStart, to: mainFree)
        return stats
    }

    /// Main starts work at `start`: after an idle moment, the busy stretch
    /// that ended at ``mainFree`` is over (a hang if long enough) and a new one begins.
    ///
    /// - Complexity: O(1).
    private func mainWorkStarts(at start: SimTime) {
        guard start > mainFree else { return }
        closedHangs.close(stretchFrom: busyStretchStart, to: mainFree)
        busyStretchStart = start
    }

    // MARK: - Scheduling

    private enum EventKind {
        /// A delayed serial submission reaching its queue (no thread, no time).
        case timer
        case mainTask
        case frame(vsync: SimTime)
        case backgroundTask(qos: QoS, worker: Int)
    }

    private struct Event {
        var start: SimTime
        var kind: EventKind
    }

    private func vsync(atOrAfter time: SimTime) -> SimTime {
        let remainder = time % frameInterval
        return remainder == 0 ? time : time - remainder + frameInterval
    }

    private func nextEvent() -> Event? {
        var best: Event?
        if let head = mainQueue.top {
            best = Event(start: max(head.ready, mainFree), kind: .mainTask)
        }
        if let requested = displayRequestedAt {
            let due = max(vsync(atOrAfter: requested), lastFrameVsync + frameInterval)
            let start = max(due, mainFree)
            // Main tasks ready by then run first.
            if best.map({ start < $0.start }) ?? true { best = Event(start: start, kind: .frame(vsync: due)) }
        }
        if let background = nextBackground(), best.map({ background.start < $0.start }) ?? true {
            best = background
        }
        // A submission due by then joins its queue first, so that it is there
        // when the event at the same time picks its task.
        if let timer = timers.top, best.map({ timer.ready <= $0.start }) ?? true {
            best = Event(start: timer.ready, kind: .timer)
        }
        return best
    }

    /// The next task of a worker or delayed submission: what runs while main is blocked.
    private func nextWorkerEvent() -> Event? {
        let background = nextBackground()
        if let timer = timers.top, background.map({ timer.ready <= $0.start }) ?? true {
            return Event(start: timer.ready, kind: .timer)
        }
        return background
    }

    private func nextBackground() -> Event? {
        var worker = 0
        for index in workerFree.indices where workerFree[index] < workerFree[worker] { worker = index }
        var earliestReady: SimTime?
        for queue in backgroundQueues {
            if let ready = queue.top?.ready { earliestReady = min(earliestReady ?? ready, ready) }
        }
        guard let earliestReady else { return nil }
        let start = max(earliestReady, workerFree[worker])
        // The highest priority among tasks ready by then.
        for qos in QoS.allCases {
            if let top = backgroundQueues[qos.rawValue].top, top.ready <= start {
                return Event(start: start, kind: .backgroundTask(qos: qos, worker: worker))
            }
        }
        return nil
    }

    private func perform(_ event: Event) {
        now = max(now, event.start)
        switch event.kind {
        case .timer:
            guard let timer = timers.pop() else { return }
            thread = .main
            now = event.start
            timer.work()
        case .mainTask:
            guard let task = mainQueue.pop() else { return }
            thread = .main
            now = event.start
            mainWorkStarts(at: event.start)
            task.work()
            mainFree = now
        case .backgroundTask(let qos, let worker):
            guard let task = backgroundQueues[qos.rawValue].pop() else { return }
            thread = .worker(worker)
            workerQoS[worker] = qos
            now = event.start
            task.work()
            workerFree[worker] = now
            thread = .main
        case .frame(let due):
            thread = .main
            // The frame's work belongs to whatever asked for it (a world change's
            // reload, a page's insert); the user's own scrolling otherwise.
            trigger = displayTrigger
            displayTrigger = nil
            now = event.start
            mainWorkStarts(at: event.start)
            displayRequestedAt = nil
            lastFrameVsync = due
            frameHandler?(now)
            mainFree = now
            present(due: due, workEnded: now)
        }
    }

    private func present(due: SimTime, workEnded: SimTime) {
        let expected = due + frameInterval
        let presented = max(expected, vsync(atOrAfter: workEnded))
        trace?.frame(TraceRecorder.Frame(vsync: due, presented: presented, hitch: presented > expected))
        let cause = frameWork.largest
        // The largest share; ties go to the trigger that started work first in
        // the frame, so the result never depends on hashing.
        var setOff: TriggerID?
        for id in frameTriggers where setOff.map({ frameWorkByTrigger[id.rawValue] > frameWorkByTrigger[$0.rawValue] }) ?? true { setOff = id }
        for id in frameTriggers { frameWorkByTrigger[id.rawValue] = 0 }
        frameTriggers.removeAll(keepingCapacity: true)
        frameWork.reset()
        frameStats.record(vsync: due, presented: presented, expected: expected, cause: cause,
                          setOff: setOff.map(FrameSetOff.trigger) ?? .noMainWork)
        // The next frame's work cannot begin before this one is presented.
        lastFrameVsync = max(lastFrameVsync, presented - frameInterval)
    }
}

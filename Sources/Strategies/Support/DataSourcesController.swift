import ListData
import ListDiff
import ListSimulator

/// The `Throttle` of muukii/DataSources as it stood in late 2017
/// (`Sources/DataSources/Throttle.swift` at cd03afa, 0.5.0, 2017-11-22;
/// unchanged since 7e40fe4, "Fix Throttle", 2017-08-31), on the virtual clock.
///
/// Each call to ``on(_:)``:
/// - runs the handler at once only when an earlier call is remembered
///   (`lastSendTime`) and at least `interval` has passed since it; the first
///   call of a quiet spell is only remembered;
/// - then always replaces the pending timer with one due `interval` from now
///   (after the handler, if it ran), on main, which forgets the remembered
///   time and runs the handler.
///
/// So a lone update is performed `interval` after it arrived (trailing edge);
/// updates arriving closer together than `interval` are coalesced, with one
/// leading run at most every `interval` while they keep coming, and a last
/// run `interval` after the last one. The handler that runs is the latest
/// call's; in the library every handler performs the latest items
/// (`SectionDataController.update` stores them before throttling), so
/// coalescing keeps the last state, never the first.
///
/// - Note: The library reads the wall clock (`Date()`, `DispatchTime.now()`);
///   here both are the virtual clock's `now` on main.
final class UpdateThrottle {
    private let clock: SimClock
    let interval: SimTime
    private var lastSendTime: SimTime?
    /// Replacing the timer cancels the one before: only the newest may fire.
    private var timerGeneration = 0

    init(clock: SimClock, interval: SimTime) {
        self.clock = clock
        self.interval = interval
    }

    /// Throttles `handler` as the library's `Throttle.on(handler:)` does.
    ///
    /// - Complexity: O(log q) for the clock's queue, plus the handler if it runs now.
    func on(_ handler: @escaping () -> Void) {
        let now = clock.now
        if let last = lastSendTime {
            if now - last >= interval {
                handler()
                lastSendTime = now
            }
        } else {
            lastSendTime = now
        }
        timerGeneration += 1
        let generation = timerGeneration
        clock.async(.main, after: interval) { [self] in
            guard generation == timerGeneration else { return }
            lastSendTime = nil
            handler()
        }
    }
}

/// How `identifier-diff` hands new data to its table: DataSources' section
/// data controllers (one per section, each throttled), or listbench's
/// sectioned diff over the whole list; both keep what the table shows (the
/// library's `snapshot`) apart from the latest data (its `items`).
final class DataSourcesController {
    /// Which diff turns data into table updates.
    enum Diff {
        /// DataSources 0.5 (`SectionUpdater.update`, partial mode): per
        /// section, ``OffsetChanges``, and one batch of `reloadRows` (old
        /// indexes), `deleteRows`, `insertRows` and `moveRow` calls.
        case dataSources
        /// listbench's sectioned diff (``SectionedChanges``, minimal moves)
        /// over the whole list, its reload-free stages, then the changed rows
        /// reloaded or reconfigured at their new paths (``DiffedUpdate``).
        case minimal
    }

    private let simulation: Simulation
    private let source: any ItemSource
    private let diff: Diff
    private let updates: DiffedUpdate.Updates
    private let comparesContent: Bool
    /// The throttle interval; nil performs each update at once (`immediately: true`).
    private let interval: SimTime?
    /// The latest data handed over (`items`); the table shows `source.sections` (`snapshot`).
    private var latest: [DataSection] = []
    /// One throttle per section (DataSources), or one for the whole list (minimal).
    private var throttles: [UpdateThrottle] = []
    private var isSetUp = false

    init(source: any ItemSource, simulation: Simulation, diff: Diff, updates: DiffedUpdate.Updates,
         comparesContent: Bool, throttle interval: SimTime?) {
        self.source = source
        self.simulation = simulation
        self.diff = diff
        self.updates = updates
        self.comparesContent = comparesContent
        self.interval = interval
    }

    /// New data arrived on main: each section controller (or the whole list)
    /// is updated, through its throttle.
    ///
    /// With DataSources, the sections are those of the first data, added
    /// once as the library requires (`DataController.add(section:)` in
    /// `viewDidLoad`), with no items. The table was on screen before the
    /// data came, so it has laid out those empty sections (at no cost: no
    /// rows), and the first data arrives as inserts, as every later one
    /// (the library's README and demo pass every array, the first too, to
    /// `update(items:updateMode: .partial(animated: true))`). The library has
    /// no way to add or remove a section later: data with another number of
    /// sections is recorded as a change the app cannot place. (No shipped
    /// scenario changes its sections.)
    ///
    /// Caveat: a throttled update is a timer on main, not work ready now, so
    /// a runner step that waits for the world can count as settled before
    /// the last update is on screen (up to one interval early).
    ///
    /// - Complexity: O(s) for `s` sections, plus the updates that run now.
    func update(to new: [DataSection]) {
        latest = new
        switch diff {
        case .minimal:
            if throttles.isEmpty { throttles = [makeThrottle()] }
            perform(through: throttles[0]) { [self] in
                let old = source.sections
                source.sections = latest
                DiffedUpdate.perform(on: source.target, from: old, to: latest, simulation: simulation,
                                     updates: updates, comparesContent: comparesContent)
            }
        case .dataSources:
            if !isSetUp {
                isSetUp = true
                source.sections = new.map { DataSection(id: $0.id, items: []) }
                throttles = new.map { _ in makeThrottle() }
                source.target.showInitialSections()
            }
            guard new.count == throttles.count else {
                simulation.recordInconsistency(.unplaceableChange, "DataSources' DataController holds the "
                    + "\(throttles.count) sections added at setup; the data now has \(new.count) (listbench wording)")
                return
            }
            for section in new.indices {
                perform(through: throttles[section]) { [self] in updateSection(section) }
            }
        }
    }

    private func makeThrottle() -> UpdateThrottle {
        UpdateThrottle(clock: simulation.clock, interval: interval ?? 0)
    }

    private func perform(through throttle: UpdateThrottle, _ task: @escaping () -> Void) {
        if interval == nil { task() } else { throttle.on(task) }
    }

    /// One section controller's task (`SectionDataController.update`'s
    /// `task`, then `SectionUpdater.update` in partial mode): the displayed
    /// items become the latest, and their difference is performed in one batch.
    ///
    /// - Complexity: O(n) in the section's items before and after, plus the table's update.
    private func updateSection(_ section: Int) {
        let old = source.sections[section].items
        let new = latest[section].items
        source.sections[section] = latest[section]
        simulation.recordDiff(items: old.count + new.count)
        simulation.charge(microseconds: Double(old.count + new.count) * simulation.costs.diffPerItemMicroseconds.value,
                          .diffing)
        // The versions read once, in order, as DiffedUpdate reads them (a
        // section's items are a tree list: reading one by position is O(log n)).
        let oldVersions = comparesContent ? old.map(\.version) : []
        let newVersions = comparesContent ? new.map(\.version) : []
        let changes: OffsetChanges
        do {
            changes = try OffsetChanges(from: old.map(\.id), to: new.map(\.id), isUpdated: { [comparesContent] in
                comparesContent && oldVersions[$0] != newVersions[$1]
            })
        } catch {
            return DiffedUpdate.recordFailure(error, in: simulation)
        }
        guard !changes.isEmpty else { return }
        func path(_ item: Int) -> ItemPath { ItemPath(section: section, item: item) }
        var batch = BatchUpdate(
            deletedItems: changes.deletes.map(path), insertedItems: changes.inserts.map(path),
            movedItems: changes.moves.map { ItemMove(from: path($0.from), to: path($0.to)) })
        var changed: [ItemPath] = []
        switch updates {
        case .reload: batch.reloadedItems = changes.updates.map { path($0.from) }
        case .reconfigure: changed = changes.updates.map { path($0.to) }.sorted()
        }
        // More than 300 changes are performed without animation, as the library does.
        guard source.target.perform(batch, animated: changes.changeCount <= 300) else { return }
        if !changed.isEmpty { source.target.refresh(changed, reconfiguring: true) }
    }
}

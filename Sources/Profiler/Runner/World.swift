import ListData
import ListSimulator
import Scenarios
import Strategies

/// The world a run's app lives in: the server's data, the pages and world
/// changes it sends on the network's callback queue at their virtual times,
/// and the runner's copy of what the app has been sent (the truth that
/// stale rows and owed rows are judged against).
///
/// - With paging, the server's data and the app's differ: the app holds a
///   prefix of each section (all of the sections before the one being
///   paged, part of that one, none after it). A world change inside that
///   prefix reaches the app at the same positions; one beyond it changes
///   the server's data only, and the app sees its result in the page that
///   delivers those rows. A page is cut from the server's data as it is
///   when the response is made. Pages and world events share the network's
///   serial queue, but a world event due later never holds back a page
///   that is ready (``SimClock/async(_:after:_:)``).
/// - Without paging the app is sent all of the data: the truth is the world's data.
/// - With pages at the top (``Paging/at``), the app holds a suffix of each
///   section instead, and pages prepend the rows before it (``World+Top.swift``).
final class World {
    let generated: GeneratedScenario
    private let clock: SimClock
    private let network: SimQueue
    private let strategy: any ListStrategy
    private let triggers: TriggerTable
    /// What the app has been sent.
    private(set) var truth = DataStore(keepsVersions: true)
    var server = DataStore()
    /// With paging: the app's prefix of each section, and the section the next page starts in (those before it are whole).
    /// With pages at the top: the app's suffix of each section, and the section the next page ends in (those after it are whole).
    var loaded: [Int]
    var cursor: Int
    /// Whether pages go at the top (a chat's older messages).
    let pagesAtTop: Bool
    /// Pages requested so far (the next one's latency is `pageLatenciesMs[nextPage]`).
    private var nextPage = 0
    private var pageInFlight = false
    /// With ``PagingTrigger/lastRowWillDisplay``: the list's row count when
    /// its last row last requested a page (that row does not request again).
    private var lastRowTrigger: Int?
    /// Pages at the top: the list's row count when the last page reached
    /// the app, until the list shows it (its row count changes).
    private var rowsBeforePage: Int?
    /// The times of the world's change groups, in order, and how many have been delivered.
    private var changeTimes: [SimTime] = []
    private(set) var groupsDelivered = 0
    /// Changes the world's own data (the server's, or the truth the app is
    /// checked against) could not place: a fault of the scenario or of
    /// listbench, never of the strategy. Validation rejects such changes in
    /// files, so only a scenario built in code reaches this; the runner
    /// stops the run at the first, and the violation fails it.
    var refusals: [DataChangeError] = []

    init(generated: GeneratedScenario, clock: SimClock, network: SimQueue, strategy: any ListStrategy, triggers: TriggerTable) {
        self.generated = generated
        self.clock = clock
        self.network = network
        self.strategy = strategy
        self.triggers = triggers
        if generated.paging != nil { server = DataStore(generated.sections) }
        loaded = Array(repeating: 0, count: generated.sections.count)
        pagesAtTop = generated.paging?.at == .top
        cursor = generated.paging == nil ? generated.sections.count : (pagesAtTop ? generated.sections.count - 1 : 0)
    }

    /// Queues the first data and every change group at its time.
    ///
    /// - Complexity: O(c) for `c` changes.
    func schedule() {
        let initial = generated.paging == nil
            ? generated.sections
            : generated.sections.map { DataSection(id: $0.id, items: []) }
        clock.async(network) { [self] in
            clock.startTrigger(triggers.id(.firstData))
            truth = DataStore(initial, keepsVersions: true)
            strategy.load(initial)
        }
        // Changes due at one time arrive together. Each is kept as the
        // scenario holds it until it is delivered: a detail page's state
        // becomes its page only then (``TimedChange/change``), so a run holds
        // one page at a time, not one per state event.
        for group in generated.changeGroups {
            let time = group[group.startIndex].atMs
            changeTimes.append(Sim.ms(time))
            clock.async(network, after: Sim.ms(time)) { [self] in
                clock.trace?.instant("world: \(group.count) change\(group.count == 1 ? "" : "s")", kind: "world", at: clock.now)
                clock.startTrigger(triggers.id(.worldChange(atMs: time.rounded(.toNearestOrEven))))
                deliver(group.map(\.change))
                groupsDelivered += 1
            }
        }
    }

    /// How many change groups are due at or before `throughMs` (all of them for nil).
    func groups(through throughMs: Double?) -> Int {
        let through = throughMs.map(Sim.ms) ?? .max
        return changeTimes.firstIndex { $0 > through } ?? changeTimes.count
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
            if let seen = pagesAtTop ? appViewFromTop(of: change) : appView(of: change) { visible.append(seen) }
            do { try server.apply(change) } catch { return refusals.append(error) }
        }
        if !visible.isEmpty { send(visible) }
    }

    /// Sends changes to the app, after the truth (what the app has been
    /// sent) takes them; a change the truth refuses is a refusal, and the
    /// app gets none of the rest.
    func send(_ changes: [DataChange]) {
        for change in changes {
            do { try truth.apply(change) } catch { return refusals.append(error) }
        }
        strategy.receive(changes)
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
        case .prepend:
            // Pages at the bottom only: the world itself never prepends.
            return nil
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
        if pagesAtTop { return hasMoreAbove }
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
    /// screen for the first time. Pages at the top wait until the list
    /// shows the last page (its row count changed since the page reached
    /// the app): before, the list is where it was, at offset 0 before it
    /// opens at its bottom. A page whose rows the world deleted meanwhile,
    /// leaving the count as it was, would hold the next one back.
    ///
    /// - Complexity: O(s) for `s` sections, plus O(log n) for the visible rows.
    func checkPaging(surface: any ListSurface) {
        guard let paging = generated.paging, hasMoreToLoad, !pageInFlight else { return }
        // Pages at the top: the list is judged where the user sees it, once it
        // shows the last page (it then opens at, or keeps, its bottom or the
        // reader's place), not at offset 0 before, nor where it was before the page.
        if pagesAtTop, let before = rowsBeforePage {
            guard surface.numberOfRows != before else { return }
            rowsBeforePage = nil
        }
        if nextPage > 0 {
            switch paging.trigger {
            case .screens:
                // Pages at the top: the content above the viewport is what remains.
                let remaining = pagesAtTop ? surface.contentOffset : surface.contentHeight - (surface.contentOffset + surface.viewportHeight)
                guard remaining <= paging.triggerScreens * surface.viewportHeight else { return }
            case .lastRowWillDisplay:
                let rows = surface.numberOfRows
                // The list shrank (a reset to its first page): its last row may ask again when it comes back.
                if let last = lastRowTrigger, rows < last { lastRowTrigger = nil }
                // Pages at the top: the first row will display (the row that ends the content that way).
                let edge = pagesAtTop ? 0 : rows - 1
                guard rows > 0, rows != lastRowTrigger, surface.visibleRowRange.contains(edge) else { return }
                lastRowTrigger = rows
            }
        }
        pageInFlight = true
        let latency = nextPage < generated.pageLatenciesMs.count ? generated.pageLatenciesMs[nextPage] : paging.latencyMs
        clock.async(network, after: Sim.ms(latency)) { [self] in
            let page = pagesAtTop ? cutPageAbove(size: paging.pageSize) : cutPage(size: paging.pageSize)
            clock.trace?.instant("page \(nextPage + 1) arrives", kind: "page", at: clock.now)
            clock.startTrigger(triggers.id(.page(nextPage + 1)))
            // The world may have deleted the rows this page was for.
            if !page.isEmpty {
                if pagesAtTop { rowsBeforePage = surface.numberOfRows }
                send(page)
            }
            nextPage += 1
            pageInFlight = false
        }
    }

    /// Whether the app has every row the server has, and no page is on its way.
    var allLoaded: Bool { !hasMoreToLoad && !pageInFlight }
}

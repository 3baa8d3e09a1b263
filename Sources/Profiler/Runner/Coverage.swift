import ListDiff
import ListData
import ListSimulator
import Strategies

/// What the user has seen of the list, and what the run owes them: the
/// items shown with their content, how far down the viewport has come, the
/// items steps named, and the stale rows counted each time a step settles.
///
/// An item is owed when it is in the app's data at the end and at or above
/// the furthest point the last item on screen has had (passed or jumped
/// over), or when a step named it. In a list that opens at its bottom, the
/// items between the topmost and the bottommost ones the user has had on
/// screen are owed instead (``UpwardReach``).
final class Coverage {
    /// Items shown with their content for at least one frame.
    private(set) var displayed = IntSet()
    /// What the last frame showed (``record(shown:visibleRows:world:)``); every item in it is in ``displayed``.
    private var lastShown: [ContentKey] = []
    /// Visible rows not showing their item's current version, summed over the times steps settled.
    private(set) var staleRows = 0
    /// The last item on screen, and where it was found (the next one is searched from there).
    private var lastShownItem: Int?
    private var lastShownPosition: Int?
    /// The furthest position in the app's data (all sections end to end) the last item on screen has had.
    private var furthestPosition = -1
    /// Items a step's goal named.
    private(set) var named = Set<Int>()
    /// Items the user already went back to (`untilEveryPostShown`), each once.
    var revisited = Set<Int>()
    /// How far the user has come in a list that opens at its bottom (nil for one that opens at its top).
    private(set) var upward: UpwardReach?

    /// The coverage of a list that opens at its top, or at its bottom (`opensAtBottom`).
    init(opensAtBottom: Bool = false) {
        if opensAtBottom { upward = UpwardReach() }
    }

    /// A frame showed `shown` (top to bottom) while `visibleRows` were on
    /// screen; `world` holds the world's data (read only when the last item
    /// shown changed: most frames show what the last one showed, and a copy
    /// of the data per frame was measurable).
    ///
    /// - Complexity: O(s) for `s` rows shown, plus ``position(of:near:in:)``'s search when the last one changed.
    func record(shown: [ContentKey], visibleRows: Range<Int>, world: World) {
        // Most frames show what the last one showed: its items are in `displayed` already.
        if shown != lastShown {
            let kept = Self.run(of: shown, alsoIn: lastShown)
            for index in shown.indices where !kept.contains(index) { displayed.insert(shown[index].item) }
            lastShown = shown
        }
        if upward != nil {
            upward?.record(shown: shown, truth: world.truth)
            return
        }
        // An item the app's data no longer holds (a stale row) has no position: no search for it.
        guard let last = shown.last?.item, last != lastShownItem else { return }
        let truth = world.truth
        guard truth.versions[last] != nil else { return }
        lastShownItem = last
        guard let position = Self.position(of: last, near: lastShownPosition ?? max(0, furthestPosition), in: truth) else { return }
        lastShownPosition = position
        // Every item takes a row at least, so the surface's last visible
        // row bounds how far the user has come. The app may lag the
        // world (a post the world has moved far away is still shown
        // where the app had it): rows the list never had are not owed.
        let reached = visibleRows.last.map { min(position, $0) } ?? position
        furthestPosition = max(furthestPosition, reached)
    }

    /// The positions in `shown` of a run that `last` shows too, in the same
    /// order: the run that starts at `shown`'s first key (the content moved
    /// up, rows left at the top) or at `last`'s first (it moved down); empty
    /// when neither is in the other. A frame that scrolls adds a row or two
    /// at one end: only those are new (every key of `last` was recorded).
    ///
    /// - Complexity: O(s) for `s` rows shown.
    static func run(of shown: [ContentKey], alsoIn last: [ContentKey]) -> Range<Int> {
        guard let first = shown.first, let lastFirst = last.first else { return 0..<0 }
        let (shownStart, lastStart): (Int, Int)
        if let index = last.firstIndex(of: first) {
            (shownStart, lastStart) = (0, index)
        } else if let index = shown.firstIndex(of: lastFirst) {
            (shownStart, lastStart) = (index, 0)
        } else {
            return 0..<0
        }
        var length = 0
        while shownStart + length < shown.count, lastStart + length < last.count,
              shown[shownStart + length] == last[lastStart + length] { length += 1 }
        return shownStart..<(shownStart + length)
    }

    /// A step named `item` (it scrolls to its row): it is owed.
    func name(_ item: Int) { named.insert(item) }

    /// Counts the visible rows whose content is not their item's current version (or whose item is gone).
    ///
    /// - Complexity: O(v) for `v` visible rows.
    func countStaleRows(_ content: [ContentKey], truth: DataStore) {
        staleRows += content.reduce(0) { $0 + (truth.versions[$1.item] == $1.version ? 0 : 1) }
    }

    /// The first post the user passed (at or above the furthest position
    /// reached) that was never shown and not yet gone back to, with the offset
    /// that brings its row to the top of the viewport; it counts as gone back to.
    ///
    /// - Complexity: O(n) in the items passed.
    func revisitFirstOwedUnshown(truth: DataStore, strategy: any ListStrategy) -> Double? {
        if let upward { return revisitUpward(upward, truth: truth, strategy: strategy) }
        let surface = strategy.surface
        var index = 0
        for (sectionIndex, section) in truth.sections.enumerated() {
            for (itemIndex, item) in section.items.enumerated() {
                guard index <= furthestPosition else { return nil }
                index += 1
                guard !displayed.contains(item.id), !revisited.contains(item.id),
                      let row = strategy.row(showing: item.id, at: ItemPath(section: sectionIndex, item: itemIndex)) else { continue }
                let counts = surface.rowCounts
                guard row.section < counts.count, row.item < counts[row.section] else { continue }
                revisited.insert(item.id)
                return min(surface.frame(ofRow: row).minY, surface.maximumOffset)
            }
        }
        return nil
    }

    /// Items owed and never shown, in the app's data at the end.
    ///
    /// - Complexity: O(n) once, at the end of the run.
    func neverDisplayed(truth: DataStore) -> Int {
        if let upward { return neverDisplayedUpward(upward, truth: truth) }
        var owed = Set<Int>()
        var present = Set<Int>()
        var index = 0
        for section in truth.sections {
            for item in section.items {
                if index <= furthestPosition { owed.insert(item.id) }
                if named.contains(item.id) { present.insert(item.id) }
                index += 1
            }
        }
        return displayed.countMissing(owed.union(present))
    }

    /// An item's position in the app's data, sections end to end, searched
    /// outward from `hint` (the user scrolls a few rows a frame, so the item
    /// on screen is near where the last one was).
    ///
    /// - Complexity: O(d log n) for an item `d` positions from the hint; O(n log n) at worst.
    static func position(of item: Int, near hint: Int, in truth: DataStore) -> Int? {
        // One section (most lists): its positions are the list's, with no table of section starts to build.
        if truth.sections.count == 1 {
            let items = truth.sections[0].items
            return NearestIndex.search(near: hint, count: items.count) { items[$0].id == item }
        }
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
        return NearestIndex.search(near: hint, count: total) { identifier(at: $0) == item }
    }
}

import ListData
import ListDiff
import ListSimulator
import Strategies

/// How far the user has come in a list that opens at its bottom (a chat):
/// the topmost and the bottommost items they have had on screen with their
/// content, followed by identity, so that older pages prepended above and
/// messages arriving below do not move them.
///
/// The items owed are those between the two, in the app's data at the end:
/// a chat read upward owes every message it passed, and one read back to its
/// first message owes them all. Messages that arrived below while the user
/// was reading history, and that they never came back down to, are not owed.
struct UpwardReach {
    /// The extremes, each with where it was last found (a hint for the next search).
    private(set) var top: (item: Int, position: Int)?
    private(set) var bottom: (item: Int, position: Int)?
    /// The first and last items of the last frame, and where they were found.
    private var first: (item: Int, position: Int)?
    private var last: (item: Int, position: Int)?

    /// A frame showed `shown` (top to bottom).
    ///
    /// - Complexity: O(d log n) for items `d` positions from where they were last found.
    mutating func record(shown: [ContentKey], truth: DataStore) {
        // The first and last shown items still in the data (no array of them: this runs every frame).
        guard let firstKey = shown.first(where: { truth.versions[$0.item] != nil })?.item,
              let lastKey = shown.last(where: { truth.versions[$0.item] != nil })?.item else { return }
        if firstKey != first?.item, let position = Self.find(firstKey, near: first?.position ?? top?.position, in: truth) {
            first = (firstKey, position)
            top = Self.extreme(top, candidate: (firstKey, position), truth: truth, above: true)
        }
        if lastKey != last?.item, let position = Self.find(lastKey, near: last?.position ?? bottom?.position ?? first?.position, in: truth) {
            last = (lastKey, position)
            bottom = Self.extreme(bottom, candidate: (lastKey, position), truth: truth, above: false)
        }
    }

    /// The current extreme or the candidate, whichever is further that way.
    private static func extreme(_ current: (item: Int, position: Int)?, candidate: (item: Int, position: Int),
                                truth: DataStore, above: Bool) -> (item: Int, position: Int) {
        guard let current else { return candidate }
        // Gone from the data: the candidate takes over.
        guard let position = find(current.item, near: current.position, in: truth) else { return candidate }
        let further = above ? candidate.position < position : candidate.position > position
        return further ? candidate : (current.item, position)
    }

    private static func find(_ item: Int, near hint: Int?, in truth: DataStore) -> Int? {
        Coverage.position(of: item, near: hint ?? 0, in: truth)
    }

    /// The positions owed in `truth`: from the topmost item reached to the
    /// bottommost (where they were last found, if gone), empty before anything was shown.
    ///
    /// - Complexity: O(d log n).
    func owedRange(in truth: DataStore) -> ClosedRange<Int>? {
        guard let top, let bottom else { return nil }
        let total = truth.sections.reduce(0) { $0 + $1.items.count }
        guard total > 0 else { return nil }
        let high = min(Self.find(top.item, near: top.position, in: truth) ?? top.position, total - 1)
        let low = min(Self.find(bottom.item, near: bottom.position, in: truth) ?? bottom.position, total - 1)
        return high <= low ? high...low : low...high
    }
}

extension Coverage {
    /// The item at each position of `truth`, sections end to end, for the positions in `range`.
    ///
    /// - Complexity: O(r + s) for `r` positions and `s` sections.
    static func items(in range: ClosedRange<Int>, of truth: DataStore) -> [(item: Int, path: ItemPath)] {
        var result: [(item: Int, path: ItemPath)] = []
        var start = 0
        for (sectionIndex, section) in truth.sections.enumerated() {
            let count = section.items.count
            defer { start += count }
            let low = max(range.lowerBound, start)
            let high = min(range.upperBound, start + count - 1)
            guard low <= high else { continue }
            for position in low...high {
                let index = position - start
                result.append((section.items[index].id, ItemPath(section: sectionIndex, item: index)))
            }
        }
        return result
    }

    /// A bottom-anchored list's first owed post never shown and not yet gone
    /// back to, looking up from the bottommost item reached (the user reads
    /// upward, so the nearest below is the first passed), with the offset
    /// that brings its row to the bottom of the viewport; it counts as gone back to.
    ///
    /// - Complexity: O(r) for the `r` items owed.
    func revisitUpward(_ reach: UpwardReach, truth: DataStore, strategy: any ListStrategy) -> Double? {
        guard let range = reach.owedRange(in: truth) else { return nil }
        let surface = strategy.surface
        for (item, path) in Self.items(in: range, of: truth).reversed() {
            guard !displayed.contains(item), !revisited.contains(item), let row = strategy.row(showing: item, at: path) else { continue }
            let counts = surface.rowCounts
            guard row.section < counts.count, row.item < counts[row.section] else { continue }
            revisited.insert(item)
            let frame = surface.frame(ofRow: row)
            return min(max(0, frame.minY + frame.height - surface.viewportHeight), surface.maximumOffset)
        }
        return nil
    }

    /// A bottom-anchored list's items owed and never shown, in the app's data at the end.
    ///
    /// - Complexity: O(n) once, at the end of the run.
    func neverDisplayedUpward(_ reach: UpwardReach, truth: DataStore) -> Int {
        var owed = Set<Int>()
        if let range = reach.owedRange(in: truth) { owed = Set(Self.items(in: range, of: truth).map(\.item)) }
        for section in truth.sections {
            for item in section.items where named.contains(item.id) { owed.insert(item.id) }
        }
        return displayed.countMissing(owed)
    }
}

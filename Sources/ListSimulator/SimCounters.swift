/// Work counters and correctness findings of one simulated run.
///
/// Only the simulator writes them, each through a method named for what
/// happened; the app's own work that the model counts (a height it measured
/// itself, identifiers it diffed itself) is recorded through
/// ``Simulation/recordHeightComputed()`` and ``Simulation/recordDiff(items:)``.
public struct SimCounters: Equatable, Sendable {
    public private(set) var cellsCreated = 0
    public private(set) var cellsReused = 0
    public private(set) var cellsConfigured = 0
    public private(set) var heightsComputed = 0
    public private(set) var nodesAllocated = 0
    public private(set) var diffedItems = 0
    /// Points that visible content moved on screen without the user scrolling.
    public private(set) var scrollJumpPoints = 0.0
    /// Visible cells torn down and rebuilt although their content did not change.
    public private(set) var unchangedCellsReloaded = 0
    /// Rows displayed at a height other than their content's (clipped or padded), per display.
    public private(set) var misSizedRows = 0

    /// A cell was created (no reusable one was waiting).
    mutating func recordCellCreated() { cellsCreated += 1 }
    /// A cell came out of a reuse pool.
    mutating func recordCellReused() { cellsReused += 1 }
    /// A cell was configured with content.
    mutating func recordCellConfigured() { cellsConfigured += 1 }
    /// `count` rows were configured at once (SwiftUI rows whose bodies were all evaluated).
    mutating func recordCellsConfigured(_ count: Int) { cellsConfigured += count }
    /// A row's height was computed (self-sized, asked of the delegate, or measured by the app).
    mutating func recordHeightComputed() { heightsComputed += 1 }
    /// A Texture node was allocated.
    mutating func recordNodeAllocated() { nodesAllocated += 1 }
    /// `items` identifiers (items and sections, both sides) went through a diff.
    mutating func recordDiff(items: Int) { diffedItems += items }
    /// Visible content moved `points` on screen without the user scrolling.
    mutating func recordScrollJump(points: Double) { scrollJumpPoints += points }
    /// A visible cell torn down by a reload was configured again with the same content.
    mutating func recordUnchangedCellReloaded() { unchangedCellsReloaded += 1 }
    /// A row was displayed at a height other than its content's.
    mutating func recordMisSizedRow() { misSizedRows += 1 }
}

extension Simulation {
    /// Records a row height the app computed itself (a sizing cell, a
    /// binder's own measurement), as UIKit's self-sizing and
    /// `heightForRowAt` are counted.
    public func recordHeightComputed() { counters.recordHeightComputed() }

    /// Records an identifier diff the app ran itself over `items`
    /// identifiers (both sides, items and sections), as a diffable data
    /// source's `apply` is counted.
    public func recordDiff(items: Int) { counters.recordDiff(items: items) }

    /// Records `count` rows whose views the app's framework built and
    /// evaluated outside any cell (SwiftUI's `List` building every row to
    /// identify them), counted as configured rows.
    public func recordRowsBuilt(_ count: Int) { counters.recordCellsConfigured(count) }
}

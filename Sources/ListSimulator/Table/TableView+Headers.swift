/// Section headers: a reusable view above each section's first row
/// (`UITableViewHeaderFooterView` from `viewForHeaderInSection`, or a
/// collection view's `UICollectionReusableView` of kind
/// `elementKindSectionHeader` from its supplementary view provider).
///
/// A header is a container and a label (``SectionHeaders/views``), its
/// height the scenario's (`data.layout.headerHeight`). The layout pass
/// gives a header view to every section that has a visible row (so a
/// plain table's floating header, pinned while its section is on screen,
/// is covered), taken from the headers' own reuse pool or created, and
/// configured: a delegate call (the provider) and its views configured. A
/// section that leaves the screen gives its view back to the pool. Their
/// memory is a cell's base size and their views' (estimate: a reusable
/// view is a `UIView` subclass with a label, like a cell's content; its
/// one line of text is not drawn into the ledger). They are not cells:
/// no cell counter counts them.
struct SectionHeaders {
    /// A header's views: its container and its label (estimate: a title alone).
    static let views = 2
    /// The headers in use, by section.
    var live: [Int: Bool] = [:]
    /// Headers waiting in the reuse pool.
    var pooled = 0

    /// Every header's bytes, in use or pooled.
    func bytes(_ costs: CostTable) -> Int {
        (live.count + pooled) * (Int(costs.cellBytes.value) + Self.views * Int(costs.viewBytes.value))
    }
}

extension TableView {
    /// The height of each section's header, in points (0: none, the
    /// default). Set it before the list first loads.
    public var sectionHeaderHeight: Double {
        get { layout.headerHeight }
        set { layout.headerHeight = max(0, newValue) }
    }

    /// Gives a header view to each section with a row in `visible`, and
    /// takes back those of sections no longer on screen.
    ///
    /// - Complexity: O(s log n) for the `s` sections on screen.
    func updateHeaders(visible: Range<Int>) {
        guard layout.headerHeight > 0 else { return }
        var onScreen: [Int: Bool] = [:]
        if let first = visible.first, let last = visible.last {
            for section in layout.path(ofGlobal: first).section...layout.path(ofGlobal: last).section
            where layout.numberOfRows(inSection: section) > 0 {
                onScreen[section] = true
            }
        }
        let sim = simulation
        for section in headers.live.keys.sorted() where onScreen[section] == nil {
            headers.live[section] = nil
            headers.pooled += 1
        }
        for section in onScreen.keys.sorted() where headers.live[section] == nil {
            if headers.pooled > 0 {
                headers.pooled -= 1
                sim.charge(microseconds: sim.costs.cellReuseMicroseconds.value, .cellReuse)
            } else {
                sim.charge(microseconds: Double(SectionHeaders.views) * sim.costs.viewCreateMicroseconds.value, .cellCreation)
                sim.allocate(.cell, Int(sim.costs.cellBytes.value))
                sim.allocate(.view, SectionHeaders.views * Int(sim.costs.viewBytes.value))
            }
            sim.charge(microseconds: sim.costs.delegateCallMicroseconds.value, .delegateCalls)
            sim.charge(microseconds: Double(SectionHeaders.views) * sim.costs.configurePerViewMicroseconds.value, .configuration)
            headers.live[section] = true
        }
    }

    /// Every header back to the pool (a reload, or a batch that changes the sections).
    func poolAllHeaders() {
        headers.pooled += headers.live.count
        headers.live = [:]
        cellsChanged()
    }
}

import ListDiff

/// A cell type as registered: its views, whether from a nib, whether it hosts SwiftUI content.
struct CellRegistration {
    var views: Int
    var nib: Bool
    var hosting: Bool
}

/// A table's cells: registration, dequeue and reuse, configuration, self-sizing measurement.
extension TableView {
    /// Registers a cell type: its reuse identifier, how many views it has,
    /// and whether it is loaded from a nib (`register(_:forCellReuseIdentifier:)`
    /// with a `UINib`): each view is then decoded from the nib's archive too.
    public func register(_ identifier: String, views: Int, nib: Bool = false) {
        registrations[identifier] = CellRegistration(views: max(1, views), nib: nib, hosting: false)
    }

    /// Registers a cell that hosts SwiftUI content (SwiftUI's `List` rows,
    /// `UIHostingConfiguration`): `views` is how many SwiftUI views its
    /// content has. Creating one creates two UIKit views (the cell's content
    /// view and the hosting view) and its SwiftUI views' attributes
    /// (`viewGraphCreateMicroseconds` each); configuring it evaluates its
    /// SwiftUI views' bodies (`viewBodyMicroseconds` each) where a UIKit
    /// cell pushes content into its views. Memory as a cell with `views`
    /// views (a SwiftUI view taken as a view's footprint: estimate).
    public func registerHosting(_ identifier: String, views: Int) {
        registrations[identifier] = CellRegistration(views: max(1, views), nib: false, hosting: true)
    }

    /// A cell for a row: from the identifier's reuse pool (reused, after
    /// `prepareForReuse`) or newly created, as UIKit's
    /// `dequeueReusableCell(withIdentifier:for:)`. During `reconfigureRows`
    /// it hands back the row's existing cell, untouched.
    ///
    /// An identifier never registered (``register(_:views:nib:)``) is the
    /// app's crash, as in UIKit: the `NSInternalInconsistencyException` is
    /// recorded with UIKit's message (``unregisteredIdentifierMessage(_:)``)
    /// as ``Inconsistency/Kind/unregisteredReuseIdentifier``, and
    /// the cell handed back (so that the call can return, as the run stops)
    /// is a plain one-view cell, charged and held like any other.
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) -> Cell {
        if let reconfiguring, reconfiguring.row == path, reconfiguring.cell.reuseIdentifier == identifier {
            return reconfiguring.cell
        }
        let sim = simulation
        // Popped in place: a copy of the pool taken out and written back would copy it on every dequeue.
        if pooledCells > 0, let cell = pools[identifier]?.popLast() {
            pooledCells -= 1
            cell.reuses += 1
            sim.counters.recordCellReused()
            sim.charge(microseconds: sim.costs.cellReuseMicroseconds.value, .cellReuse)
            return cell
        }
        let (views, hosting) = accountNewCell(withIdentifier: identifier)
        let cell = Cell(serial: nextSerial, reuseIdentifier: identifier, views: views)
        cell.isHosting = hosting
        return cell
    }

    /// What making a new cell for `identifier` costs, and its serial
    /// (``nextSerial``): its registration looked up (an unregistered one
    /// recorded as the app's crash, a plain one-view cell standing in), its
    /// creation charged and counted, its memory allocated. The caller makes
    /// the object, or (``dequeueSizingCell(withIdentifier:for:)``) needs none.
    ///
    /// - Returns: the cell's views and whether it hosts SwiftUI content.
    /// - Complexity: O(1) expected.
    private func accountNewCell(withIdentifier identifier: String) -> (views: Int, hosting: Bool) {
        let sim = simulation
        let registration: CellRegistration
        if let last = lastRegistration, last.identifier == identifier {
            registration = last.registration
        } else if let registered = registrations[identifier] {
            registration = registered
            lastRegistration = (identifier, registered)
        } else {
            sim.recordInconsistency(.unregisteredReuseIdentifier, kind == .collection
                ? Self.unregisteredCollectionIdentifierMessage(identifier) : Self.unregisteredIdentifierMessage(identifier))
            registration = CellRegistration(views: 1, nib: false, hosting: false)
        }
        let views = registration.views
        nextSerial += 1
        sim.counters.recordCellCreated()
        if registration.hosting {
            sim.charge(microseconds: 2 * sim.costs.viewCreateMicroseconds.value, .cellCreation)
            sim.chargeViewCreation(views)
        } else {
            let perView = sim.costs.viewCreateMicroseconds.value + (registration.nib ? sim.costs.nibDecodePerViewMicroseconds.value : 0)
            sim.charge(microseconds: Double(views) * perView, .cellCreation)
        }
        sim.allocate(.cell, Int(sim.costs.cellBytes.value), and: .view, views * Int(sim.costs.viewBytes.value))
        return (views, registration.hosting)
    }

    /// A cell dequeued only to be read and dropped (``dequeueSizingCell(withIdentifier:for:)``).
    public struct SizingCell {
        /// The cell when one was dequeued from the pool (or the row's own); nil for a new cell, only accounted for.
        let cell: Cell?
        /// A new cell's views, freed when it is dropped.
        let views: Int

        /// What the cell shows: a reused cell's last content; nil for a new, empty one.
        public var content: CellContent? { cell?.content }
    }

    /// A sizing cell, as a delegate's height closure uses one: dequeued for
    /// the row, read, then dropped (``discard(_:)``). Every
    /// charge, count and memory change is that of
    /// ``dequeueReusableCell(withIdentifier:for:)`` and ``discard(_:)``,
    /// in their order, with the caller's between them.
    ///
    /// A cell from the reuse pool (or the row's own, during
    /// `reconfigureRows`) is dequeued as such. A new one is only accounted
    /// for: no object is made for a cell that shows nothing, is in no row
    /// and is dropped at once (`cellbinder` sizes every row of every
    /// rebuild so, 2.7 million cells over the modeled matrix).
    ///
    /// - Complexity: O(1) expected.
    public func dequeueSizingCell(withIdentifier identifier: String, for path: ItemPath) -> SizingCell {
        if reconfiguring != nil || (pooledCells > 0 && pools[identifier]?.isEmpty == false) {
            let cell = dequeueReusableCell(withIdentifier: identifier, for: path)
            return SizingCell(cell: cell, views: cell.views)
        }
        return SizingCell(cell: nil, views: accountNewCell(withIdentifier: identifier).views)
    }

    /// Drops a sizing cell: a dequeued one as ``discard(_:)``; a new
    /// one (it rendered nothing) frees its cell and views.
    ///
    /// - Complexity: O(1).
    public func discard(_ sizing: SizingCell) {
        if let cell = sizing.cell { return discard(cell) }
        simulation.free(.cell, Int(simulation.costs.cellBytes.value), and: .view, sizing.views * Int(simulation.costs.viewBytes.value))
    }

    /// UIKit's reason for the `NSInternalInconsistencyException` that
    /// `dequeueReusableCell(withIdentifier:for:)` raises for an identifier
    /// with no registered class or nib: the assertion's text as quoted in
    /// public crash reports from iOS 8 to 15 (renzifeng/ZFPlayer #253, 2017,
    /// `-[UITableView dequeueReusableCellWithIdentifier:forIndexPath:]` in
    /// UIKit-3600.7.47; rcdilorenzo/Cell-Expander #3, 2015;
    /// amrhossam96/Netflix-clone #7, 2022).
    public static func unregisteredIdentifierMessage(_ identifier: String) -> String {
        "unable to dequeue a cell with identifier \(identifier) - must register a nib or a class for the identifier "
            + "or connect a prototype cell in a storyboard"
    }

    /// A collection view's words for the same case (`dequeueReusableCell(withReuseIdentifier:for:)`):
    /// "could not dequeue a view of kind: UICollectionElementKindCell with identifier cell - must
    /// register a nib or a class for the identifier or connect a prototype cell in a storyboard"
    /// (public crash logs of UIKit-3512.30.14, iOS 10, 2016, and later).
    public static func unregisteredCollectionIdentifierMessage(_ identifier: String) -> String {
        "could not dequeue a view of kind: UICollectionElementKindCell with identifier \(identifier) - must register a nib or a "
            + "class for the identifier or connect a prototype cell in a storyboard"
    }

    /// Puts a cell in its reuse identifier's pool (the only way in: ``pooledCells`` counts them).
    func pool(_ cell: Cell) {
        pools[cell.reuseIdentifier, default: []].append(cell)
        pooledCells += 1
    }

    /// Pushes content into a cell: charges configuring its views, and drops
    /// what it had rendered (it renders again when displayed).
    public func configure(_ cell: Cell, with content: CellContent) {
        let sim = simulation
        let flipped = flipsCellsBack ? 1 : 0
        if cell.isHosting {
            // SwiftUI content: its views' bodies evaluated (all of them: a hosted row is built from its body, not by setting views).
            sim.chargeViewBodies(content.views)
        } else {
            sim.charge(microseconds: Double(min(content.views, cell.views) + flipped) * sim.costs.configurePerViewMicroseconds.value,
                       .configuration)
        }
        sim.counters.recordCellConfigured()
        releaseRendering(of: cell)
        cell.content = content
        cellsChanged()
        cell.configurations += 1
        if let version = tornDown[content.key.item], version == content.key.version {
            sim.counters.recordUnchangedCellReloaded()
            tornDown[content.key.item] = nil
        }
    }

    /// A hosting cell's SwiftUI content evaluated again in place, its
    /// content unchanged: every view's body (SwiftUI re-evaluating a row it
    /// cannot compare with its last value). Nothing is rendered again.
    public func reevaluateHostedContent(of cell: Cell) {
        guard cell.isHosting, let content = cell.content else { return }
        simulation.chargeViewBodies(content.views)
        simulation.counters.recordCellConfigured()
    }

    /// Drops a cell that was dequeued but will never be shown or handed back
    /// (a sizing cell): it is deallocated and its memory freed.
    public func discard(_ cell: Cell) {
        releaseRendering(of: cell)
        simulation.free(.cell, Int(simulation.costs.cellBytes.value), and: .view, cell.views * Int(simulation.costs.viewBytes.value))
    }

    /// Measures a configured cell's height (self-sizing), charging text
    /// measurement and a layout pass.
    public func measure(_ cell: Cell) -> Double {
        guard let content = cell.content else { return 0 }
        simulation.charge(microseconds: simulation.measureCost(content), .heightComputation)
        simulation.counters.recordHeightComputed()
        return content.height
    }

    func releaseRendering(of cell: Cell) {
        simulation.free(.backingStore, cell.renderedBytes)
        simulation.free(.decodedImage, cell.decodedBytes)
        cell.renderedBytes = 0
        cell.decodedBytes = 0
        cell.imagesPending = false
        cell.imagesRequested = false
        cell.renderGeneration += 1
        cellsChanged()
    }
}

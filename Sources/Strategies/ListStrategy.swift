import ListDiff
import ListData
import ListSimulator

/// The list a strategy drives: a table view or a Texture table node.
public enum ListSurface {
    case table(TableView)
    case node(TableNode)

    public var contentOffset: Double {
        switch self {
        case .table(let table): return table.contentOffset
        case .node(let node): return node.contentOffset
        }
    }

    public var maximumOffset: Double {
        switch self {
        case .table(let table): return table.maximumOffset
        case .node(let node): return node.maximumOffset
        }
    }

    public var contentHeight: Double {
        switch self {
        case .table(let table): return table.contentHeight
        case .node(let node): return node.contentHeight
        }
    }

    public var viewportHeight: Double {
        switch self {
        case .table(let table): return table.viewportHeight
        case .node(let node): return node.viewportHeight
        }
    }

    /// Rows in each section, as the list last committed them.
    public var rowCounts: [Int] {
        switch self {
        case .table(let table): return table.rowCounts
        case .node(let node): return node.rowCounts
        }
    }

    /// The y of a row's top edge and its height.
    public func frame(ofRow path: ItemPath) -> (minY: Double, height: Double) {
        switch self {
        case .table(let table): return table.frame(ofRow: path)
        case .node(let node): return node.frame(ofRow: path)
        }
    }

    /// Moves the viewport (the user's finger).
    public func setContentOffset(_ offset: Double) {
        switch self {
        case .table(let table): table.setContentOffset(offset)
        case .node(let node): node.setContentOffset(offset)
        }
    }

    /// The frame's layout pass.
    public func layoutIfNeeded() {
        switch self {
        case .table(let table): table.layoutIfNeeded()
        case .node(let node): node.layoutIfNeeded()
        }
    }

    /// Checks the list's invariants; empty when all hold.
    public func checkInvariants() -> [String] {
        switch self {
        case .table(let table): return table.checkInvariants()
        case .node(let node): return node.checkInvariants()
        }
    }
}

/// One way of driving a list: the "app code" of a published technique,
/// written against the simulator as an app is written against UIKit.
///
/// The runner delivers data on a background worker (the network's callback
/// queue), at the virtual time the scenario says; the strategy decides what
/// runs where.
public protocol ListStrategy: AnyObject {
    /// The list the runner scrolls and inspects.
    var surface: ListSurface { get }
    /// The first data: everything, the first page's (empty) sections, or the first state.
    func load(_ sections: [DataSection])
    /// Changes that arrived together, in order.
    func receive(_ changes: [DataChange])
    /// What the visible rows show, top to bottom (rows that show nothing are left out).
    func visibleContent() -> [ContentKey]
    /// The user tapped the status bar; the scroll to the top follows.
    func willScrollToTop()
    /// The first row of the surface that shows `item`, which is at `path` in
    /// the data the strategy was sent (for a user going back to a post they
    /// passed without seeing it). Nil when no row shows it.
    func row(showing item: Int, at path: ItemPath) -> ItemPath?
}

extension ListStrategy {
    public func willScrollToTop() {}
    /// One row per item: the same path.
    public func row(showing item: Int, at path: ItemPath) -> ItemPath? { path }
}

/// A strategy as the catalog lists it.
public struct StrategyDescriptor: Sendable {
    /// The command-line name.
    public var name: String
    /// One line for `listbench list strategies`.
    public var summary: String
    /// Builds the strategy in a simulation.
    public var make: @Sendable (Simulation) -> any ListStrategy
    /// The oldest iOS the technique can run on (the API it cannot do
    /// without), and that API; on an older version the run is reported as
    /// unsupported instead of run.
    public var minimumIOS: Int
    public var requiredAPI: String?

    public init(name: String, summary: String, minimumIOS: Int = IOSVersions.oldestModeled, requiredAPI: String? = nil,
                make: @escaping @Sendable (Simulation) -> any ListStrategy) {
        self.name = name
        self.summary = summary
        self.minimumIOS = minimumIOS
        self.requiredAPI = requiredAPI
        self.make = make
    }

    /// Why the strategy cannot run on `device` (`needs iOS 13`), or nil when it can.
    public func unsupportedReason(on device: DeviceProfile) -> String? {
        device.isAvailable(iOS: minimumIOS) ? nil : "needs iOS \(minimumIOS)"
    }
}

/// Why a catalog refused a strategy or a name.
public enum StrategyCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    case duplicateName(String)
    case unknownStrategy(String, known: [String])

    public var description: String {
        switch self {
        case .duplicateName(let name): return "a strategy named '\(name)' is already registered"
        case let .unknownStrategy(name, known):
            return "unknown strategy '\(name)'; known: \(known.joined(separator: ", "))"
        }
    }
}

/// The strategies a run can choose from, by name. A package adds its own
/// with ``register(_:)`` on a copy of ``builtIn``; there is no global state.
public struct StrategyCatalog: Sendable {
    public private(set) var entries: [StrategyDescriptor]

    public init(_ entries: [StrategyDescriptor] = []) { self.entries = entries }

    /// Adds a strategy.
    ///
    /// - Throws: ``StrategyCatalogError/duplicateName(_:)``.
    public mutating func register(_ descriptor: StrategyDescriptor) throws(StrategyCatalogError) {
        guard !entries.contains(where: { $0.name == descriptor.name }) else { throw .duplicateName(descriptor.name) }
        entries.append(descriptor)
    }

    public var names: [String] { entries.map(\.name) }

    /// A strategy by name.
    ///
    /// - Throws: ``StrategyCatalogError/unknownStrategy(_:known:)``.
    public func named(_ name: String) throws(StrategyCatalogError) -> StrategyDescriptor {
        guard let entry = entries.first(where: { $0.name == name }) else { throw .unknownStrategy(name, known: names) }
        return entry
    }
}

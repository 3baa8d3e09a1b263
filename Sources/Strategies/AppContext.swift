import ListData
import ListSimulator

/// What the app a strategy models has besides its list: the simulation it
/// runs in, the queue its network callbacks arrive on, and how long a page
/// takes to come. The runner hands one to every strategy it builds
/// (``StrategyDescriptor/make``); a strategy reads what an app would know
/// from it, never from the runner.
public struct AppContext {
    /// The network's callback queue: serial, as the operation queue URLSession
    /// makes when it is given none. Its class is an estimate: Apple documents
    /// none for that queue, and its Energy Efficiency Guide names
    /// "downloading or importing data" as utility work.
    ///
    /// The runner delivers data and world changes on it; a strategy that
    /// fetches again (``network``) has its responses arrive on it too.
    public static let networkQueue = SimQueue.serial("network", .utility)

    /// The simulated app: its clock, memory ledger and counters.
    public let simulation: Simulation
    /// The queue the network's responses arrive on (``networkQueue``).
    public let network: SimQueue
    /// The scenario's page latency, in milliseconds: what the app waits when
    /// it fetches a page again (0 when the scenario does not page).
    public let pageLatencyMs: Double
    /// Whether the list opens at its bottom, as a chat does on its newest
    /// messages (the scenario's `data.anchor`): the app then keeps the
    /// user's place as chat apps do (``ChatPosition``). False for a feed.
    public var opensAtBottom = false
    /// The scenario's own item kinds and their cell designs (`data.kinds`),
    /// or nil for built-in data. Every strategy builds its cells from these
    /// designs when given; with nil it shows built-in data in the cells its
    /// write-up shipped (``KindSet/feed``, or ``KindSet/restaurantDetail``
    /// for seed #1's strategies).
    public let kinds: KindSet?
    /// The scenario's grid (`data.layout`), or nil for a list: a list on a
    /// collection surface lays its items out in it.
    public var grid: GridLayout?
    /// The layout of the collection view or collection node the app's list
    /// is, or nil for a table view or table node: set from the strategy's
    /// `surface` option (``StrategyDescriptor/onUIKitSurfaces()``), with the
    /// scenario's ``grid``.
    public var collection: CollectionLayout?
    /// Whether the app's list is a Texture node list rather than a UIKit
    /// one, for a strategy that can drive either (`identifier-diff:surface=texture-collection`).
    var listsOnTexture = false
    /// The height of each section's header (`data.layout.headerHeight`), in points; 0: none.
    public var sectionHeaderHeight = 0.0

    /// The context of an app in `simulation`, whose pages take `pageLatencyMs`
    /// to arrive, showing items of `kinds` (nil: built-in data).
    public init(simulation: Simulation, pageLatencyMs: Double = 0, kinds: KindSet? = nil) {
        self.simulation = simulation
        network = Self.networkQueue
        self.pageLatencyMs = pageLatencyMs
        self.kinds = kinds
    }

    /// The kinds the feed strategies show: the scenario's, or the feed's post cell.
    public var feedKinds: KindSet { kinds ?? .feed }
}

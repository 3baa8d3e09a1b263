/// A simulated crash: what UIKit, Texture, the Objective-C runtime or the
/// app's own code raised (an invalid update or snapshot, a missing API or
/// registration, a trap), with the message it would print and when.
public struct Inconsistency: Equatable, Sendable, Error, CustomStringConvertible {
    /// What kind of failure it is.
    public enum Kind: String, Equatable, Sendable, CaseIterable {
        /// UIKit or Texture refused a batch update (`NSInternalInconsistencyException`: invalid number of rows, …).
        case invalidBatchUpdate
        /// A diffable data source refused a snapshot (duplicate or missing identifiers: `NSInternalInconsistencyException`).
        case invalidSnapshot
        /// The app called an API the device's iOS lacks (`unrecognized selector sent to instance`).
        case unavailableAPI
        /// The app's own code trapped (the Swift runtime's `Fatal error: Index out of range`).
        case appTrap
        /// The app's model could not place a change it was sent (no such section or item, an index past the end).
        case unplaceableChange
        /// The app's identifier diff failed (duplicate identifiers), where the published code has no fallback.
        case diffFailed
        /// UIKit refused to dequeue a cell for a reuse identifier with no registered class or nib
        /// (`NSInternalInconsistencyException` from `dequeueReusableCell(withIdentifier:for:)`).
        case unregisteredReuseIdentifier
    }

    public var kind: Kind
    public var time: SimTime
    /// The words UIKit, Texture or the runtime would print.
    public var message: String

    public init(_ kind: Kind, time: SimTime, message: String) {
        self.kind = kind
        self.time = time
        self.message = message
    }

    public var description: String { message }
}

/// One simulated app on one device: its clock, memory ledger, counters and
/// the inconsistencies it hit. Table views and table nodes share it.
public final class Simulation {
    public let device: DeviceProfile
    public let clock: SimClock
    public var ledger: MemoryLedger
    /// What the run did and found, written only by the simulator (``SimCounters``).
    public internal(set) var counters = SimCounters()
    public private(set) var inconsistencies: [Inconsistency] = []
    /// Lines the frameworks logged without crashing (Texture's failed update
    /// checks in a release build), with their times, in order.
    public private(set) var logged: [(time: SimTime, message: String)] = []

    public init(device: DeviceProfile) {
        self.device = device
        costs = device.costs
        clock = SimClock(frameInterval: device.frameInterval, workers: device.backgroundWorkers, cores: Int(device.cpuCores.value),
                         scheduler: CPUScheduler(iOS: device.iOSVersion))
        let limit = Int(device.memoryLimit.value)
        ledger = MemoryLedger(limit: limit, warningThreshold: Int(Double(limit) * device.memoryWarningFraction.value))
    }

    /// The cost table, in virtual time: the device's, kept as a stored
    /// property so that reading one cost from another module reads that
    /// field, where a computed property returned a copy of the whole table
    /// (about thirty cited values, each with its source string to retain and
    /// release): about a sixth of the test tier's CPU time, whose modules are
    /// compiled file by file (docs/testing.md).
    public let costs: CostTable

    /// Charges a cost given in microseconds to the current thread, as work of `category`.
    public func charge(microseconds: Double, _ category: CostCategory = .app) { clock.charge(Sim.us(microseconds), category: category) }

    /// Records the app's crash: an update UIKit or Texture refused, an API
    /// its iOS lacks, a trap in its own code; `message` is what would be printed.
    public func recordInconsistency(_ kind: Inconsistency.Kind, _ message: String) {
        inconsistencies.append(Inconsistency(kind, time: clock.now, message: message))
    }

    /// Records a line a framework logs (`NSLog`) where a debug build would
    /// have crashed; the run goes on.
    public func log(_ message: String) { logged.append((clock.now, message)) }

    /// Whether the app has crashed (an inconsistency) or been killed (memory).
    public var hasFailed: Bool { !inconsistencies.isEmpty || ledger.killedAt != nil }

    /// Memory bookkeeping at the current time.
    public func allocate(_ kind: MemoryKind, _ bytes: Int) { ledger.allocate(kind, bytes, at: clock.now) }
    public func free(_ kind: MemoryKind, _ bytes: Int) { ledger.free(kind, bytes, at: clock.now) }
    /// A cell's memory and its views', registered at once (``MemoryLedger/allocate(_:_:and:_:at:)``).
    public func allocate(_ firstKind: MemoryKind, _ first: Int, and secondKind: MemoryKind, _ second: Int) {
        ledger.allocate(firstKind, first, and: secondKind, second, at: clock.now)
    }
    /// A cell's memory and its views', removed at once (``MemoryLedger/free(_:_:and:_:at:)``).
    public func free(_ firstKind: MemoryKind, _ first: Int, and secondKind: MemoryKind, _ second: Int) {
        ledger.free(firstKind, first, and: secondKind, second, at: clock.now)
    }
}

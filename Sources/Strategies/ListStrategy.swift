import ListDiff
import ListData
import ListSimulator

/// One way of driving a list: the "app code" of a published technique,
/// written against the simulator as an app is written against UIKit.
///
/// The runner delivers data on a background worker (the network's callback
/// queue), at the virtual time the scenario says; the strategy decides what
/// runs where.
public protocol ListStrategy: AnyObject {
    /// The list the runner scrolls and inspects: the strategy's ``TableView`` or ``TableNode``.
    var surface: any ListSurface { get }
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

/// One value a strategy option can take, and what it models.
public struct StrategyChoice: Sendable, Equatable {
    public var value: String
    public var meaning: String

    public init(_ value: String, _ meaning: String) {
        self.value = value
        self.meaning = meaning
    }
}

/// An option of a strategy (`name:key=value`): its values, and the default,
/// which is the technique as published.
public struct StrategyOption: Sendable, Equatable {
    public var key: String
    public var meaning: String
    public var choices: [StrategyChoice]
    public var defaultValue: String

    public init(key: String, meaning: String, choices: [StrategyChoice], default defaultValue: String) {
        self.key = key
        self.meaning = meaning
        self.choices = choices
        self.defaultValue = defaultValue
    }

    public var values: [String] { choices.map(\.value) }
}

/// The value of every option of a configured strategy.
public struct StrategyConfiguration: Sendable, Equatable {
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) { self.values = values }

    /// The chosen value of `key` (each option has one: its default unless chosen).
    public subscript(key: String) -> String? { values[key] }
}

/// A strategy as the catalog lists it.
///
/// A descriptor with options builds its strategy from a
/// ``StrategyConfiguration``; ``configured(_:)`` gives the descriptor of one
/// configuration, named by its canonical spec: the plain name, then only the
/// options that differ from their defaults, in declaration order
/// (`identifier-diff:updates=reconfigure`). So a default run keeps its plain
/// name, and baselines saved before options existed still match.
public struct StrategyDescriptor: Sendable {
    /// The name rows carry: the canonical spec.
    public var name: String
    /// The strategy's own name, without options.
    public var baseName: String
    /// One line for `listbench list strategies`.
    public var summary: String
    /// Builds the strategy in a simulation.
    public var make: @Sendable (Simulation) -> any ListStrategy
    /// The oldest iOS the technique can run on (the API it cannot do
    /// without), and that API; on an older version the run is reported as
    /// unsupported instead of run.
    public var minimumIOS: Int
    public var requiredAPI: String?
    /// The options it takes, and the values this descriptor was configured with.
    public var options: [StrategyOption]
    public var configuration: StrategyConfiguration
    private let build: @Sendable (Simulation, StrategyConfiguration) -> any ListStrategy

    /// A strategy with options: `build` reads their values from the configuration.
    public init(name: String, summary: String, minimumIOS: Int = IOSVersions.oldestModeled, requiredAPI: String? = nil,
                options: [StrategyOption],
                build: @escaping @Sendable (Simulation, StrategyConfiguration) -> any ListStrategy) {
        // A key declared twice keeps its first declaration (``configured(_:)`` finds that one too), never a trap.
        let defaults = StrategyConfiguration(Dictionary(options.map { ($0.key, $0.defaultValue) }, uniquingKeysWith: { first, _ in first }))
        self.name = name
        baseName = name
        self.summary = summary
        self.minimumIOS = minimumIOS
        self.requiredAPI = requiredAPI
        self.options = options
        configuration = defaults
        self.build = build
        make = { build($0, defaults) }
    }

    /// A strategy without options.
    public init(name: String, summary: String, minimumIOS: Int = IOSVersions.oldestModeled, requiredAPI: String? = nil,
                make: @escaping @Sendable (Simulation) -> any ListStrategy) {
        self.init(name: name, summary: summary, minimumIOS: minimumIOS, requiredAPI: requiredAPI, options: []) { simulation, _ in
            make(simulation)
        }
    }

    /// What builds the strategy from a configuration (every option's value).
    var builder: @Sendable (Simulation, StrategyConfiguration) -> any ListStrategy { build }

    /// Why the strategy cannot run on `device` (`needs iOS 13`), or nil when it can.
    public func unsupportedReason(on device: DeviceProfile) -> String? {
        device.isAvailable(iOS: minimumIOS) ? nil : "needs iOS \(minimumIOS)"
    }

    /// The descriptor of this strategy with `chosen` option values (the others at their defaults).
    ///
    /// - Complexity: O(options × chosen).
    /// - Throws: ``StrategyCatalogError/unknownOption(strategy:option:known:)``
    ///   or ``StrategyCatalogError/unknownValue(strategy:option:value:known:)``.
    public func configured(_ chosen: [StrategySpec.Setting]) throws(StrategyCatalogError) -> StrategyDescriptor {
        var values = configuration.values
        for setting in chosen {
            guard let option = options.first(where: { $0.key == setting.key }) else {
                throw .unknownOption(strategy: baseName, option: setting.key, known: options.map(\.key))
            }
            guard option.values.contains(setting.value) else {
                throw .unknownValue(strategy: baseName, option: setting.key, value: setting.value, known: option.values)
            }
            values[setting.key] = setting.value
        }
        var descriptor = self
        let configuration = StrategyConfiguration(values)
        let build = self.build
        descriptor.configuration = configuration
        descriptor.make = { build($0, configuration) }
        let changed = options.compactMap { option -> String? in
            guard let value = values[option.key], value != option.defaultValue else { return nil }
            return "\(option.key)=\(value)"
        }
        descriptor.name = changed.isEmpty ? baseName : "\(baseName):\(changed.joined(separator: ","))"
        return descriptor
    }
}

/// A strategy spec as written on the command line: `name[:key=value,...]`.
public struct StrategySpec: Equatable, Sendable {
    /// One `key=value`.
    public struct Setting: Equatable, Sendable {
        public var key: String
        public var value: String

        public init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    public var name: String
    public var settings: [Setting]

    /// Parses a spec.
    ///
    /// - Throws: ``StrategyCatalogError/malformedSpec(_:reason:)`` for an empty
    ///   name, an option without `=`, an empty key or value, or a key given twice.
    public init(parsing text: String) throws(StrategyCatalogError) {
        let parts = text.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        name = parts.first.map(String.init) ?? ""
        guard !name.isEmpty else { throw .malformedSpec(text, reason: "no strategy name before ':'") }
        settings = []
        guard parts.count == 2 else { return }
        for pair in parts[1].split(separator: ",", omittingEmptySubsequences: false) {
            let keyValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard keyValue.count == 2, !keyValue[0].isEmpty, !keyValue[1].isEmpty else {
                throw .malformedSpec(text, reason: "'\(pair)' is not key=value")
            }
            let key = String(keyValue[0])
            guard !settings.contains(where: { $0.key == key }) else { throw .malformedSpec(text, reason: "'\(key)' is given twice") }
            settings.append(Setting(key: key, value: String(keyValue[1])))
        }
    }
}

/// Why a catalog refused a strategy or a name.
public enum StrategyCatalogError: Error, Equatable, Sendable, CustomStringConvertible {
    case duplicateName(String)
    case unknownStrategy(String, known: [String])
    case malformedSpec(String, reason: String)
    case unknownOption(strategy: String, option: String, known: [String])
    case unknownValue(strategy: String, option: String, value: String, known: [String])

    public var description: String {
        switch self {
        case .duplicateName(let name): return "a strategy named '\(name)' is already registered"
        case let .unknownStrategy(name, known):
            return "unknown strategy '\(PrintableText.truncated(name))'; known: \(known.joined(separator: ", "))"
                + Suggestion.didYouMean(name, in: known)
        case let .malformedSpec(spec, reason):
            return "strategy '\(PrintableText.truncated(spec))': \(PrintableText.truncated(reason)); write name:key=value,key=value"
        case let .unknownOption(strategy, option, known):
            let options = known.isEmpty ? "it takes no options" : "its options: \(known.joined(separator: ", "))"
            return "\(strategy) has no option '\(PrintableText.truncated(option))'; \(options)"
                + Suggestion.didYouMean(option, in: known)
        case let .unknownValue(strategy, option, value, known):
            return "\(strategy): '\(PrintableText.truncated(value))' is not a value of \(option); its values: \(known.joined(separator: ", "))"
                + Suggestion.didYouMean(value, in: known)
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

    /// A strategy by spec: its name, then any options (`identifier-diff:updates=reconfigure`).
    ///
    /// - Throws: ``StrategyCatalogError/unknownStrategy(_:known:)``, or the spec's or its options' error.
    public func named(_ spec: String) throws(StrategyCatalogError) -> StrategyDescriptor {
        let parsed = try StrategySpec(parsing: spec)
        guard let entry = entries.first(where: { $0.name == parsed.name }) else { throw .unknownStrategy(parsed.name, known: names) }
        return parsed.settings.isEmpty ? entry : try entry.configured(parsed.settings)
    }
}

extension DataStore {
    /// Applies a change to a model (an app's, or the runner's copy of what
    /// the app was sent). A change the model cannot place (its section or
    /// item is not there, or its index is past the end) is where an app's
    /// own array code would trap ("Index out of range"): it is recorded as
    /// the run's failure, the simulated crash, with ``DataChangeError``'s
    /// message naming the change, and the model is left as it was.
    ///
    /// The generated changes are resolved against the data they apply to, so
    /// no shipped scenario reaches the failure; it is there so that a change
    /// that cannot be placed fails the run instead of being clamped or dropped.
    ///
    /// - Returns: whether the change was applied.
    /// - Complexity: that of ``DataStore/apply(_:)``.
    @discardableResult
    public mutating func apply(_ change: DataChange, failingRunOf simulation: Simulation) -> Bool {
        do {
            try apply(change)
            return true
        } catch {
            simulation.recordInconsistency(.unplaceableChange, error.description)
            return false
        }
    }

    /// Applies changes in order with ``apply(_:failingRunOf:)``, stopping at the first that cannot be placed.
    ///
    /// - Returns: whether every change was applied.
    /// - Complexity: the sum of the changes' ``DataStore/apply(_:)``.
    @discardableResult
    public mutating func apply(_ changes: [DataChange], failingRunOf simulation: Simulation) -> Bool {
        for change in changes where !apply(change, failingRunOf: simulation) { return false }
        return true
    }
}

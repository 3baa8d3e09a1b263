import ListSimulator
import ListData

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
    /// Builds the strategy in an app: its simulation, network queue and page latency.
    public var make: @Sendable (AppContext) -> any ListStrategy
    /// The oldest iOS the technique can run on (the API it cannot do
    /// without), and that API; on an older version the run is reported as
    /// unsupported instead of run.
    public var minimumIOS: Int
    public var requiredAPI: String?
    /// The options it takes, and the values this descriptor was configured with.
    public var options: [StrategyOption]
    public var configuration: StrategyConfiguration
    /// How long listbench itself takes to run this strategy, relative to
    /// `reload` on the same list (1 unless set with ``hostCost(_:)``). Runs
    /// in parallel start the costliest first, so that no long run is left
    /// for last while the other cores idle. No figure depends on it: it
    /// orders work, never changes it.
    public private(set) var relativeHostCost: Double = 1
    private let build: @Sendable (AppContext, StrategyConfiguration) -> any ListStrategy
    /// What an option's value needs of the iOS beyond ``minimumIOS`` (a
    /// compositional layout: iOS 13), and the API; nil when nothing more.
    /// ``configured(_:)`` raises ``minimumIOS`` to it.
    private var requirement: @Sendable (StrategyConfiguration) -> (ios: Int, api: String)? = { _ in nil }
    /// The option keys the spec chose, whatever their values (a default
    /// written out counts): empty for a plain name.
    public private(set) var chosenKeys: Set<String> = []
    /// Whether the strategy shows an item as a row per part (``showingPartsAsRows()``),
    /// which a grid has no cell for when an item has several parts.
    public private(set) var showsPartsAsRows = false
    /// Why the strategy cannot lay its list out as a grid (nil: it can):
    /// on a grid scenario it is reported unsupported with this reason.
    public private(set) var gridRefusal: String?

    /// A strategy with options (each built from its enum: ``StrategyOptionValue/option``):
    /// `build` reads their values from the configuration (``StrategyConfiguration/value(of:)``).
    public init(name: String, summary: String, minimumIOS: Int = IOSVersions.oldestModeled, requiredAPI: String? = nil,
                options: [StrategyOption],
                build: @escaping @Sendable (AppContext, StrategyConfiguration) -> any ListStrategy) {
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
                make: @escaping @Sendable (AppContext) -> any ListStrategy) {
        self.init(name: name, summary: summary, minimumIOS: minimumIOS, requiredAPI: requiredAPI, options: []) { context, _ in
            make(context)
        }
    }

    /// This descriptor with ``relativeHostCost`` set to `cost` (positive and finite; anything else leaves 1).
    public func hostCost(_ cost: Double) -> StrategyDescriptor {
        var descriptor = self
        descriptor.relativeHostCost = cost.isFinite && cost > 0 ? cost : 1
        return descriptor
    }

    /// What builds the strategy from a configuration (every option's value).
    var builder: @Sendable (AppContext, StrategyConfiguration) -> any ListStrategy { build }

    /// This descriptor with `option` declared after its own: the strategy
    /// it builds goes through `adjust` (which reads the option's value from
    /// the configuration and may set up or wrap the strategy). The way the
    /// options every strategy of a kind takes are added (`images`,
    /// `position`, `topInserts`).
    ///
    /// - Complexity: O(options).
    func adding(_ option: StrategyOption,
                _ adjust: @escaping @Sendable (any ListStrategy, AppContext, StrategyConfiguration) -> any ListStrategy) -> StrategyDescriptor {
        let build = builder
        return rebuilt(options: options + [option]) { context, configuration in
            adjust(build(context, configuration), context, configuration)
        }
    }

    /// This unconfigured descriptor with `options` and `build` in place of
    /// its own, keeping everything else it says of the strategy (its iOS
    /// requirements, host cost, parts shown as rows): the one way the
    /// wrapping helpers (``adding(_:_:)``, ``preparing(_:_:requires:finish:)``)
    /// make a descriptor, so that none drops a property.
    ///
    /// - Complexity: O(options).
    func rebuilt(options: [StrategyOption],
                 build: @escaping @Sendable (AppContext, StrategyConfiguration) -> any ListStrategy) -> StrategyDescriptor {
        var descriptor = StrategyDescriptor(name: baseName, summary: summary, minimumIOS: minimumIOS, requiredAPI: requiredAPI,
                                            options: options, build: build)
        descriptor.requirement = requirement
        descriptor.relativeHostCost = relativeHostCost
        descriptor.showsPartsAsRows = showsPartsAsRows
        descriptor.gridRefusal = gridRefusal
        return descriptor
    }

    /// This descriptor with `added` options declared after its own: the app
    /// context goes through `prepare` (which reads their values and sets
    /// what the strategy is built with, such as its list's surface) before
    /// the strategy is built; `requires` says what a configuration needs of
    /// the iOS beyond ``minimumIOS``.
    ///
    /// - Complexity: O(options).
    func preparing(_ added: [StrategyOption],
                   _ prepare: @escaping @Sendable (inout AppContext, StrategyConfiguration) -> Void,
                   requires: @escaping @Sendable (StrategyConfiguration) -> (ios: Int, api: String)?,
                   finish: @escaping @Sendable (any ListStrategy, AppContext) -> Void = { _, _ in }) -> StrategyDescriptor {
        let build = builder
        var descriptor = rebuilt(options: options + added) { context, configuration in
            var context = context
            prepare(&context, configuration)
            let strategy = build(context, configuration)
            finish(strategy, context)
            return strategy
        }
        let earlier = requirement
        descriptor.requirement = { configuration in
            let needs = [earlier(configuration), requires(configuration)].compactMap { $0 }
            return needs.max { $0.ios < $1.ios }
        }
        return descriptor
    }

    /// Whether the strategy takes an option named `key`.
    public func takes(_ key: String) -> Bool { options.contains { $0.key == key } }

    /// Why the strategy cannot run on `device` (`needs iOS 13`), or nil when it can.
    public func unsupportedReason(on device: DeviceProfile) -> String? {
        device.isAvailable(iOS: minimumIOS) ? nil : "needs iOS \(minimumIOS)"
    }

    /// Why the strategy cannot run on `device` with a list laid out in
    /// `grid` (nil: a list) showing items of `kinds` (nil: the built-in
    /// posts): its iOS, else a grid whose items have several parts, for a
    /// strategy that shows each part as a row of its own.
    ///
    /// - Complexity: O(parts of the kinds).
    public func unsupportedReason(on device: DeviceProfile, grid: GridLayout?, kinds: KindSet?) -> String? {
        if let reason = unsupportedReason(on: device) { return reason }
        if grid != nil, let gridRefusal { return gridRefusal }
        guard grid != nil, showsPartsAsRows else { return nil }
        // The built-in posts have several parts; a kind has as many as its parts can show at most.
        let parts = kinds?.kinds.map { $0.parts.reduce(0) { $0 + $1.count.maximum } }.max() ?? 2
        return parts > 1 ? "a row per part of an item: a grid has no cell for a part" : nil
    }

    /// This descriptor, shown as a row per part of an item: on a grid
    /// whose items have several parts it is reported unsupported.
    public func showingPartsAsRows() -> StrategyDescriptor {
        var descriptor = self
        descriptor.showsPartsAsRows = true
        return descriptor
    }

    /// This descriptor, refusing grid scenarios for `reason`.
    public func refusingGrids(_ reason: String) -> StrategyDescriptor {
        var descriptor = self
        descriptor.gridRefusal = reason
        return descriptor
    }

    /// The descriptor of this strategy with `chosen` option values (the others at their defaults).
    ///
    /// - Complexity: O(options × chosen).
    /// - Throws: ``StrategyCatalogError/unknownOption(strategy:option:known:)``
    ///   ``StrategyCatalogError/unknownValue(strategy:option:value:known:numbers:)`` or
    ///   ``StrategyCatalogError/outOfRange(strategy:option:value:numbers:known:)``.
    public func configured(_ chosen: [StrategySpec.Setting]) throws(StrategyCatalogError) -> StrategyDescriptor {
        var values = configuration.values
        for setting in chosen {
            guard let option = options.first(where: { $0.key == setting.key }) else {
                throw .unknownOption(strategy: baseName, option: setting.key, known: options.map(\.key))
            }
            guard let value = option.canonicalValue(setting.value) else {
                if let numbers = option.numbers, let number = Double(setting.value), number.isFinite {
                    throw .outOfRange(strategy: baseName, option: setting.key, value: setting.value, numbers: numbers, known: option.values)
                }
                throw .unknownValue(strategy: baseName, option: setting.key, value: setting.value, known: option.values,
                                    numbers: option.numbers)
            }
            values[setting.key] = value
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
        descriptor.chosenKeys = chosenKeys.union(chosen.map(\.key))
        if let need = requirement(configuration), need.ios > minimumIOS {
            descriptor.minimumIOS = need.ios
            descriptor.requiredAPI = need.api
        }
        return descriptor
    }
}

import ListData

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
    /// A value that is neither a named value of the option nor a number it takes.
    case unknownValue(strategy: String, option: String, value: String, known: [String], numbers: StrategyNumbers? = nil)
    /// A number past the range the option takes.
    case outOfRange(strategy: String, option: String, value: String, numbers: StrategyNumbers, known: [String])

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
        case let .unknownValue(strategy, option, value, known, numbers):
            let range = numbers.map { ", or a number in \($0.text)" } ?? ""
            return "\(strategy): '\(PrintableText.truncated(value))' is not a value of \(option); its values: \(known.joined(separator: ", "))\(range)"
                + Suggestion.didYouMean(value, in: known)
        case let .outOfRange(strategy, option, value, numbers, known):
            return "\(strategy): \(option)=\(PrintableText.truncated(value)) is out of range; allowed \(numbers.text)"
                + (known.isEmpty ? "" : ", or \(known.joined(separator: ", "))")
        }
    }
}

/// The strategies a run can choose from, by name.
///
/// ``builtIn`` is a global, but an immutable one: a `static let` of this
/// value type, the same for the whole process. A package adds its own
/// strategies with ``register(_:)`` on a copy of it, and runs with that
/// copy; nothing registers into ``builtIn`` itself.
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

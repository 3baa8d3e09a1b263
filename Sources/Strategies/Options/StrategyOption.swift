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

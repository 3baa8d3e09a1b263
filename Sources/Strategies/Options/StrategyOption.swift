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
///
/// Build it from the option's enum (``StrategyOptionValue/option``), so that
/// the listing, the spec parser and the builder share one spelling of every
/// value; this initializer is the listing's form, for code that has no enum.
public struct StrategyOption: Sendable, Equatable {
    public var key: String
    public var meaning: String
    public var choices: [StrategyChoice]
    public var defaultValue: String
    /// Besides its named values, any number in this range (nil: the named values only).
    public var numbers: StrategyNumbers?

    public init(key: String, meaning: String, choices: [StrategyChoice], default defaultValue: String, numbers: StrategyNumbers? = nil) {
        self.key = key
        self.meaning = meaning
        self.choices = choices
        self.defaultValue = defaultValue
        self.numbers = numbers
    }

    public var values: [String] { choices.map(\.value) }

    /// `text` as this option's value: a named value as it is, or a number
    /// in ``numbers`` in its canonical form (`333`, not `333.0`; a number
    /// that spells a named value, such as `100.0`, is that value); nil for
    /// any other text.
    ///
    /// - Complexity: O(choices).
    public func canonicalValue(_ text: String) -> String? {
        if values.contains(text) { return text }
        guard let numbers, let number = Double(text), number.isFinite, numbers.range.contains(number) else { return nil }
        return StrategyNumbers.number(number)
    }
}

/// The numbers an option takes besides its named values: a range, its unit,
/// and what a number there models.
public struct StrategyNumbers: Sendable, Equatable {
    public var range: ClosedRange<Double>
    public var unit: String
    public var meaning: String

    public init(_ range: ClosedRange<Double>, unit: String, meaning: String) {
        self.range = range
        self.unit = unit
        self.meaning = meaning
    }

    /// `1...60000 ms`, as messages and listings print it.
    public var text: String { "\(Self.number(range.lowerBound))...\(Self.number(range.upperBound)) \(unit)" }

    /// A number as a spec and a message write it: whole ones without a fraction (`333`, not `333.0`).
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
    }
}

/// A strategy option as a Swift enum: one case per value, its raw value what
/// a spec writes (`identifier-diff:throttle=none`), each case saying what it
/// models; the option's key, what it decides and its default (the technique
/// as published) stated once.
///
/// The descriptor declares ``option``, built from the enum, and its builder
/// reads the chosen value typed (``StrategyConfiguration/value(of:)``), so a
/// builder cannot name a value the option does not have: a misspelling does
/// not compile, where a string compare would silently give the default.
public protocol StrategyOptionValue: RawRepresentable<String>, CaseIterable, Sendable {
    /// The option's key in a spec (`throttle`).
    static var key: String { get }
    /// What the option decides (`listbench list strategies`).
    static var meaning: String { get }
    /// The value a spec that does not choose one gets: the technique as published.
    static var defaultValue: Self { get }
    /// What this value models (`listbench list strategies`).
    var meaning: String { get }
    /// Any number the option takes besides its named values (nil, the default: none).
    static var numbers: StrategyNumbers? { get }
}

extension StrategyOptionValue {
    /// The option as a descriptor declares it: every case in declaration
    /// order (``allCases``), with what it models, and the default.
    ///
    /// - Complexity: O(cases).
    public static var option: StrategyOption {
        StrategyOption(key: key, meaning: meaning, choices: allCases.map { StrategyChoice($0.rawValue, $0.meaning) },
                       default: defaultValue.rawValue, numbers: numbers)
    }

    /// Named values only.
    public static var numbers: StrategyNumbers? { nil }
}

/// What a configuration chose for an option that also takes numbers: one of
/// its named values, or a number in its range.
public enum StrategySetting<Value: StrategyOptionValue>: Sendable {
    case named(Value)
    case number(Double)
}

/// The value of every option of a configured strategy.
public struct StrategyConfiguration: Sendable, Equatable {
    public private(set) var values: [String: String]

    /// A configuration holds the values a descriptor gave it: its options'
    /// defaults, and the values ``StrategyDescriptor/configured(_:)`` accepted.
    init(_ values: [String: String] = [:]) { self.values = values }

    /// The chosen value of `key` (each option has one: its default unless
    /// chosen), as a spec writes it. A builder reads ``value(of:)`` instead.
    public subscript(key: String) -> String? { values[key] }

    /// The chosen value of an option, typed.
    ///
    /// A configuration of a descriptor that declares the option holds one of
    /// its values (``StrategyDescriptor/configured(_:)`` accepts no other).
    /// A builder that reads an option its descriptor does not declare is a
    /// programming error, and stops the program with its name: it never
    /// reads as a default.
    ///
    /// - Complexity: O(1) on average (one dictionary lookup).
    public func value<Value: StrategyOptionValue>(of option: Value.Type) -> Value {
        guard let raw = values[Value.key], let value = Value(rawValue: raw) else {
            preconditionFailure("a strategy reads the option '\(Value.key)', which its descriptor does not declare, as a named value")
        }
        return value
    }

    /// The chosen value of an option that also takes numbers (``StrategyOptionValue/numbers``):
    /// a named value, or the number ``StrategyDescriptor/configured(_:)`` accepted in its range.
    ///
    /// - Complexity: O(1) on average.
    public func setting<Value: StrategyOptionValue>(of option: Value.Type) -> StrategySetting<Value> {
        guard let raw = values[Value.key] else {
            preconditionFailure("a strategy reads the option '\(Value.key)', which its descriptor does not declare")
        }
        if let value = Value(rawValue: raw) { return .named(value) }
        guard let number = Double(raw), Value.numbers?.range.contains(number) == true else {
            preconditionFailure("the option '\(Value.key)' holds '\(raw)', which it does not take")
        }
        return .number(number)
    }
}

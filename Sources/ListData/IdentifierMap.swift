/// A hash map on any `Hashable` key that keeps `Int` keys in an ``IntMap``
/// and other keys in a `Dictionary`: generic code (a snapshot's item
/// identifiers, whose type is the app's) gets ``IntMap``'s one-multiply
/// hashing and its locality when the app's identifiers are plain `Int`s,
/// and `Dictionary`'s hashing otherwise.
///
/// The choice is made on the key's type (`Key.self == Int.self`), never on
/// a value's dynamic type, so that an `AnyHashable` holding an `Int` stays
/// in the dictionary with the other `AnyHashable`s it may equal. Specialised
/// code (the release build specialises across modules) folds the test away.
///
/// Iteration is not offered: neither table's order is one to rely on.
///
/// - Complexity: O(1) expected per look-up, insertion and removal, as the
///   table behind it.
public struct IdentifierMap<Key: Hashable, Value> {
    private var ints = IntMap<Value>()
    private var others: [Key: Value] = [:]

    public init() {}

    /// An empty map with room for `minimumCapacity` entries before it grows.
    public init(minimumCapacity: Int) { reserveCapacity(minimumCapacity) }

    /// The key as an `Int` when the key type is `Int`; nil for every other key type.
    @inline(__always)
    private static func int(_ key: Key) -> Int? {
        guard Key.self == Int.self else { return nil }
        return key as? Int
    }

    public var count: Int { Self.isInt ? ints.count : others.count }
    public var isEmpty: Bool { count == 0 }

    private static var isInt: Bool { Key.self == Int.self }

    /// The value for `key`, or nil; setting nil removes the entry.
    public subscript(key: Key) -> Value? {
        get {
            if let int = Self.int(key) { return ints[int] }
            return others[key]
        }
        set {
            if let int = Self.int(key) { ints[int] = newValue } else { others[key] = newValue }
        }
    }

    /// Sets the value for `key`; returns the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Key) -> Value? {
        if let int = Self.int(key) { return ints.updateValue(value, forKey: int) }
        return others.updateValue(value, forKey: key)
    }

    /// Removes `key`'s entry; returns its value, if it had one.
    @discardableResult
    public mutating func removeValue(forKey key: Key) -> Value? {
        if let int = Self.int(key) { return ints.removeValue(forKey: int) }
        return others.removeValue(forKey: key)
    }

    /// Makes room for `minimumCapacity` entries.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        if Self.isInt { ints.reserveCapacity(minimumCapacity) } else { others.reserveCapacity(minimumCapacity) }
    }
}

extension IdentifierMap: Sendable where Key: Sendable, Value: Sendable {}

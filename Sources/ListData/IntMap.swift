/// A hash map from `Int` keys to values, for the simulator's hot paths:
/// the cells of a table's rows, the nodes of a table node, the rows a run
/// has shown.
///
/// Open addressing with linear probing; a key's block of eight (the key
/// without its low three bits) is placed by the high bits of its number
/// times 2⁶⁴/φ (Fibonacci hashing), the key by its low bits within it, so
/// one multiply replaces the SipHash round that `Dictionary` spends on every
/// `Int` key (the largest single cost in profiles of the simulator,
/// docs/performance.md), and eight consecutive keys sit in consecutive
/// slots: a million-entry table read in its keys' order misses the cache
/// about once per eight keys rather than on every key. Removal
/// shifts the following run of slots back, so there are no tombstones. The
/// table doubles when it is half full.
///
/// Iteration (``keys``, ``values``) follows the slots: it depends on the
/// keys and the order they were entered, never on a per-process seed, but
/// it is not sorted; sort when order matters.
///
/// - Complexity: O(1) expected per look-up, insertion and removal. Memory:
///   8 bytes per slot for keys plus the values' optionals, at 2 to 4 slots per entry.
/// - Caveat: keys whose blocks agree in their high bits after the multiply
///   cluster (a run of consecutive keys fills its blocks, and a probe may
///   walk a few blocks); ordinary identifiers (runs of consecutive or
///   scattered numbers) do not collide otherwise, but a list built to
///   collide could make operations O(n).
public struct IntMap<Value> {
    private var slotKeys: [Int] = []
    private var slotValues: [Value?] = []
    /// 64 − log₂(capacity): the shift that maps a hash to a slot.
    private var shift = 64
    public private(set) var count = 0

    public init() {}

    /// An empty map with room for `minimumCapacity` entries before it grows.
    public init(minimumCapacity: Int) {
        reserveCapacity(minimumCapacity)
    }

    public var isEmpty: Bool { count == 0 }

    /// The value for `key`, or nil; setting nil removes the entry.
    public subscript(key: Int) -> Value? {
        get { slot(of: key).flatMap { slotValues[$0] } }
        set {
            guard let newValue else {
                removeValue(forKey: key)
                return
            }
            updateValue(newValue, forKey: key)
        }
    }

    /// Whether `key` has a value.
    public func contains(_ key: Int) -> Bool { slot(of: key) != nil }

    /// The slot holding `key`'s entry, nil when it has none. Slots are
    /// tested for a value without copying it: a probe that read the values
    /// out would retain and release each class value it passed.
    ///
    /// - Complexity: O(1) expected.
    private func slot(of key: Int) -> Int? {
        guard count > 0 else { return nil }
        var slot = home(key)
        let mask = slotKeys.count - 1
        while slotValues[slot] != nil {
            if slotKeys[slot] == key { return slot }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Sets the value for `key`; returns the value it replaced, if any.
    @discardableResult
    public mutating func updateValue(_ value: Value, forKey key: Int) -> Value? {
        if (count + 1) * 2 > slotKeys.count { grow(to: max(8, slotKeys.count * 2)) }
        var slot = home(key)
        let mask = slotKeys.count - 1
        while slotValues[slot] != nil {
            if slotKeys[slot] == key {
                let old = slotValues[slot]
                slotValues[slot] = value
                return old
            }
            slot = (slot + 1) & mask
        }
        slotKeys[slot] = key
        slotValues[slot] = value
        count += 1
        return nil
    }

    /// Removes `key`'s entry; returns its value, if it had one.
    @discardableResult
    public mutating func removeValue(forKey key: Int) -> Value? {
        guard let slot = slot(of: key) else { return nil }
        let value = slotValues[slot]
        closeGap(at: slot, mask: slotKeys.count - 1)
        count -= 1
        return value
    }

    /// Removes every entry, keeping the table's storage.
    public mutating func removeAll() {
        guard count > 0 else { return }
        for slot in slotValues.indices { slotValues[slot] = nil }
        count = 0
    }

    /// Makes room for `minimumCapacity` entries.
    public mutating func reserveCapacity(_ minimumCapacity: Int) {
        var capacity = 8
        while capacity < minimumCapacity * 2 { capacity *= 2 }
        if capacity > slotKeys.count { grow(to: capacity) }
    }

    /// Runs `body` on `key`'s value in place (no copy, one look-up); nil
    /// when the key has no value.
    @discardableResult
    public mutating func modifyValue<R>(forKey key: Int, _ body: (inout Value) -> R) -> R? {
        // Taken out of the slot while `body` runs, so that a value holding
        // arrays is uniquely referenced and changes without a copy.
        guard let slot = slot(of: key), var value = slotValues[slot].take() else { return nil }
        let result = body(&value)
        slotValues[slot] = value
        return result
    }

    /// What `body` makes of `key`'s value, read where it is stored; nil when
    /// the key has no value. A class value read by the subscript is
    /// retained and released around the read (atomic operations): a table's
    /// visible content reads every visible row's cell this way.
    public func withValue<R>(forKey key: Int, _ body: (Value) -> R) -> R? {
        guard let slot = slot(of: key) else { return nil }
        return slotValues.withUnsafeBufferPointer { $0[slot].map(body) }
    }

    /// The keys whose values satisfy `predicate`, in slot order.
    ///
    /// - Complexity: O(capacity).
    public func keys(where predicate: (Value) -> Bool) -> [Int] {
        var keys: [Int] = []
        for slot in slotKeys.indices {
            if let value = slotValues[slot], predicate(value) { keys.append(slotKeys[slot]) }
        }
        return keys
    }

    /// Calls `body` with every key, in slot order (the order of ``keys``),
    /// without building an array.
    ///
    /// - Complexity: O(capacity).
    public func forEachKey(_ body: (Int) -> Void) {
        for slot in slotKeys.indices where slotValues[slot] != nil { body(slotKeys[slot]) }
    }

    /// The keys, in slot order (not sorted).
    ///
    /// - Complexity: O(capacity).
    public var keys: [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(count)
        for slot in slotKeys.indices where slotValues[slot] != nil { keys.append(slotKeys[slot]) }
        return keys
    }

    /// The values, in slot order (the order of ``keys``).
    ///
    /// - Complexity: O(capacity).
    public var values: [Value] {
        var values: [Value] = []
        values.reserveCapacity(count)
        for value in slotValues { if let value { values.append(value) } }
        return values
    }

    // MARK: - Table

    /// Keys that share all but their low three bits form a block of eight:
    /// the block is placed by Fibonacci hashing of its number, the key by
    /// its low bits within it. Runs of consecutive keys (a list's
    /// identifiers, rows) so land eight at a time in consecutive slots (the
    /// keys' cache line), and a pass over a large table in the keys' order
    /// misses the cache once per block instead of on every key; the blocks
    /// themselves are scattered as Fibonacci hashing scatters keys.
    ///
    /// - Precondition: the table has slots (its capacity is at least 8, so
    ///   `shift + 3` is at most 64: a shift by 64 gives 0, one block).
    private func home(_ key: Int) -> Int {
        let block = (UInt64(bitPattern: Int64(key >> 3)) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift + 3)
        return Int(truncatingIfNeeded: block << 3) | (key & 7)
    }

    /// Empties the slot at `gap` and moves later entries of its run back
    /// into it where their home allows (backward-shift deletion).
    private mutating func closeGap(at start: Int, mask: Int) {
        var gap = start
        var slot = (start + 1) & mask
        while slotValues[slot] != nil {
            let home = self.home(slotKeys[slot])
            // The entry may move to the gap when its home is not cyclically in (gap, slot].
            let distanceToSlot = (slot - home) & mask
            let distanceToGap = (gap - home) & mask
            if distanceToGap < distanceToSlot {
                slotKeys[gap] = slotKeys[slot]
                slotValues[gap] = slotValues[slot]
                gap = slot
            }
            slot = (slot + 1) & mask
        }
        slotValues[gap] = nil
    }

    /// Moves every entry into a table of `capacity` slots. The values are
    /// taken out of the old slots, not copied: a copy would retain each
    /// value (its arrays, its objects) and freeing the old table release it.
    private mutating func grow(to capacity: Int) {
        let oldKeys = slotKeys
        var oldValues = slotValues
        slotKeys = Array(repeating: 0, count: capacity)
        slotValues = Array(repeating: nil, count: capacity)
        shift = 64 - capacity.trailingZeroBitCount
        let mask = capacity - 1
        for index in oldKeys.indices {
            guard let value = oldValues[index].take() else { continue }
            var slot = home(oldKeys[index])
            while slotValues[slot] != nil { slot = (slot + 1) & mask }
            slotKeys[slot] = oldKeys[index]
            slotValues[slot] = value
        }
    }
}

extension IntMap: Sendable where Value: Sendable {}

extension IntMap: Equatable where Value: Equatable {
    /// The same keys with equal values, whatever the slots' order (as `Dictionary`'s `==`).
    ///
    /// - Complexity: O(capacity) expected.
    public static func == (lhs: IntMap, rhs: IntMap) -> Bool {
        guard lhs.count == rhs.count else { return false }
        for slot in lhs.slotKeys.indices {
            if let value = lhs.slotValues[slot], rhs[lhs.slotKeys[slot]] != value { return false }
        }
        return true
    }
}

/// A set of `Int`s on ``IntMap``'s table: the same hashing, the same caveats.
public struct IntSet: Sendable {
    private var map = IntMap<Bool>()

    public init() {}

    public init(minimumCapacity: Int) { map = IntMap(minimumCapacity: minimumCapacity) }

    /// A set of the sequence's elements.
    ///
    /// - Complexity: O(n) expected.
    public init<S: Sequence>(_ elements: S) where S.Element == Int {
        map.reserveCapacity(elements.underestimatedCount)
        for element in elements { map.updateValue(true, forKey: element) }
    }

    public var count: Int { map.count }
    public var isEmpty: Bool { map.isEmpty }

    public func contains(_ element: Int) -> Bool { map[element] != nil }

    /// Adds an element; returns whether it was new.
    @discardableResult
    public mutating func insert(_ element: Int) -> Bool { map.updateValue(true, forKey: element) == nil }

    /// Removes an element; returns whether it was there.
    @discardableResult
    public mutating func remove(_ element: Int) -> Bool { map.removeValue(forKey: element) != nil }

    public mutating func removeAll() { map.removeAll() }

    /// How many of `elements` the set does not hold (each counted as often as it occurs).
    ///
    /// - Complexity: O(m) expected for `m` elements.
    public func countMissing<S: Sequence>(_ elements: S) -> Int where S.Element == Int {
        elements.reduce(0) { $0 + (contains($1) ? 0 : 1) }
    }

    /// The elements, in slot order (not sorted).
    public var elements: [Int] { map.keys }
}

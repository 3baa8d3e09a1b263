import Randomness

/// Pairs equal identifiers of an old and a new list: Heckel's symbol table,
/// specialised for identifier lists.
///
/// The table is open-addressed with linear probing. A slot is one `UInt64`:
/// the upper 32 bits cache part of the identifier's hash key (``hashKey(_:)``:
/// a cheap mix for `Int`, `hashValue` otherwise; so most probes never
/// call `==`), the lower 31 bits hold `1 + ref`, where `ref` is an index into the
/// old list (`ref < oldCount`) or into the new list (`ref - oldCount`), and bit
/// 31 marks a unique old identifier as already paired (so pairing needs no
/// second random memory access). Each
/// identifier is hashed exactly once per occurrence; the slot index comes from a
/// Fibonacci multiply of that hash.
///
/// Duplicates are paired in order: the old pass runs backwards and chains the
/// occurrences of one identifier in ascending order (`head`/`next`), so the
/// k-th new occurrence takes the k-th old one.
///
/// This single table is the exact pairing. From ``partitionThreshold`` old
/// identifiers, ``match(old:new:policy:partitionTarget:)`` first tries
/// ``partitioned(old:new:detectNewDuplicates:target:)``, which gives the same
/// pairing with its random accesses in cache-sized partitions, and falls back
/// to this table when it cannot be sure of that (repeated identifiers, hash
/// collisions).
///
/// - Complexity: O(n + m) expected time and memory for `n` old and `m` new
///   identifiers. The table takes 8 bytes a slot at a load factor of at most
///   0.67 (about 16–21 bytes per old identifier; strict mode also enters new
///   identifiers); duplicate chains add 8 bytes per old identifier, only
///   when the old list repeats one. Past the caches (a million identifiers:
///   16 MiB) almost every probe misses; the partitioned pairing avoids that.
/// - Note: Only the table's layout depends on the hash keys (per-process
///   seeded, except `Int`'s); the pairing and everything derived from it depend only on the
///   order of the lists, so results are deterministic across runs.
@usableFromInline
struct IdentifierMatching {
    /// For each new index, the old index it is paired with, or -1.
    @usableFromInline var newToOld: [Int32]
    /// For each old index, the new index it is paired with, or -1.
    @usableFromInline var oldToNew: [Int32]
    /// Whether an identifier occurs more than once in the old list.
    @usableFromInline var oldHasDuplicates: Bool
    /// Whether an identifier occurs more than once in the new list, as far as
    /// the new pass can tell: it can miss a repeat whose old occurrences are
    /// repeated as often, so it is exact only when `oldHasDuplicates` is false.
    @usableFromInline var newHasDuplicates: Bool

    /// The largest list the 31-bit references can address.
    @usableFromInline static let limit = Int(Int32.max) - 1

    /// In a slot's lower half: set once the (unique) old occurrence is paired.
    @usableFromInline static let takenBit: UInt64 = 0x8000_0000
    /// In a slot's lower half: `1 + ref`.
    @usableFromInline static let refMask: UInt64 = 0x7FFF_FFFF

    @inlinable
    init(newToOld: [Int32], oldToNew: [Int32], oldHasDuplicates: Bool, newHasDuplicates: Bool) {
        self.newToOld = newToOld
        self.oldToNew = oldToNew
        self.oldHasDuplicates = oldHasDuplicates
        self.newHasDuplicates = newHasDuplicates
    }

    /// Pairs the identifiers with one table over the whole old list, comparing
    /// identifiers with `==`: the exact pairing, for any input.
    ///
    /// - Parameter detectNewDuplicates: also enter identifiers found only in
    ///   the new list into the table, so that one repeated within the new
    ///   list is seen (needed for strict reports only; best-effort pairing
    ///   does not need it and saves up to half the table).
    @inlinable
    init<ID: Hashable>(old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, detectNewDuplicates: Bool) {
        let oldCount = old.count
        let newCount = new.count
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        var oldDuplicates = false
        var newDuplicates = false

        // Capacity: a power of two above 1.5 × the most entries there can be.
        let entries = oldCount + (detectNewDuplicates ? newCount : 0)
        var shift = 64
        var capacity = 1
        while capacity < entries + entries / 2 + 1 {
            capacity &<<= 1
            shift &-= 1
        }
        let mask = capacity &- 1
        let slots = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        slots.initialize(repeating: 0, count: capacity)
        defer { slots.deallocate() }

        // Duplicate chains, allocated at the first duplicate only:
        // head[r]: the first unpaired old occurrence of the identifier stored as ref r;
        // next[i]: the next old occurrence after i of the same identifier, or -1.
        var head: [Int32] = []
        var next: [Int32] = []

        // Old pass, backwards, so that chains come out ascending.
        var i = oldCount &- 1
        while i >= 0 {
            let id = old[i]
            let (tag, start) = Self.locate(id, shift: shift)
            var slot = start
            while true {
                let value = slots[slot]
                if value == 0 {
                    slots[slot] = tag | UInt64(i &+ 1)
                    break
                }
                if value & 0xFFFF_FFFF_0000_0000 == tag {
                    let ref = Int(truncatingIfNeeded: value & Self.refMask) &- 1
                    if old[ref] == id {
                        if !oldDuplicates {
                            oldDuplicates = true
                            head = (0..<Int32(truncatingIfNeeded: oldCount)).map { $0 }
                            next = [Int32](repeating: -1, count: oldCount)
                        }
                        next[i] = head[ref]
                        head[ref] = Int32(truncatingIfNeeded: i)
                        break
                    }
                }
                slot = (slot &+ 1) & mask
            }
            i &-= 1
        }

        // New pass, forwards: take the next unpaired old occurrence.
        newToOld.withUnsafeMutableBufferPointer { newToOld in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                for j in 0..<newCount {
                    let id = new[j]
                    let (tag, start) = Self.locate(id, shift: shift)
                    var slot = start
                    while true {
                        let value = slots[slot]
                        if value == 0 {
                            if detectNewDuplicates { slots[slot] = tag | UInt64(oldCount &+ j &+ 1) }
                            break
                        }
                        if value & 0xFFFF_FFFF_0000_0000 == tag {
                            let ref = Int(truncatingIfNeeded: value & Self.refMask) &- 1
                            if ref < oldCount {
                                if old[ref] == id {
                                    let candidate: Int
                                    if oldDuplicates {
                                        candidate = Int(head[ref])
                                        if candidate >= 0 { head[ref] = next[candidate] }
                                    } else if value & Self.takenBit == 0 {
                                        // Unique so far: mark the slot taken, no second lookup needed.
                                        candidate = ref
                                        slots[slot] = value | Self.takenBit
                                    } else {
                                        candidate = -1
                                    }
                                    if candidate >= 0 {
                                        newToOld[j] = Int32(truncatingIfNeeded: candidate)
                                        oldToNew[candidate] = Int32(truncatingIfNeeded: j)
                                    } else {
                                        // More occurrences in new than in old.
                                        newDuplicates = true
                                    }
                                    break
                                }
                            } else if new[ref &- oldCount] == id {
                                newDuplicates = true
                                break
                            }
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
            }
        }
        self.newToOld = newToOld
        self.oldToNew = oldToNew
        self.oldHasDuplicates = oldDuplicates
        self.newHasDuplicates = newDuplicates
    }

    /// Hashes an identifier once: its tag (the key's low 32 bits, in a slot's
    /// upper half) and its first slot (Fibonacci hashing: the high bits of
    /// key × 2^64/φ; a shift of 64, for a one-slot table, gives 0 under
    /// Swift's smart shift). The key is ``hashKey(_:)``'s.
    @inlinable
    static func locate<ID: Hashable>(_ id: ID, shift: Int) -> (tag: UInt64, slot: Int) {
        let hash = hashKey(id)
        let tag = UInt64(UInt32(truncatingIfNeeded: hash)) &<< 32
        let slot = Int(truncatingIfNeeded: (hash &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        return (tag, slot)
    }

    /// An identifier's 64-bit hash key, the one both pairings place it by:
    /// for `Int` identifiers (chosen on the type, `ID.self == Int.self`,
    /// never on a value's dynamic type, so an `AnyHashable` holding an `Int`
    /// keeps `hashValue`), SplitMix64's finaliser of the integer
    /// (`SplitMix64.mix`: a bijection, so different `Int`s never share a
    /// key, with every output bit depending on every input bit, as the
    /// partitioned pairing needs: partitions from the top bits, tags from
    /// the low ones); for every other
    /// type, `hashValue`. The release build specialises the generic code
    /// across modules and folds the type test away.
    ///
    /// Keys only decide where an identifier is looked up; the pairings
    /// compare identifiers with `==` (or, partitioned, fall back to the
    /// exact pairing when a key could stand for two identifiers), so the
    /// result never depends on which key function ran.
    ///
    /// - Complexity: O(1) for `Int` (two multiplies instead of SipHash-1-3,
    ///   `Int.hashValue`'s cost); otherwise the type's `hash(into:)`.
    /// - Note: Unlike `hashValue`, the `Int` key is not seeded per process:
    ///   the tables' layout is the same in every run, and inputs crafted to
    ///   collide in a table's slots would slow the diff (never change its
    ///   result). The identifiers diffed here are the program's own.
    @inlinable
    static func hashKey<ID: Hashable>(_ id: ID) -> UInt64 {
        if ID.self == Int.self, let int = id as? Int { return SplitMix64.mix(UInt64(bitPattern: Int64(int))) }
        return UInt64(UInt(bitPattern: id.hashValue))
    }
}

extension IdentifierMatching {
    /// Matches two identifier arrays. The caller checks sizes against ``limit``.
    ///
    /// Old lists of ``partitionThreshold`` identifiers or more are paired by
    /// ``partitioned(old:new:detectNewDuplicates:target:)``, smaller ones (and
    /// any the partitioned pairing gives up on) by the single table of
    /// ``init(old:new:detectNewDuplicates:)``: both give the same pairing.
    ///
    /// - Parameter partitionTarget: for tests: partition every old list longer
    ///   than this, into partitions of about this many identifiers
    ///   (`Int.max`: never partition).
    @inlinable
    static func match<ID: Hashable>(
        old: [ID], new: [ID], policy: DuplicatePolicy, partitionTarget: Int? = nil
    ) -> IdentifierMatching {
        old.withUnsafeBufferPointer { old in
            new.withUnsafeBufferPointer { new in
                let strict = policy == .strict
                let target = partitionTarget ?? Self.partitionTarget
                let partition = partitionTarget.map { old.count > $0 } ?? (old.count >= partitionThreshold)
                if partition, let matching = partitioned(old: old, new: new, detectNewDuplicates: strict, target: target) {
                    return matching
                }
                return IdentifierMatching(old: old, new: new, detectNewDuplicates: strict)
            }
        }
    }

    /// The duplicate reports for the sides that repeat an identifier (empty when none do).
    ///
    /// Both sides are recounted as soon as either pass saw a repeat, since the
    /// new pass alone cannot see every repeat (see ``newHasDuplicates``).
    ///
    /// - Complexity: O(1) when there are no duplicates; otherwise O(n) expected,
    ///   on the error path only.
    @inlinable
    func duplicateReports<ID: Hashable>(old: [ID], new: [ID], kind: IdentifierKind) -> [DuplicateReport] {
        guard oldHasDuplicates || newHasDuplicates else { return [] }
        return [Self.duplicateReport(old, kind: kind, side: .old), Self.duplicateReport(new, kind: kind, side: .new)]
            .filter { !$0.identifiers.isEmpty }
    }

    /// Lists the repeated identifiers of one list. Only runs on the error path.
    ///
    /// - Complexity: O(n) expected.
    @usableFromInline
    static func duplicateReport<ID: Hashable>(_ ids: [ID], kind: IdentifierKind, side: DiffSide) -> DuplicateReport {
        var seen: [ID: (first: Int, count: Int)] = [:]
        seen.reserveCapacity(ids.count)
        for (index, id) in ids.enumerated() {
            if let entry = seen[id] {
                seen[id] = (entry.first, entry.count + 1)
            } else {
                seen[id] = (index, 1)
            }
        }
        var firsts: [Int] = []
        for (index, id) in ids.enumerated() {
            if let entry = seen[id], entry.count > 1, entry.first == index {
                firsts.append(index)
            }
        }
        return DuplicateReport(
            kind: kind, side: side,
            identifiers: firsts.map { String(describing: ids[$0]) },
            firstIndices: firsts
        )
    }
}

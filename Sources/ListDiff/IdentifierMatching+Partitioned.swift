extension IdentifierMatching {
    /// The old-list length from which ``match(old:new:policy:partitionTarget:)``
    /// pairs partition by partition: below it the single table (at most 2^16
    /// slots, 512 KiB) stays in cache and is faster.
    @usableFromInline static let partitionThreshold = 1 << 15

    /// About how many old identifiers one partition of
    /// ``partitioned(old:new:detectNewDuplicates:target:)`` holds: its table
    /// (8,192 slots, 64 KiB) stays in a core's L2 cache.
    @usableFromInline static let partitionTarget = 4_096

    /// Pairs the identifiers by their hash values, partition by partition, then
    /// checks every pair with `==`: the pairing of
    /// ``init(old:new:detectNewDuplicates:)`` without its cache misses, or nil
    /// when it cannot be sure of giving that pairing.
    ///
    /// A single table over a million identifiers (16 MiB) misses the cache on
    /// almost every probe. Here each identifier is hashed once (``hashKey(_:)``:
    /// a cheap mix for `Int`, `hashValue` otherwise; a 64-bit key), and the keys with their indexes are scattered by
    /// the key's top bits into 2^b partitions of about `target` old
    /// identifiers, each in ascending index order. Each partition then gets
    /// its own small open-addressed table (the slot layout of the single
    /// table: a 32-bit tag and a reference), built from its old keys and
    /// probed with its new keys, so all random accesses stay in the cache; the
    /// scatter and everything else run through memory in order. A new
    /// identifier pairs with the old one of the same full 64-bit key. Last, in
    /// new-list order, each pair is checked with `==`, which reads both lists
    /// in order when the lists are roughly in the same order.
    ///
    /// Pairing by key equals pairing by identifier when no key stands for two
    /// different identifiers. The checks make sure of it: it returns nil (and
    /// the caller runs the exact pairing) when a key repeats within the old
    /// list, when a second new identifier finds an old key already taken, when
    /// (with `detectNewDuplicates`) a key repeats within the new list, or when
    /// a pair fails `==`. Otherwise every key stands for one identifier on each
    /// side and the pairs are equal identifiers, so the pairing is exactly the
    /// single table's, with no duplicates on either side. Repeated identifiers
    /// therefore always take the exact pairing; a collision of two different
    /// identifiers' 64-bit hash values (about n·m/2^64 likely) does too.
    ///
    /// - Complexity: O(n + m) expected time for `n` old and `m` new
    ///   identifiers, one ``hashKey(_:)`` per identifier, one `==` per pair.
    ///   Scratch memory: 8 bytes per identifier of the longer list (keys in
    ///   list order), 12 per old identifier (keys and indexes by partition,
    ///   freed before the result arrays are allocated) and 8 per new one
    ///   (keys by partition, then partners), and one table of under 24 bytes
    ///   per entry of the largest partition (64 KiB at 4,096).
    /// - Note: Like the single table, only the partitions' layout depends on
    ///   the hash keys (per-process seeded, except `Int`'s), never the result.
    ///   `Int` keys are a bijection of the integer, so distinct `Int`s never
    ///   share a key and only repeats make this fall back.
    @inlinable
    static func partitioned<ID: Hashable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, detectNewDuplicates: Bool, target: Int
    ) -> IdentifierMatching? {
        let oldCount = old.count
        let newCount = new.count
        // 2^bits partitions of at most about `target` old identifiers (at least 2, at most 2^16).
        var bits = 1
        while bits < 16, (oldCount &>> bits) > target { bits &+= 1 }
        let partitions = 1 &<< bits
        let shift = UInt64(64 &- bits)

        // Partition p's old entries are oldEntryKey/oldEntryIndex[oldStart[p]..<oldStart[p + 1]],
        // its new entries newEntryKey[newStart[p]..<newStart[p + 1]], each in list order.
        let oldStart = UnsafeMutablePointer<Int>.allocate(capacity: partitions &+ 1)
        defer { oldStart.deallocate() }
        let newStart = UnsafeMutablePointer<Int>.allocate(capacity: partitions &+ 1)
        defer { newStart.deallocate() }
        let cursor = UnsafeMutablePointer<Int>.allocate(capacity: partitions)
        defer { cursor.deallocate() }
        // Each list's keys in list order, the old list's first (one buffer, fewer fresh pages).
        let keys = UnsafeMutablePointer<UInt64>.allocate(capacity: max(oldCount, newCount))
        defer { keys.deallocate() }
        let newKeys = keys
        // The new list's keys by partition; once its partition is paired, each
        // holds the entry's partner instead: the old index it pairs with, or -1.
        let newEntryKey = UnsafeMutablePointer<UInt64>.allocate(capacity: newCount)
        defer { newEntryKey.deallocate() }

        // The old entries are freed before the result arrays are allocated.
        do {
            let oldEntryKey = UnsafeMutablePointer<UInt64>.allocate(capacity: oldCount)
            defer { oldEntryKey.deallocate() }
            let oldEntryIndex = UnsafeMutablePointer<Int32>.allocate(capacity: oldCount)
            defer { oldEntryIndex.deallocate() }

            /// Hashes `list` once into `keys` (list order) and counts its keys per partition into `start[p + 1]`.
            @inline(__always)
            func hashAndCount(_ list: UnsafeBufferPointer<ID>, into start: UnsafeMutablePointer<Int>) {
                start.initialize(repeating: 0, count: partitions &+ 1)
                for i in 0..<list.count {
                    let key = hashKey(list[i])
                    keys[i] = key
                    start[Int(truncatingIfNeeded: key &>> shift) &+ 1] &+= 1
                }
            }
            /// Places the first `count` keys of `keys` in their partitions, each
            /// partition from `start[p]` on, in list order: into `entryKey`, and
            /// their list indexes into `entryIndex` when given.
            @inline(__always)
            func scatter(_ count: Int, from start: UnsafeMutablePointer<Int>, into entryKey: UnsafeMutablePointer<UInt64>,
                         indexes entryIndex: UnsafeMutablePointer<Int32>?) {
                cursor.update(from: start, count: partitions)
                for i in 0..<count {
                    let key = keys[i]
                    let p = Int(truncatingIfNeeded: key &>> shift)
                    let position = cursor[p]
                    cursor[p] = position &+ 1
                    entryKey[position] = key
                    entryIndex?[position] = Int32(truncatingIfNeeded: i)
                }
            }

            // Old list: hash once, count per partition, scatter.
            hashAndCount(old, into: oldStart)
            for p in 0..<partitions { oldStart[p &+ 1] &+= oldStart[p] }
            scatter(oldCount, from: oldStart, into: oldEntryKey, indexes: oldEntryIndex)

            // New list: the same (its keys overwrite the old list's and stay, to find each new index's partition again).
            hashAndCount(new, into: newStart)
            var largest = 0
            for p in 0..<partitions {
                let entries = oldStart[p &+ 1] &- oldStart[p] &+ (detectNewDuplicates ? newStart[p &+ 1] : 0)
                if entries > largest { largest = entries }
                newStart[p &+ 1] &+= newStart[p]
            }
            scatter(newCount, from: newStart, into: newEntryKey, indexes: nil)

            // One small table per partition. A slot holds the key's low 32 bits
            // (its tag) in its upper half and 1 + the entry's place in the
            // partition (old entries first, then new ones) in its lower half;
            // the start slot comes from the key's bits just below the partition's.
            var largestNew = 0
            for p in 0..<partitions { largestNew = max(largestNew, newStart[p &+ 1] &- newStart[p]) }
            let partner = UnsafeMutablePointer<Int32>.allocate(capacity: largestNew)
            defer { partner.deallocate() }
            var tableCapacity = 2
            while tableCapacity < largest &+ largest / 2 &+ 1 { tableCapacity &<<= 1 }
            let table = UnsafeMutablePointer<UInt64>.allocate(capacity: tableCapacity)
            defer { table.deallocate() }
            let tagMask: UInt64 = 0xFFFF_FFFF_0000_0000
            for p in 0..<partitions {
                let oldFirst = oldStart[p]
                let oldInPartition = oldStart[p &+ 1] &- oldFirst
                let newFirst = newStart[p]
                let newInPartition = newStart[p &+ 1] &- newFirst
                let entries = oldInPartition &+ (detectNewDuplicates ? newInPartition : 0)
                var capacity = 2
                var tableBits = 1
                while capacity < entries &+ entries / 2 &+ 1 {
                    capacity &<<= 1
                    tableBits &+= 1
                }
                let mask = capacity &- 1
                let tableShift = UInt64(64 &- tableBits)
                table.update(repeating: 0, count: capacity)
                for local in 0..<oldInPartition {
                    let key = oldEntryKey[oldFirst &+ local]
                    let tag = key &<< 32
                    var slot = Int(truncatingIfNeeded: (key &<< UInt64(bits)) &>> tableShift)
                    while true {
                        let value = table[slot]
                        if value == 0 {
                            table[slot] = tag | UInt64(local &+ 1)
                            break
                        }
                        if value & tagMask == tag,
                            oldEntryKey[oldFirst &+ Int(truncatingIfNeeded: value & refMask) &- 1] == key {
                            return nil  // A key repeats in the old list.
                        }
                        slot = (slot &+ 1) & mask
                    }
                }
                for local in 0..<newInPartition {
                    let key = newEntryKey[newFirst &+ local]
                    let tag = key &<< 32
                    var slot = Int(truncatingIfNeeded: (key &<< UInt64(bits)) &>> tableShift)
                    var paired: Int32 = -1
                    while true {
                        let value = table[slot]
                        if value == 0 {
                            if detectNewDuplicates { table[slot] = tag | UInt64(oldInPartition &+ local &+ 1) }
                            break
                        }
                        if value & tagMask == tag {
                            let ref = Int(truncatingIfNeeded: value & refMask) &- 1
                            if ref < oldInPartition {
                                if oldEntryKey[oldFirst &+ ref] == key {
                                    if value & takenBit != 0 { return nil }  // The key repeats in the new list.
                                    table[slot] = value | takenBit
                                    paired = oldEntryIndex[oldFirst &+ ref]
                                    break
                                }
                            } else if newEntryKey[newFirst &+ ref &- oldInPartition] == key {
                                return nil  // The key repeats in the new list.
                            }
                        }
                        slot = (slot &+ 1) & mask
                    }
                    partner[local] = paired
                }
                for local in 0..<newInPartition {
                    newEntryKey[newFirst &+ local] = UInt64(UInt32(bitPattern: partner[local]))
                }
            }
        }

        // Back to list order (each partition's partners come in new-list
        // order), checking every pair with ==.
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        cursor.update(from: newStart, count: partitions)
        let verified = newToOld.withUnsafeMutableBufferPointer { newToOld in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                for j in 0..<newCount {
                    let p = Int(truncatingIfNeeded: newKeys[j] &>> shift)
                    let position = cursor[p]
                    cursor[p] = position &+ 1
                    let i = Int32(bitPattern: UInt32(truncatingIfNeeded: newEntryKey[position]))
                    if i >= 0 {
                        if new[j] != old[Int(i)] { return false }  // Two identifiers share a key.
                        newToOld[j] = i
                        oldToNew[Int(i)] = Int32(truncatingIfNeeded: j)
                    }
                }
                return true
            }
        }
        guard verified else { return nil }
        return IdentifierMatching(
            newToOld: newToOld, oldToNew: oldToNew, oldHasDuplicates: false, newHasDuplicates: false)
    }
}

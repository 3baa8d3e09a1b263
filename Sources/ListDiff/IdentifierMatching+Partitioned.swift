extension IdentifierMatching {
    /// Old identifiers per partition of ``partitioned(old:new:detectNewDuplicates:target:)``.
    @usableFromInline static let partitionTarget = 4_096

    /// Pairs the identifiers by their 64-bit hash values, partition by
    /// partition, then checks the pairs with `==`; nil when that cannot prove
    /// the result equal to the exact pairing (then the caller runs it).
    @inlinable
    static func partitioned<ID: Hashable>(
        old: UnsafeBufferPointer<ID>, new: UnsafeBufferPointer<ID>, detectNewDuplicates: Bool, target: Int
    ) -> IdentifierMatching? {
        let oldCount = old.count
        let newCount = new.count
        var bits = 1
        while bits < 20, (oldCount &>> bits) > target { bits &+= 1 }
        let partitions = 1 &<< bits
        let shift = UInt64(64 &- bits)

        let oldKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: oldCount)
        defer { oldKeys.deallocate() }
        let newKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: newCount)
        defer { newKeys.deallocate() }
        let oldStart = UnsafeMutablePointer<Int>.allocate(capacity: partitions &+ 1)
        oldStart.initialize(repeating: 0, count: partitions &+ 1)
        defer { oldStart.deallocate() }
        let newStart = UnsafeMutablePointer<Int>.allocate(capacity: partitions &+ 1)
        newStart.initialize(repeating: 0, count: partitions &+ 1)
        defer { newStart.deallocate() }
        let cursor = UnsafeMutablePointer<Int>.allocate(capacity: partitions)
        defer { cursor.deallocate() }

        // Hash each identifier once; count each partition.
        for i in 0..<oldCount {
            let key = UInt64(UInt(bitPattern: old[i].hashValue))
            oldKeys[i] = key
            oldStart[Int(truncatingIfNeeded: key &>> shift) &+ 1] &+= 1
        }
        for j in 0..<newCount {
            let key = UInt64(UInt(bitPattern: new[j].hashValue))
            newKeys[j] = key
            newStart[Int(truncatingIfNeeded: key &>> shift) &+ 1] &+= 1
        }
        var largest = 0
        for p in 0..<partitions {
            let entries = (oldStart[p &+ 1]) &+ (detectNewDuplicates ? newStart[p &+ 1] : 0)
            if entries > largest { largest = entries }
            oldStart[p &+ 1] &+= oldStart[p]
            newStart[p &+ 1] &+= newStart[p]
        }

        // Scatter into partitions, each in ascending index order.
        let oldEntryKey = UnsafeMutablePointer<UInt64>.allocate(capacity: oldCount)
        defer { oldEntryKey.deallocate() }
        let oldEntryIndex = UnsafeMutablePointer<Int32>.allocate(capacity: oldCount)
        defer { oldEntryIndex.deallocate() }
        let newEntryKey = UnsafeMutablePointer<UInt64>.allocate(capacity: newCount)
        defer { newEntryKey.deallocate() }
        let partner = UnsafeMutablePointer<Int32>.allocate(capacity: newCount)
        defer { partner.deallocate() }
        cursor.update(from: oldStart, count: partitions)
        for i in 0..<oldCount {
            let key = oldKeys[i]
            let p = Int(truncatingIfNeeded: key &>> shift)
            let position = cursor[p]
            cursor[p] = position &+ 1
            oldEntryKey[position] = key
            oldEntryIndex[position] = Int32(truncatingIfNeeded: i)
        }
        cursor.update(from: newStart, count: partitions)
        for j in 0..<newCount {
            let key = newKeys[j]
            let p = Int(truncatingIfNeeded: key &>> shift)
            let position = cursor[p]
            cursor[p] = position &+ 1
            newEntryKey[position] = key
        }

        // One small table per partition.
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
                        return nil
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
                                if value & takenBit != 0 { return nil }
                                table[slot] = value | takenBit
                                paired = oldEntryIndex[oldFirst &+ ref]
                                break
                            }
                        } else if newEntryKey[newFirst &+ ref &- oldInPartition] == key {
                            return nil
                        }
                    }
                    slot = (slot &+ 1) & mask
                }
                partner[newFirst &+ local] = paired
            }
        }

        // Back to list order; check every pair with ==.
        var newToOld = [Int32](repeating: -1, count: newCount)
        var oldToNew = [Int32](repeating: -1, count: oldCount)
        cursor.update(from: newStart, count: partitions)
        let verified = newToOld.withUnsafeMutableBufferPointer { newToOld in
            oldToNew.withUnsafeMutableBufferPointer { oldToNew in
                for j in 0..<newCount {
                    let p = Int(truncatingIfNeeded: newKeys[j] &>> shift)
                    let position = cursor[p]
                    cursor[p] = position &+ 1
                    let i = partner[position]
                    if i >= 0 {
                        if new[j] != old[Int(i)] { return false }
                        newToOld[j] = i
                        oldToNew[Int(i)] = Int32(truncatingIfNeeded: j)
                    }
                }
                return true
            }
        }
        guard verified else { return nil }
        return IdentifierMatching(newToOld: newToOld, oldToNew: oldToNew, oldHasDuplicates: false, newHasDuplicates: false)
    }
}

/// Marks which paired items can stay where they are, so that every other paired
/// item becomes a move, and the number of moves is the smallest possible.
///
/// Items in `range` with `keys[j] >= 0` are paired; `keys[j]` is the item's old
/// position. The items that keep their relative order are a longest increasing
/// subsequence of the keys (patience sorting); they are marked in `stable`.
///
/// An item whose key is larger than the current longest run's last key is
/// appended in O(1), so already-ordered stretches cost O(1) per item and only
/// displaced items pay a binary search.
///
/// - Complexity: O(n + k log n) time for `n` items of which `k` are out of order
///   relative to the running maximum (O(n) when nothing moved, O(n log n) for a
///   full shuffle); O(n) memory.
/// - Note: Greedy move detection (as in DifferenceKit and IGListKit) is O(n)
///   but can report n − 1 moves where one suffices (moving the first item to the
///   end); this never does.
@inlinable
func markStableItems(
    keys: UnsafeBufferPointer<Int32>,
    range: Range<Int>,
    stable: UnsafeMutableBufferPointer<Bool>,
    scratch: inout [Int32],
    predecessor: UnsafeMutableBufferPointer<Int32>
) {
    // scratch[0..<length] holds, for each length L, the position j of the
    // smallest key ending an increasing run of length L + 1. It is sized for
    // the range once and written in place (appending checked the array's
    // uniqueness and capacity for every item of a list mostly in order).
    if scratch.count < range.count { scratch = [Int32](repeating: 0, count: range.count) }
    let last = scratch.withUnsafeMutableBufferPointer { runs -> Int32 in
        var length = 0
        var lastKey: Int32 = -1
        for j in range {
            let key = keys[j]
            if key < 0 { continue }
            if key > lastKey {
                predecessor[j] = length > 0 ? runs[length - 1] : -1
                runs[length] = Int32(truncatingIfNeeded: j)
                length += 1
                lastKey = key
                continue
            }
            // Binary search: the first run end whose key is greater than `key`.
            var low = 0
            var high = length - 1
            while low < high {
                let mid = (low + high) >> 1
                if keys[Int(runs[mid])] < key { low = mid + 1 } else { high = mid }
            }
            predecessor[j] = low > 0 ? runs[low - 1] : -1
            runs[low] = Int32(truncatingIfNeeded: j)
            if low == length - 1 { lastKey = key }
        }
        return length > 0 ? runs[length - 1] : -1
    }
    var cursor = last
    while cursor >= 0 {
        stable[Int(cursor)] = true
        cursor = predecessor[Int(cursor)]
    }
}

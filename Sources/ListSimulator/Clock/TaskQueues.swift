/// A queued unit of work.
struct SimTask {
    var ready: SimTime
    var sequence: Int
    var work: () -> Void

    func precedes(_ other: SimTask) -> Bool {
        ready != other.ready ? ready < other.ready : sequence < other.sequence
    }
}

/// A binary min-heap of tasks by (ready time, enqueue order).
struct TaskHeap {
    private var items: [SimTask] = []

    var isEmpty: Bool { items.isEmpty }
    var top: SimTask? { items.first }

    /// How many tasks are ready by `time`, counting up to `limit`.
    ///
    /// Walks the heap from the top and skips every subtree whose root is not
    /// ready (its children are readier no sooner).
    ///
    /// - Complexity: O(limit) nodes visited, plus their children.
    func countReady(by time: SimTime, limit: Int) -> Int {
        var count = 0
        var pending = items.isEmpty ? [] : [0]
        while let index = pending.popLast(), count < limit {
            guard items[index].ready <= time else { continue }
            count += 1
            for child in [2 * index + 1, 2 * index + 2] where child < items.count { pending.append(child) }
        }
        return count
    }

    mutating func push(_ task: SimTask) {
        items.append(task)
        var child = items.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard items[child].precedes(items[parent]) else { break }
            items.swapAt(child, parent)
            child = parent
        }
    }

    mutating func pop() -> SimTask? {
        guard !items.isEmpty else { return nil }
        items.swapAt(0, items.count - 1)
        let task = items.removeLast()
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < items.count, items[left].precedes(items[smallest]) { smallest = left }
            if right < items.count, items[right].precedes(items[smallest]) { smallest = right }
            if smallest == parent { break }
            items.swapAt(parent, smallest)
            parent = smallest
        }
        return task
    }
}

/// A first-in, first-out queue: a serial queue's waiting tasks.
///
/// Elements are taken from a head index instead of being shifted down, and
/// a taken slot is emptied at once (its task, and what the task holds, is
/// released when taken, as with `removeFirst`). The storage is compacted
/// when the taken prefix is at least as long as what is left, so it stays
/// within twice the elements waiting.
///
/// - Complexity: ``append(_:)`` and ``popFirst()`` are O(1) amortised: a
///   compaction moves the k elements left after at least k were taken.
struct FIFO<Element> {
    private var slots: [Element?] = []
    private var head = 0

    init() {}

    /// The number of elements waiting.
    var count: Int { slots.count - head }
    var isEmpty: Bool { head == slots.count }

    /// Adds `element` at the end.
    mutating func append(_ element: Element) { slots.append(element) }

    /// Takes the first element, or nil when there is none.
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        let first = slots[head]
        slots[head] = nil
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= slots.count - head {
            slots.removeFirst(head)
            head = 0
        }
        return first
    }
}

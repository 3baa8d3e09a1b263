/// One event of a scenario's world with its `repeat`s expanded: when it is
/// due, what it does, and the indexes that locate it in the file (its
/// parents': one array per `repeat` child, shared by all its repetitions, so
/// an event costs O(1) memory however deep it is; and its own).
struct TimedWorldEvent {
    var atMs: Double
    var kind: WorldEvent.Kind
    var parents: [Int]
    var index: Int
}

extension Scenario {
    /// The world's events with every `repeat` expanded, in time order (ties
    /// in the file's order): the one walk that the generator and the
    /// position check both make, so they see the same events at the same times.
    ///
    /// - Complexity: O(e log e) for `e` events after expansion.
    static func timeline(_ events: [WorldEvent]) -> [TimedWorldEvent] {
        var timed: [TimedWorldEvent] = []
        func walk(_ events: [WorldEvent], offset: Double, parents: [Int]) {
            for (index, event) in events.enumerated() {
                if case let .repetition(times, everyMs, children) = event.kind {
                    let path = parents + [index]
                    for repetition in 0..<times { walk(children, offset: offset + event.atMs + Double(repetition) * everyMs, parents: path) }
                } else {
                    timed.append(TimedWorldEvent(atMs: offset + event.atMs, kind: event.kind, parents: parents, index: index))
                }
            }
        }
        walk(events, offset: 0, parents: [])
        // Sorted by time, then by the order the walk met them (a stable sort).
        let order = timed.indices.sorted { timed[$0].atMs != timed[$1].atMs ? timed[$0].atMs < timed[$1].atMs : $0 < $1 }
        return order.map { timed[$0] }
    }
}

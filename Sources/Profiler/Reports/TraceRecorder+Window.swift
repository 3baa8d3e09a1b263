import ListSimulator

extension TraceRecorder {
    /// The start of the `length`-long window (stepped by a tenth of it) in
    /// which main was busiest: the part of a run worth looking at (where a
    /// timeline chart starts).
    ///
    /// - Complexity: O(slices × windows).
    public func busiestMainWindow(length: SimTime) -> SimTime {
        let mains = slices.filter { $0.thread == .main }
        guard let end = mains.map({ $0.start + $0.duration }).max(), length > 0 else { return 0 }
        let step = max(1, length / 10)
        var best: (start: SimTime, busy: SimTime) = (0, -1)
        var start: SimTime = 0
        var first = 0
        while start <= end {
            while first < mains.count, mains[first].start + mains[first].duration <= start { first += 1 }
            var busy: SimTime = 0
            var index = first
            while index < mains.count, mains[index].start < start + length {
                let slice = mains[index]
                busy += min(slice.start + slice.duration, start + length) - max(slice.start, start)
                index += 1
            }
            if busy > best.busy { best = (start, busy) }
            start += step
        }
        return best.start
    }
}

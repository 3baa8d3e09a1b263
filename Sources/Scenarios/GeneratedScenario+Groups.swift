extension GeneratedScenario {
    /// The world's changes in groups that are due at the same time, in time
    /// order: a group arrives together, in one delivery.
    ///
    /// - Complexity: O(c) for `c` changes.
    public var changeGroups: [ArraySlice<TimedChange>] {
        var groups: [ArraySlice<TimedChange>] = []
        var index = changes.startIndex
        while index < changes.endIndex {
            let start = index
            let time = changes[index].atMs
            while index < changes.endIndex, changes[index].atMs == time { index += 1 }
            groups.append(changes[start..<index])
        }
        return groups
    }
}

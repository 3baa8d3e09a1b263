extension Scenario {
    /// The version 2 keys this scenario uses, as JSON paths in file order
    /// (`data.kinds`, `steps[3].direction`): empty for a scenario that
    /// version 1 can write. Decoding refuses a version 1 file that uses
    /// one, naming the first.
    ///
    /// Each feature of version 2 adds its keys here when it is used; a
    /// scenario built in code is not checked (it has no file version).
    ///
    /// - Complexity: O(steps + world events + kinds).
    public var versionTwoKeys: [String] {
        var keys: [String] = []
        if !kinds.isEmpty { keys.append("data.kinds") }
        return keys
    }
}
